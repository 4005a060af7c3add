/**
 * The trigger on n8n's durable scheduler (`npm run test:durable`): test/e2e/durable.e2e.cts alone,
 * three n8n set-ups, each started once the one before has kept its first reading. CI runs it beside
 * the other end-to-end tests: it waits on n8n's once-a-minute polls far more than it computes.
 */
const e2e = require('./jest.e2e.config.js');

module.exports = {
	...e2e,
	testMatch: ['**/e2e/durable.e2e.cts'],
	testPathIgnorePatterns: ['/node_modules/'],
};
