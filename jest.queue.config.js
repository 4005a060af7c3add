/**
 * n8n in queue mode (`npm run test:queue`): PostgreSQL, Redis, a main and two workers. The first
 * run installs n8n (as test:e2e does) and Debian's postgresql and redis-server when missing.
 */
const base = require('./jest.config.js');

module.exports = {
	...base,
	testMatch: ['**/queue/**/*.queue.cts'],
	testTimeout: 300000,
	maxWorkers: 1,
};
