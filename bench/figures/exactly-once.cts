// Figure 5: exactly-once soak. CREATES creates in one execution, where about a third of the create
// requests meet a random ambiguous fault (before or after the service acted: an error status, a
// dropped connection, no answer, a 2xx that is not the API's envelope). The same seeded faults meet
// our node and HTTP Request with Retry On Fail. Reported: items without a post, duplicate posts,
// the time it took and the requests it cost.
import { DEMO } from '../../sandbox/demo-data.cts';
import type { RunNodeOptions } from '../../test/harness/engine.cts';
import type { DrawnFault } from '../../sandbox/client.cts';
import type { BenchSandbox } from '../lib/jobs.cts';
import { createPost, peerCreatePost, runCreates } from '../lib/jobs.cts';
import { formatMs, plural } from '../lib/measure.cts';
import type { Figure, Row } from '../lib/report.cts';
import { peerNode } from '../peer/http-request.cts';
import { LATENCY_MS } from './latency.cts';

const CREATES = 45;
const PROBABILITY = 1 / 3;
const SEED = 20261123;
/** A request with no answer is held this long; both nodes give up on it sooner (TIMEOUT_S). */
const HOLD_MS = 5000;
const TIMEOUT_S = 2;
const POSTS_PATH = `/api/v1/workspaces/${DEMO.workspaces.main.id}/posts`;

type Job = Omit<RunNodeOptions, 'items' | 'credentials'>;

interface Outcome {
	ms: number;
	error?: string;
	missing: number;
	duplicates: number;
	creates: number;
	reads: number;
	drawn: DrawnFault[];
}

async function soak(sandbox: BenchSandbox, name: string, job: Job): Promise<Outcome> {
	await sandbox.control.reset({ rateLimit: null });
	await sandbox.control.latency(LATENCY_MS);
	await sandbox.control.randomFaults({
		seed: SEED,
		probability: PROBABILITY,
		method: 'POST',
		path: POSTS_PATH,
		holdMs: HOLD_MS,
	});
	// What the faults met is read before runCreates turns them off.
	let drawn: DrawnFault[] = [];
	const run = await runCreates(sandbox, job, `bench soak ${name}`, CREATES, async () => {
		drawn = (await sandbox.control.randomFaultsDrawn()).drawn;
	});
	return {
		ms: run.ms,
		error: run.error,
		missing: run.missing,
		duplicates: run.duplicates,
		creates: run.log.filter((entry) => entry.method === 'POST').length,
		reads: run.log.filter((entry) => entry.method === 'GET').length,
		drawn,
	};
}

function kinds(drawn: DrawnFault[]): string {
	const counts = new Map<string, number>();
	for (const { when, answer } of drawn)
		counts.set(`${answer} ${when}`, (counts.get(`${answer} ${when}`) ?? 0) + 1);
	return [...counts].map(([kind, count]) => `${count} ${kind}`).join(', ');
}

export async function exactlyOnce(sandbox: BenchSandbox): Promise<Figure> {
	const jobs: Array<[string, string, Job]> = [
		[
			'ours',
			'Our node (Create Post, default options)',
			{ parameters: createPost({}, { timeout: TIMEOUT_S }) },
		],
		[
			'peer',
			'HTTP Request, Retry On Fail (its defaults: 3 tries, 1000 ms apart)',
			{
				...peerNode({ retryOnFail: true }),
				parameters: { ...peerCreatePost(sandbox.url), options: { timeout: TIMEOUT_S * 1000 } },
			},
		],
	];
	const rows: Row[] = [];
	const outcomes: Record<string, Outcome> = {};
	for (const [name, label, job] of jobs) {
		const outcome = await soak(sandbox, name, job);
		outcomes[name] = outcome;
		const cell =
			`${outcome.missing} of ${CREATES} items without a post, ${plural(outcome.duplicates, 'duplicate post')}, ${formatMs(outcome.ms)}, ` +
			`${plural(outcome.creates + outcome.reads, 'request')} (${outcome.creates} creates, ${outcome.reads} reads)` +
			(outcome.error ? `; node failed: ${outcome.error}` : '');
		const note = `${plural(outcome.drawn.length, 'fault')} met: ${kinds(outcome.drawn) || 'none'}`;
		rows.push(
			name === 'ours'
				? { measure: label, ours: cell, note }
				: { measure: label, ours: '', peer: cell, note },
		);
	}
	const { ours, peer } = outcomes;
	const notes: string[] = [];
	if (ours.missing > 0 || ours.duplicates > 0) {
		notes.push(
			`Our node missed the goal of 0 items without a post and 0 duplicates${ours.error ? `: it failed ("${ours.error}") after ${plural(ours.creates, 'create request')}, and the items it had not sent by then got no post` : ''}.`,
		);
	}
	if (peer.duplicates > 0) {
		notes.push(
			`HTTP Request cannot tell an ambiguous failure from a plain one: Retry On Fail re-runs the whole node, re-sending every item, including those whose post was already made (${plural(peer.duplicates, 'duplicate post')}); a 2xx that is not the API's envelope counts as a success even when nothing was created.`,
		);
	}
	return {
		id: 5,
		title: 'Exactly-once soak',
		method:
			`One execution of ${CREATES} items, each a Create Post of a draft with its own text, at ${LATENCY_MS} ms latency, no rate limit. ` +
			`The sandbox's random faults (seed ${SEED}) meet each create request with probability 1/3, the kind drawn at random: before or after the post is made; a 500, 502 or 503, a dropped connection, no answer (held ${HOLD_MS / 1000} s; both nodes time out after ${TIMEOUT_S} s), or a 200 that is not the API's envelope. ` +
			'The same seed meets both nodes, by the order of their create requests. One run each. Posts are then counted in the sandbox by text; requests come from its log.',
		rows,
		notes,
		goals: [
			{
				goal: `${CREATES} creates, a third meeting random ambiguous faults: 0 items without a post, 0 duplicate posts`,
				measured: `${ours.missing} without a post, ${plural(ours.duplicates, 'duplicate')}`,
				met: ours.missing === 0 && ours.duplicates === 0,
			},
		],
		summary:
			`${CREATES} creates, a third meeting random ambiguous faults: our node ${ours.missing} items without a post, ${plural(ours.duplicates, 'duplicate')}, ${formatMs(ours.ms)}, ${plural(ours.creates + ours.reads, 'request')}; ` +
			`HTTP Request with Retry On Fail ${peer.missing} without a post, ${plural(peer.duplicates, 'duplicate')}, ${formatMs(peer.ms)}, ${plural(peer.creates + peer.reads, 'request')}.`,
	};
}
