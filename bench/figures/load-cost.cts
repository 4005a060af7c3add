// Figure 7: what installing the package costs n8n: the time its loader takes to load our
// credential and nodes, and the size of the tarball npm would publish.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

import { formatBytes, formatMs, median, plural } from '../lib/measure.cts';
import type { Figure } from '../lib/report.cts';
import { repoRoot } from '../lib/report.cts';

const LOAD_RUNS = 7;

interface LoadResult {
	importMs: number;
	loadMs: number;
	nodes: string[];
	credentials: string[];
}

function loadOnce(): LoadResult {
	const output = execFileSync(process.execPath, ['--import', 'tsx', join(repoRoot, 'bench', 'load-package.cts')], {
		cwd: repoRoot,
		timeout: 60_000,
	});
	return JSON.parse(output.toString()) as LoadResult;
}

interface PackResult {
	size: number;
	unpackedSize: number;
	entryCount: number;
	files: Array<{ path: string; size: number }>;
}

function packDryRun(): PackResult {
	const output = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts', '--loglevel=error'], {
		cwd: repoRoot,
		timeout: 120_000,
	});
	const [pack] = JSON.parse(output.toString()) as PackResult[];
	return pack;
}

export async function loadCost(): Promise<Figure> {
	const runs = Array.from({ length: LOAD_RUNS }, loadOnce);
	const { nodes, credentials } = runs[0];
	const pack = packDryRun();
	const notes: string[] = [];
	const buildInfo = pack.files.find((file) => file.path.endsWith('.tsbuildinfo'));
	if (buildInfo) {
		notes.push(
			`The tarball carries \`${buildInfo.path}\` (${formatBytes(buildInfo.size)}, ${((buildInfo.size / pack.unpackedSize) * 100).toFixed(0)}% of the unpacked size): ` +
				"tsc's incremental build cache, written into dist/ because tsconfig.json has `incremental: true` and `n8n-node build` runs plain `tsc`. " +
				'It is of no use to n8n; excluding it (`"!dist/**/*.tsbuildinfo"` in package.json `files`, or `tsBuildInfoFile` outside dist/) would shrink the download.',
		);
	}
	return {
		id: 7,
		title: 'Load cost',
		method:
			`Package load: ${LOAD_RUNS} fresh Node processes each import n8n-core, then time \`new PackageDirectoryLoader(root).loadAll()\` ` +
			'(the loader n8n uses for installed community packages) over the built dist/; the median is reported. ' +
			'Tarball: `npm pack --dry-run --json` in the repository (the files published from dist/).',
		rows: [
			{
				measure: `Package load time (${plural(nodes.length, 'node')} + ${plural(credentials.length, 'credential')}), median of ${LOAD_RUNS}`,
				ours: formatMs(median(runs.map((run) => run.loadMs))),
				note: `n8n-core import before it: ${formatMs(median(runs.map((run) => run.importMs)))} (n8n's own cost, not ours); loaded: ${[...credentials, ...nodes].join(', ')}`,
			},
			{
				measure: 'Packed tarball size (npm pack --dry-run)',
				ours: formatBytes(pack.size),
				note: `${pack.entryCount} files, ${formatBytes(pack.unpackedSize)} unpacked`,
			},
		],
		notes,
		summary:
			`n8n's loader loads the package in ${formatMs(median(runs.map((run) => run.loadMs)))}; the tarball is ${formatBytes(pack.size)}` +
			(buildInfo ? `, and ${formatBytes(buildInfo.size)} of its unpacked size is a tsc build cache that need not ship.` : '.'),
	};
}
