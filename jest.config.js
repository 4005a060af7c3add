/** Tests run the built package (dist/) through n8n's real engine against the sandbox. */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.cts'],
	moduleFileExtensions: ['cts', 'ts', 'js', 'json'],
	transform: {
		'^.+\\.cts$': ['ts-jest', { tsconfig: 'tsconfig.dev.json' }],
	},
	testTimeout: 30000,
	reporters: ['default', '<rootDir>/test/summary-reporter.js'],
};
