// `npm run bench`: measures the figures of BENCHMARKS.md and writes that file.
// The bench is written with imports like the tests; scripts/register-cts.cts compiles it as it loads.
require('../scripts/register-cts.cts');
require('./main.cts');
