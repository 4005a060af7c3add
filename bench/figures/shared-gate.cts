// Figure 4: executions at once under one quota. EXECUTIONS workflows start together, each creating
// CREATES posts with the same credential, under the quota and latency of figure 3. In one n8n
// process they share the node's rate-limit gate; each in a process of its own they share nothing,
// which is the same run with the gate off. Reported: failed items, duplicates, the 429s the
// sandbox answered (its log) and time against the floor.
import { runNode } from '../../test/harness/engine.cts';
import { startChild } from '../lib/child.cts';
import type { BenchSandbox } from '../lib/jobs.cts';
import { createPost, postsTagged, textItems } from '../lib/jobs.cts';
import { formatMs, plural } from '../lib/measure.cts';
import type { Figure, Row } from '../lib/report.cts';
import { LATENCY_MS } from './latency.cts';
import { floorMs, QUOTA, WINDOW_SECONDS } from './pacing.cts';

const EXECUTIONS = 10;
const CREATES = 10;

type Mode = 'shared' | 'processes';

interface Outcome {
	ms: number;
	failedExecutions: number;
	firstError?: string;
	missing: number;
	duplicates: number;
	tooMany: number;
	requests: number;
}

async function runAtOnce(sandbox: BenchSandbox, mode: Mode): Promise<Outcome> {
	await sandbox.control.reset();
	const tags = Array.from({ length: EXECUTIONS }, (_, i) => `bench gate ${mode} run ${i + 1}`);
	const jobs = tags.map((tag) => ({
		parameters: createPost(),
		items: textItems(tag, CREATES),
		credentials: sandbox.credentials,
	}));
	const children = mode === 'processes' ? await Promise.all(jobs.map(() => startChild())) : [];
	await sandbox.control.rateLimit({ limit: QUOTA, windowSeconds: WINDOW_SECONDS });
	await sandbox.control.latency(LATENCY_MS);
	const start = performance.now();
	const errors = await Promise.all(
		jobs.map(async (job, i) =>
			mode === 'processes'
				? await children[i].run(job)
				: ((await runNode(job)).error?.message ?? null),
		),
	);
	const ms = performance.now() - start;
	await sandbox.control.latency(0);
	await sandbox.control.rateLimit(null);
	const log = await sandbox.control.requests({ method: 'POST' });
	let missing = 0;
	let duplicates = 0;
	for (const tag of tags) {
		// With the separator: "run 1" is also the start of "run 10".
		const texts = await postsTagged(sandbox, `${tag} #`);
		const unique = new Set(texts).size;
		missing += CREATES - unique;
		duplicates += texts.length - unique;
	}
	const failed = errors.filter((error): error is string => error !== null);
	return {
		ms,
		failedExecutions: failed.length,
		firstError: failed[0],
		missing,
		duplicates,
		tooMany: log.filter((entry) => entry.status === 429).length,
		requests: log.length,
	};
}

export async function sharedGate(sandbox: BenchSandbox): Promise<Figure> {
	const total = EXECUTIONS * CREATES;
	const floor = floorMs(total);
	const variants: Array<[Mode, string]> = [
		['shared', 'in one n8n process (the gate shared, as the node ships)'],
		['processes', 'each in an n8n process of its own (no gate shared: the gate off)'],
	];
	const rows: Row[] = [];
	const outcomes = {} as Record<Mode, Outcome>;
	for (const [mode, label] of variants) {
		const outcome = await runAtOnce(sandbox, mode);
		outcomes[mode] = outcome;
		rows.push({
			measure: `${EXECUTIONS} executions at once, ${CREATES} creates each, ${label}`,
			ours:
				`${outcome.missing} of ${total} items without a post, ${plural(outcome.duplicates, 'duplicate post')}, ` +
				`${plural(outcome.tooMany, '429')} received (${outcome.requests} create requests), ${formatMs(outcome.ms)}` +
				(outcome.failedExecutions > 0
					? `; ${outcome.failedExecutions} of ${EXECUTIONS} executions failed`
					: ''),
			versus: `floor ${formatMs(floor)}; time ${(outcome.ms / floor).toFixed(2)}x floor`,
			note: outcome.firstError ? `first error: ${outcome.firstError}` : undefined,
		});
	}
	const on = outcomes.shared;
	const off = outcomes.processes;
	const notes: string[] = [];
	if (on.tooMany >= off.tooMany) {
		notes.push(
			`Sharing the gate did not save 429s in this run: ${on.tooMany} in one process against ${off.tooMany} in separate processes.`,
		);
	}
	if (on.tooMany > 0) {
		notes.push(
			`In one process the sandbox still answered ${plural(on.tooMany, '429')}: ${on.requests} create requests for ${total} items, ${(on.requests / total).toFixed(2)} per item; each 429 cost its request a resend after the window.`,
		);
	}
	return {
		id: 4,
		title: 'Executions at once, one quota',
		method:
			`${EXECUTIONS} executions of a workflow with one Create Post node start at once, each with ${CREATES} items and the same credential, ` +
			`under the sandbox's ${QUOTA} requests per ${WINDOW_SECONDS} s and ${LATENCY_MS} ms latency (figure 3): once in one process (one n8n instance, where the node's rate-limit gate is shared), ` +
			`once each in a Node process of its own, loaded before the clock starts (as on ${EXECUTIONS} separate n8n instances: no gate shared, which is the run with the gate off; the node has no switch for it). ` +
			`One run per variant on a freshly reset sandbox. Posts are counted in the sandbox by each execution's text; 429s are the answers with status 429 in the sandbox's log. ` +
			`The floor is that of figure 3 for ${total} requests: ${Math.ceil(total / QUOTA) - 1} full windows and one latency (${formatMs(floor)}).`,
		rows,
		notes,
		goals: [
			{
				goal: `${EXECUTIONS} executions at once in one process under one quota: 0 failures`,
				measured: `${on.missing} of ${total} items without a post, ${plural(on.failedExecutions, 'execution')} failed`,
				met: on.missing === 0 && on.failedExecutions === 0,
			},
			{
				goal: 'Fewer 429s than with the gate off',
				measured: `${plural(on.tooMany, '429')} in one process, ${off.tooMany} in separate processes`,
				met: on.tooMany < off.tooMany,
			},
		],
		summary:
			`${EXECUTIONS} executions of ${CREATES} creates at once under ${QUOTA} requests per ${WINDOW_SECONDS} s, in one process: ${on.missing} of ${total} items without a post, ${plural(on.duplicates, 'duplicate')}, ` +
			`${plural(on.tooMany, '429')} received, ${(on.ms / floor).toFixed(2)}x the floor; with the gate off (separate processes): ${off.missing} without a post, ${plural(off.tooMany, '429')}, ${(off.ms / floor).toFixed(2)}x the floor.`,
	};
}
