/**
 * End-to-end tests in real n8n (`npm run test:e2e`): test/e2e/*.e2e.cts, one at a time. The first
 * run installs the pinned n8n into .demo/n8n, which takes minutes; later runs reuse it.
 */
const base = require('./jest.config.js');

module.exports = {
	...base,
	testMatch: ['**/e2e/**/*.e2e.cts'],
	// n8n's durable scheduler (three n8n at 10,000 posts, about 6.5 minutes) runs in a lane of its
	// own beside these: `npm run test:durable` (jest.durable.config.js).
	testPathIgnorePatterns: ['/node_modules/', '/e2e/durable\\.e2e\\.cts$'],
	testTimeout: 120000,
	// Installs n8n before the first file, printing its progress where jest does not hold it.
	globalSetup: '<rootDir>/test/e2e/global-setup.cts',
	maxWorkers: 1,
};
