// Entry point of `npm run sandbox`. Node runs a .cts file as CommonJS, where the sandbox's
// import/export syntax is not allowed; the modules are plain ES modules once their types are
// stripped, so load every .cts module after this one as TypeScript ESM (Node strips the types).
const { registerHooks } = require('node:module') as typeof import('node:module');

registerHooks({
	load(url, context, nextLoad) {
		const loaded = nextLoad(url, context);
		if (!url.endsWith('.cts')) return loaded;
		return { format: 'module-typescript', source: loaded.source, shortCircuit: true };
	},
});

require('./cli.cts');
