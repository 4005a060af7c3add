// Runs every figure in turn, prints each as it is measured and writes BENCHMARKS.md.
// Every loop in the figures is bounded in count and in time; the whole run stays under 10 minutes,
// and about 6 more with figure 10 (large uploads in real n8n).
// Before any figure, n8n's HTTP Request node (the peer) is loaded, installing n8n when it is missing,
// and checked against our node. `npm run bench -- 2 3` measures only figures 2 and 3 and prints
// them, leaving BENCHMARKS.md alone.
import { join } from 'node:path';

import { exactlyOnce } from './figures/exactly-once.cts';
import { idlePoll } from './figures/idle-poll.cts';
import { largeUpload } from './figures/large-upload.cts';
import { latency } from './figures/latency.cts';
import { loadCost } from './figures/load-cost.cts';
import { lookupCost } from './figures/lookup-cost.cts';
import { overhead } from './figures/overhead.cts';
import { pacing } from './figures/pacing.cts';
import { requestsPerJob } from './figures/requests-per-job.cts';
import { sharedGate } from './figures/shared-gate.cts';
import { triggerSoak } from './figures/trigger-soak.cts';
import { startBenchSandbox } from './lib/jobs.cts';
import type { Figure } from './lib/report.cts';
import { printFigure, repoRoot, writeReport } from './lib/report.cts';
import { checkPeer } from './peer/check.cts';
import { loadPeer, PEER_TYPE_VERSION } from './peer/http-request.cts';

const COMMAND = 'npm run bench';

const METHOD = [
	"Everything runs through n8n's real engine (n8n-core's WorkflowExecute for the action node, PollContext for the trigger's poll) " +
		'via the test harness (test/harness/engine.cts), against the local sandbox API (sandbox/) on 127.0.0.1, with the built package from dist/.',
	"Latency: where a figure says so, the sandbox holds every request that long before answering (its control surface's latency), as a service across the internet would; times are then also given in round trips.",
	"Request counts, 429s and posts made come from the sandbox's own request log and records, not from the node.",
	'Times are medians of several runs, except where a figure says one run. Comparisons run their variants interleaved in one loop (rotating which goes first) and are given as ratios, ours / peer.',
	'The machine is shared and noisy: read the ratios, not the absolute times.',
];

function peerMethod(check: string): string[] {
	const { versions } = loadPeer();
	return [
		`The peer is n8n's own HTTP Request node from n8n-nodes-base ${versions.nodesBase}, the one n8n ${versions.n8n} ships: the n8n the end-to-end tests run, installed in .demo/n8n (ignored by git) by scripts/n8n-runtime.cts \`ensureN8n\`, which the bench calls when it is missing, as \`npm start\` and \`npm run test:e2e\` do.`,
		`It is loaded with \`require\` from .demo/n8n/node_modules/n8n-nodes-base/dist/nodes/HttpRequest/HttpRequest.node.js (the versioned node) and given to the harness engine as an extra node type, at typeVersion ${PEER_TYPE_VERSION}, the version n8n ${versions.n8n} gives a new HTTP Request node (run by its HttpRequestV3 class).`,
		`In n8n one n8n-workflow serves the engine and every node; .demo/n8n holds its own copy (${versions.demoWorkflow}, the same version as ours, ${versions.ourWorkflow}), so n8n-nodes-base's requires of n8n-workflow are pointed at the copy our engine runs on. Without that, the NodeApiError n8n-core's request helper throws is not an instance of the node's own NodeApiError class, so the node builds a new error from it (the message and status came out the same in our check, but the path differs from n8n's). It requires nothing from n8n-core.`,
		"It is configured as a user would: Authentication 'Predefined Credential Type' with our credential (Social Publishing API; its header is added by n8n-core's `requestWithAuthentication`, as in n8n), the full URL, and the same JSON body or query our node sends, built from the item by an expression. Batching and Retry On Fail are its own option and the engine's setting.",
		`Checked before the figures run: ${check}.`,
	];
}

async function main() {
	const startedAt = new Date();
	const figures: Figure[] = [];
	const gaps: string[] = [];
	loadPeer();
	const sandbox = await startBenchSandbox();
	const check = await checkPeer(sandbox);
	console.log(`HTTP Request checked: ${check}`);
	const only = process.argv.slice(2).map(Number);
	const measures: Array<[number, string, () => Promise<Figure>]> = [
		[1, 'Requests per job', () => requestsPerJob(sandbox)],
		[2, 'Speed at 100 ms latency', () => latency(sandbox)],
		[3, 'Rate-limit pacing', () => pacing(sandbox)],
		[4, 'Executions at once, one quota', () => sharedGate(sandbox)],
		[5, 'Exactly-once soak', () => exactlyOnce(sandbox)],
		[6, 'Per-item overhead at 0 ms', () => overhead(sandbox)],
		[7, 'Load cost', loadCost],
		[8, 'Trigger soak', () => triggerSoak(sandbox)],
		[9, 'Trigger: requests per idle poll', () => idlePoll(sandbox)],
		[10, 'Exactly-once: what finding out costs', () => lookupCost(sandbox)],
		[11, 'Large uploads in real n8n', largeUpload],
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
	writeReport(join(repoRoot, 'BENCHMARKS.md'), {
		figures,
		command: COMMAND,
		startedAt,
		durationMs,
		method: METHOD,
		peer: peerMethod(check),
		gaps,
	});
	console.log(`\nWrote BENCHMARKS.md (${(durationMs / 1000).toFixed(0)} s).`);
}

main().then(
	() => process.exit(0),
	(error: unknown) => {
		console.error(error);
		process.exit(1);
	},
);
