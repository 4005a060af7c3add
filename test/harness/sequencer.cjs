// The order jest runs test files in: its own (files that failed last first, then the longest by
// its cache, else the largest), but with the files that mostly wait first. The rate-limit cases
// wait out the sandbox's windows for about 165 s a profile, in two small files: on a fresh clone
// (no cache) jest ran them last, and the default run waited 150 s longer for them, at its end.
const Sequencer = require('@jest/test-sequencer').default;

const WAIT_MOSTLY = /\/test\/foundation\/rate-limit(-every)?\.test\.cts$/;

class WaitingFirst extends Sequencer {
	async sort(tests) {
		const sorted = await super.sort(tests);
		const first = (test) => WAIT_MOSTLY.test(test.path);
		return [...sorted.filter(first), ...sorted.filter((test) => !first(test))];
	}
}

module.exports = WaitingFirst;
