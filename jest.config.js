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
	// Many files mostly wait (on requests that time out, on retries' waits), so three workers there
	// keep both cores busy: the default run took 290 s on three, 379 s on two, 288 s on four
	// (docs/development.md).
	maxWorkers: Math.max(3, availableParallelism() - 1),
	// Each test file loads its own n8n-core, and a worker holding over a gigabyte at the end could
	// take longer than jest's 500 ms to exit on a busy machine ("failed to exit gracefully"). A
	// worker past this limit after a file is replaced by a fresh one.
	workerIdleMemoryLimit: '700MB',
	// Files that mostly wait go first (test/harness/sequencer.cjs).
	testSequencer: '<rootDir>/test/harness/sequencer.cjs',
	reporters: ['default', '<rootDir>/test/summary-reporter.js'],
};
