// Runs every figure in turn, prints each as it is measured and writes BENCHMARKS.md.
// Every loop in the figures is bounded in count and in time; the whole run stays under 10 minutes.
// `npm run bench -- 2 3` measures only figures 2 and 3 and prints them, leaving BENCHMARKS.md alone.
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

const PEER = [
	'n8n-nodes-base@2.41.1 (the version of n8n 2.41.1) depends on n8n-workflow 2.41.0, the copy we already have, and on n8n-core only as a devDependency: ' +
		'resolving it as a devDependency (`npm install --package-lock-only`) adds about 390 packages but no second n8n-workflow or n8n-core (it nests its own @n8n/di, @n8n/config and @n8n/backend-common, which its HTTP Request node does not load).',
	'It does not install on this machine: its dependency @confluentinc/kafka-javascript 1.9.1 runs an install script that fetches a prebuilt binary from github.com and, failing that, ' +
		'builds librdkafka from OpenSSL, zstd and curl sources fetched from github.com and curl.se; neither host is reachable here, so `npm install -D n8n-nodes-base@2.41.1` exits with an error. ' +
		'Installing with `--ignore-scripts` would work, but would tie every install of the project (developers, CI) to skipping install scripts, for the sake of one node.',
	"So the peer is a stand-in (bench/peer/http-request.cts) that follows HTTP Request v4's request path as published in n8n-nodes-base 2.41.1 (nodes/HttpRequest/V3/HttpRequestV3.node.js): " +
		"for each item it sends the request through n8n-core's `helpers.requestWithAuthentication` with our credential (what the real node does with a predefined credential type), " +
		'starts every item\'s request before awaiting any answer (its default: no batching), fails the node at the first failed item in item order, and applies Options > Batching as the real node does. ' +
		"Retry On Fail is the engine's own (WorkflowExecute), not the node's.",
	'What the stand-in leaves out (parameter parsing for the UI, response format detection, pagination, sanitizing the request for the UI) only makes the real node slower per item, ' +
		'so the overhead ratios below are, if anything, unfavourable to our node.',
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
			const start = performance.now();
			const figure = await measure();
			figure.durationMs = performance.now() - start;
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
	if (only.length > 0) {
		// A partial run is for working on one figure; it leaves BENCHMARKS.md as the last full run wrote it.
		console.log(`\nPartial run (${(durationMs / 1000).toFixed(0)} s): BENCHMARKS.md not written.`);
		return;
	}
	writeReport(join(repoRoot, 'BENCHMARKS.md'), { figures, command: COMMAND, startedAt, durationMs, method: METHOD, peer: PEER, gaps });
	console.log(`\nWrote BENCHMARKS.md (${(durationMs / 1000).toFixed(0)} s).`);
}

main().then(
	() => process.exit(0),
	(error: unknown) => {
		console.error(error);
		process.exit(1);
	},
);
