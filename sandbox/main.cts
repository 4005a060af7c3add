// Entry point of `npm run sandbox`. Node runs a .cts file as CommonJS and only strips its types,
// so it cannot run the sandbox's import/export syntax itself: compile each .cts module with
// TypeScript's transpiler as it loads, then start the CLI.
const { registerHooks } = require('node:module') as typeof import('node:module');
const ts = require('typescript') as typeof import('typescript');

registerHooks({
	load(url, context, nextLoad) {
		const loaded = nextLoad(url, context);
		if (!url.endsWith('.cts')) return loaded;
		const { outputText } = ts.transpileModule(String(loaded.source), {
			fileName: url,
			compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
		});
		return { format: 'commonjs', source: outputText, shortCircuit: true };
	},
});

require('./cli.cts');
