// Ends every jest run with one line CI can read: "Tests: N passed, N failed".
// Printed on exit so it comes after jest's own summary and its "Ran all test suites" line.
class SummaryReporter {
	onRunComplete(_contexts, results) {
		const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
		const line = `Tests: ${results.numPassedTests} passed, ${failed} failed\n`;
		process.once('exit', () => process.stderr.write(line));
	}
}

module.exports = SummaryReporter;
