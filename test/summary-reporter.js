// Ends every jest run with one line CI can read: "Tests: N passed, N failed".
// Printed on exit so it comes after jest's own summary and its "Ran all test suites" line.
// Under `npm test` (scripts/test.cts, which runs jest twice and prints one line for both) the
// counts go to the file TEST_SUMMARY_FILE names instead.
const { writeFileSync } = require('node:fs');

class SummaryReporter {
	onRunComplete(_contexts, results) {
		const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
		if (process.env.TEST_SUMMARY_FILE) {
			writeFileSync(process.env.TEST_SUMMARY_FILE, `${results.numPassedTests} ${failed}\n`);
			return;
		}
		const line = `Tests: ${results.numPassedTests} passed, ${failed} failed\n`;
		process.once('exit', () => process.stderr.write(line));
	}
}

module.exports = SummaryReporter;
