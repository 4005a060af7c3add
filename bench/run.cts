// `npm run bench`: measures the figures of BENCHMARKS.md and writes that file.
// The bench is written with imports like the tests; tsx compiles it as it loads.
require('tsx/cjs/api').register();
require('./main.cts');
