// Entry point of `npm run sandbox`.
require('../scripts/register-cts.cts');
require('./cli.cts');
