// Entry point of `npm run sandbox`.
// tsx compiles the sandbox's .cts modules (written with imports) as they are required.
require('tsx/cjs/api').register();
require('./cli.cts');
