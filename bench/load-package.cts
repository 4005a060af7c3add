// Child process of the load-cost figure: loads the built package the way n8n does, once, in a
// fresh process (a second load in one process would only measure require's cache).
import '../test/harness/env.cts';

import { join } from 'node:path';

const root = join(__dirname, '..');

async function main() {
	const importStart = performance.now();
	const { PackageDirectoryLoader } = require('n8n-core') as typeof import('n8n-core');
	const importMs = performance.now() - importStart;

	const loadStart = performance.now();
	const loader = new PackageDirectoryLoader(root);
	await loader.loadAll();
	const loadMs = performance.now() - loadStart;

	process.stdout.write(
		JSON.stringify({
			importMs,
			loadMs,
			nodes: Object.keys(loader.nodeTypes),
			credentials: Object.keys(loader.credentialTypes),
		}),
	);
}

main().catch((error: unknown) => {
	console.error(error);
	process.exitCode = 1;
});
