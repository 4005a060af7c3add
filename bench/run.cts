// `npm run bench`: measures the figures of BENCHMARKS.md and writes that file.
// The bench is written with imports like the tests; register.cts compiles it as it loads.
require('./register.cts');
require('./main.cts');
