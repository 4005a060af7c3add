// Runs every figure in turn, prints each as it is measured and writes BENCHMARKS.md.
// Every loop in the figures is bounded in count and in time; the whole run stays under 10 minutes.
import { join } from 'node:path';

import { loadCost } from './figures/load-cost.cts';
import { overhead } from './figures/overhead.cts';
import { pacing } from './figures/pacing.cts';
import { requestsPerJob } from './figures/requests-per-job.cts';
import { triggerSoak } from './figures/trigger-soak.cts';
import { startBenchSandbox } from './lib/jobs.cts';
import type { Figure } from './lib/report.cts';
import { printFigure, repoRoot, writeReport } from './lib/report.cts';

const COMMAND = 'npm run bench';

const METHOD = [
	"Everything runs through n8n's real engine (n8n-core's WorkflowExecute for the action node, PollContext for the trigger's poll) " +
		'via the test harness (test/harness/engine.cts), against the local sandbox API (sandbox/) on 127.0.0.1, with the built package from dist/.',
	'Request counts come from the sandbox\'s own request log, not from the node.',
	'Times are medians of several runs. Comparisons run their variants interleaved in one loop (rotating which goes first) and are given as ratios, ours / peer.',
	'The machine is shared and noisy: read the ratios, not the absolute times.',
];

async function main() {
	const startedAt = new Date();
	const figures: Figure[] = [];
	const gaps: string[] = [];
	const sandbox = await startBenchSandbox();
	const only = process.argv.slice(2).map(Number);
	const measures: Array<[number, string, () => Promise<Figure>]> = [
		[1, 'Requests per job', () => requestsPerJob(sandbox)],
		[2, 'Rate-limit pacing', () => pacing(sandbox)],
		[3, 'Engine overhead', () => overhead(sandbox)],
		[4, 'Load cost', loadCost],
		[5, 'Trigger soak', () => triggerSoak(sandbox)],
	];
	for (const [id, title, measure] of measures) {
		if (only.length > 0 && !only.includes(id)) continue;
		const name = `${id}. ${title}`;
		try {
			const figure = await measure();
			figures.push(figure);
			printFigure(figure);
		} catch (error) {
			const reason = error instanceof Error ? error.message : String(error);
			gaps.push(`${name}: not measured: ${reason}`);
			console.error(`\n== ${name}: not measured: ${reason}`);
		}
	}
	await sandbox.stop();
	figures.sort((a, b) => a.id - b.id);
	const durationMs = Date.now() - startedAt.getTime();
	writeReport(join(repoRoot, 'BENCHMARKS.md'), { figures, command: COMMAND, startedAt, durationMs, method: METHOD, gaps });
	console.log(`\nWrote BENCHMARKS.md (${(durationMs / 1000).toFixed(0)} s).`);
}

main().then(
	() => process.exit(0),
	(error: unknown) => {
		console.error(error);
		process.exit(1);
	},
);
