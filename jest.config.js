/** Tests run the built package (dist/) through n8n's real engine against the sandbox. */
const { availableParallelism } = require('node:os');

module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.cts'],
	moduleFileExtensions: ['cts', 'ts', 'js', 'json'],
	transform: {
		'^.+\\.cts$': ['ts-jest', { tsconfig: 'tsconfig.dev.json' }],
	},
	testTimeout: 30000,
	// jest's default, one worker per core but one, is a single worker on a 2-core machine (CI's).
	// The tests wait on HTTP and on the sandbox as much as they compute, so two workers there take
	// little more than half the time (docs/development.md).
	maxWorkers: Math.max(2, availableParallelism() - 1),
	reporters: ['default', '<rootDir>/test/summary-reporter.js'],
};
