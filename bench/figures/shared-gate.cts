// Figure 4: executions at once under one quota. EXECUTIONS workflows start together in one n8n
// process, each creating CREATES posts with the same credential, under the quota and latency of
// figure 3. Requests with the same credential share one gate in the process; reported: failed
// items, duplicates, the 429s the sandbox answered (its log) and time against the floor.
import type { INodeParameters } from 'n8n-workflow';

import { runNode } from '../../test/harness/engine.cts';
import type { BenchSandbox } from '../lib/jobs.cts';
import { createPost, postsTagged, textItems } from '../lib/jobs.cts';
import { formatMs, plural } from '../lib/measure.cts';
import type { Figure, Row } from '../lib/report.cts';
import { LATENCY_MS } from './latency.cts';
import { floorMs, QUOTA, WINDOW_SECONDS } from './pacing.cts';

const EXECUTIONS = 10;
const CREATES = 10;

/**
 * Options of Create Post that turn the shared gate off, to measure what it saves; null while the
 * node has no such switch (the figure then says so and measures the gate as it is).
 */
const GATE_OFF: INodeParameters | null = null;

interface Outcome {
	ms: number;
	failedExecutions: number;
	firstError?: string;
	missing: number;
	duplicates: number;
	tooMany: number;
	requests: number;
}

async function runAtOnce(
	sandbox: BenchSandbox,
	name: string,
	options: INodeParameters,
): Promise<Outcome> {
	await sandbox.control.reset();
	await sandbox.control.rateLimit({ limit: QUOTA, windowSeconds: WINDOW_SECONDS });
	await sandbox.control.latency(LATENCY_MS);
	const tags = Array.from({ length: EXECUTIONS }, (_, i) => `bench gate ${name} run ${i + 1}`);
	const start = performance.now();
	const results = await Promise.all(
		tags.map((tag) =>
			runNode({
				parameters: createPost({}, options),
				items: textItems(tag, CREATES),
				credentials: sandbox.credentials,
			}),
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
	const failed = results.filter((result) => result.error !== undefined);
	return {
		ms,
		failedExecutions: failed.length,
		firstError: failed[0]?.error?.message,
		missing,
		duplicates,
		tooMany: log.filter((entry) => entry.status === 429).length,
		requests: log.length,
	};
}

export async function sharedGate(sandbox: BenchSandbox): Promise<Figure> {
	const total = EXECUTIONS * CREATES;
	const floor = floorMs(total);
	const variants: Array<[string, string, INodeParameters]> = [
		['on', 'Our node, gate shared (default)', {}],
	];
	if (GATE_OFF) variants.push(['off', 'Our node, gate off', GATE_OFF]);
	const rows: Row[] = [];
	const outcomes: Record<string, Outcome> = {};
	for (const [name, label, options] of variants) {
		const outcome = await runAtOnce(sandbox, name, options);
		outcomes[name] = outcome;
		rows.push({
			measure: `${EXECUTIONS} executions at once, ${CREATES} creates each: ${label}`,
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
	const on = outcomes.on;
	const notes: string[] = [];
	if (!GATE_OFF) {
		notes.push(
			'Not measured: the same run with the gate off. The node has no switch to turn its shared gate off, so the 429s the gate saves cannot be shown side by side yet.',
		);
	}
	if (on.tooMany > 0) {
		notes.push(
			`The sandbox answered ${plural(on.tooMany, '429')} to ${on.requests} create requests: ${on.tooMany > EXECUTIONS ? 'the executions do not pace each other before the limit, each learns of it from its own 429' : 'the executions learn of the limit from a 429 and then wait for the window together'}.`,
		);
	}
	return {
		id: 4,
		title: 'Executions at once, one quota',
		method:
			`${EXECUTIONS} executions of a workflow with one Create Post node start at once in one process (one n8n instance), each with ${CREATES} items and the same credential, ` +
			`under the sandbox's ${QUOTA} requests per ${WINDOW_SECONDS} s and ${LATENCY_MS} ms latency (figure 3). One run per variant on a freshly reset sandbox. ` +
			`Posts are counted in the sandbox by each execution's text; 429s are the answers with status 429 in the sandbox's log. ` +
			`The floor is that of figure 3 for ${total} requests: ${Math.ceil(total / QUOTA) - 1} full windows and one latency (${formatMs(floor)}).`,
		rows,
		notes,
		goals: [
			{
				goal: `${EXECUTIONS} executions at once under one quota: 0 failures`,
				measured: `${on.missing} of ${total} items without a post, ${plural(on.failedExecutions, 'execution')} failed`,
				met: on.missing === 0 && on.failedExecutions === 0,
			},
			{
				goal: 'Fewer 429s than with the gate off',
				measured: outcomes.off
					? `${plural(on.tooMany, '429')} shared, ${outcomes.off.tooMany} with the gate off`
					: `${plural(on.tooMany, '429')}; not measured with the gate off`,
				met: outcomes.off !== undefined && on.tooMany < outcomes.off.tooMany,
			},
		],
		summary:
			`${EXECUTIONS} executions of ${CREATES} creates at once under ${QUOTA} requests per ${WINDOW_SECONDS} s: ${on.missing} of ${total} items without a post, ${plural(on.duplicates, 'duplicate')}, ` +
			`${plural(on.tooMany, '429')} received, ${(on.ms / floor).toFixed(2)}x the floor` +
			(GATE_OFF && outcomes.off
				? `; with the gate off ${plural(outcomes.off.tooMany, '429')} and ${outcomes.off.missing} items without a post.`
				: '; not yet measured with the gate off.'),
	};
}
