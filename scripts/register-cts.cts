// Runs .cts files with plain `node`: Node 24 strips their types but does not turn `import` into
// `require`, and the sandbox, bench, demo and harness are written with imports (ts-jest compiles
// them for the tests). This hook compiles each .cts file to CommonJS with the project's TypeScript
// as it is required. It is written in the subset Node runs as is: requires, no imports.
const { readFileSync } = require('node:fs');
const ts = require('typescript');

const compilerOptions = {
	module: ts.ModuleKind.CommonJS,
	target: ts.ScriptTarget.ES2022,
	esModuleInterop: true,
	inlineSourceMap: true,
};

require.extensions['.cts'] = (module: NodeJS.Module, filename: string) => {
	const { outputText } = ts.transpileModule(readFileSync(filename, 'utf8'), { fileName: filename, compilerOptions });
	(module as NodeJS.Module & { _compile(code: string, filename: string): void })._compile(outputText, filename);
};
