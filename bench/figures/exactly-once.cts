// Figure 5: exactly-once soak. CREATES creates in one execution, where about a third of the create
// requests meet a random ambiguous fault (before or after the service acted: an error status, a
// dropped connection, no answer, a 2xx that is not the API's envelope). The same seeded faults meet
// our node and HTTP Request with Retry On Fail, and our node again with the service's clock 10
// minutes behind n8n's. Reported: items without a post, duplicate posts, the time it took and the
// requests it cost.
import { DEMO } from '../../sandbox/demo-data.cts';
import type { RunNodeOptions } from '../../test/harness/engine.cts';
import type { DrawnFault } from '../../sandbox/client.cts';
import type { BenchSandbox } from '../lib/jobs.cts';
import { createPost, peerCreatePost, runCreates } from '../lib/jobs.cts';
import { formatMs, median, plural } from '../lib/measure.cts';
import type { Figure, Row } from '../lib/report.cts';
import { peerNode } from '../peer/http-request.cts';
import { LATENCY_MS } from './latency.cts';

const CREATES = 45;
const PROBABILITY = 1 / 3;
/** One run per seed for each node; the same seeds for both. */
const SEEDS = [20261123, 20261124, 20261125];
/** A request with no answer is held this long; both nodes give up on it sooner (TIMEOUT_S). */
const HOLD_MS = 5000;
const TIMEOUT_S = 2;
const POSTS_PATH = `/api/v1/workspaces/${DEMO.workspaces.main.id}/posts`;
/** The service's clock in the third run of each seed: 10 minutes behind n8n's. */
const CLOCK_OFF_SECONDS = -600;

type Job = Omit<RunNodeOptions, 'items' | 'credentials'>;

interface Outcome {
	ms: number;
	error?: string;
	missing: number;
	duplicates: number;
	creates: number;
	reads: number;
	drawn: DrawnFault[];
	/** For each item without a post: how many create requests carried its text. */
	attemptsOfMissing: number[];
}

const textOf = (body: unknown) => (body as { content?: { text?: string } } | null)?.content?.text;

async function soak(
	sandbox: BenchSandbox,
	{ name, job, offsetSeconds }: Run,
	seed: number,
): Promise<Outcome> {
	await sandbox.control.reset({ rateLimit: null });
	await sandbox.control.latency(LATENCY_MS);
	if (offsetSeconds) await sandbox.control.clock({ offsetSeconds });
	await sandbox.control.randomFaults({
		seed,
		probability: PROBABILITY,
		method: 'POST',
		path: POSTS_PATH,
		holdMs: HOLD_MS,
	});
	// What the faults met is read before runCreates turns them off.
	let drawn: DrawnFault[] = [];
	const run = await runCreates(sandbox, job, `bench soak ${name} ${seed}`, CREATES, async () => {
		drawn = (await sandbox.control.randomFaultsDrawn()).drawn;
	});
	return {
		ms: run.ms,
		error: run.error,
		missing: run.missing,
		duplicates: run.duplicates,
		creates: run.log.filter((entry) => entry.method === 'POST').length,
		reads: run.log.filter((entry) => entry.method === 'GET').length,
		attemptsOfMissing: run.missingTexts.map(
			(text) =>
				run.log.filter((entry) => entry.method === 'POST' && textOf(entry.body) === text).length,
		),
		drawn,
	};
}

function kinds(drawn: DrawnFault[]): string {
	const counts = new Map<string, number>();
	for (const { when, answer } of drawn)
		counts.set(`${answer} ${when}`, (counts.get(`${answer} ${when}`) ?? 0) + 1);
	return [...counts].map(([kind, count]) => `${count} ${kind}`).join(', ');
}

interface Run {
	name: 'ours' | 'peer' | 'clockOff';
	label: string;
	job: Job;
	/** The service's clock less the real one, in seconds. */
	offsetSeconds?: number;
}

export async function exactlyOnce(sandbox: BenchSandbox): Promise<Figure> {
	const ours: Job = { parameters: createPost({}, { timeout: TIMEOUT_S }) };
	const runs: Run[] = [
		{ name: 'ours', label: 'Our node (Create Post, default options)', job: ours },
		{
			name: 'peer',
			label: 'HTTP Request, Retry On Fail (its defaults: 3 tries, 1000 ms apart)',
			job: {
				...peerNode({ retryOnFail: true }),
				parameters: { ...peerCreatePost(sandbox.url), options: { timeout: TIMEOUT_S * 1000 } },
			},
		},
		{
			name: 'clockOff',
			label: `Our node, the service's clock ${-CLOCK_OFF_SECONDS / 60} minutes behind n8n's`,
			job: ours,
			offsetSeconds: CLOCK_OFF_SECONDS,
		},
	];
	const rows: Row[] = [];
	const outcomes: Record<Run['name'], Outcome[]> = { ours: [], peer: [], clockOff: [] };
	for (const seed of SEEDS) {
		for (const run of runs) {
			const { name, label } = run;
			const outcome = await soak(sandbox, run, seed);
			outcomes[name].push(outcome);
			const cell =
				`${outcome.missing} of ${CREATES} items without a post, ${plural(outcome.duplicates, 'duplicate post')}, ${formatMs(outcome.ms)}, ` +
				`${plural(outcome.creates + outcome.reads, 'request')} (${outcome.creates} creates, ${outcome.reads} reads)` +
				(outcome.error ? `; node failed: ${outcome.error}` : '');
			const note =
				`${plural(outcome.drawn.length, 'fault')} met: ${kinds(outcome.drawn) || 'none'}` +
				(outcome.missing > 0 && name !== 'peer'
					? `; create requests sent for each item without a post: ${outcome.attemptsOfMissing.join(', ')}`
					: '');
			const measure = `${label}, seed ${seed}`;
			rows.push(
				name === 'peer' ? { measure, ours: '', peer: cell, note } : { measure, ours: cell, note },
			);
		}
	}
	const total = (name: Run['name'], key: 'missing' | 'duplicates' | 'creates' | 'reads') =>
		outcomes[name].reduce((sum, outcome) => sum + outcome[key], 0);
	const time = (name: Run['name']) =>
		formatMs(median(outcomes[name].map((outcome) => outcome.ms)));
	const items = CREATES * SEEDS.length;
	const requests = (name: Run['name']) =>
		plural(total(name, 'creates') + total(name, 'reads'), 'request');
	const notes: string[] = [];
	const failed = [...outcomes.ours, ...outcomes.clockOff].filter(
		(outcome) => outcome.missing > 0 || outcome.duplicates > 0,
	);
	if (failed.length > 0) {
		const missing = failed.filter((outcome) => outcome.missing > 0);
		const duplicates = failed.reduce((sum, outcome) => sum + outcome.duplicates, 0);
		notes.push(
			`Our node missed the goal of 0 items without a post and 0 duplicates in ${failed.length} of ${2 * SEEDS.length} runs.` +
				(missing.length > 0
					? ` An item left without a post had ${missing.flatMap((outcome) => outcome.attemptsOfMissing).join(', ')} create requests sent for it, each met by a fault before the post was made (any other answer would have left a post); the node then failed with "${missing[0].error ?? ''}".`
					: '') +
				(duplicates > 0
					? ` ${plural(duplicates, 'duplicate post')}: the lookup before a resend did not find a post the failed attempt had made, and it was sent again.`
					: ''),
		);
	}
	if (total('peer', 'duplicates') > 0) {
		notes.push(
			`HTTP Request cannot tell an ambiguous failure from a plain one: Retry On Fail re-runs the whole node, re-sending every item, including those whose post was already made (${plural(total('peer', 'duplicates'), 'duplicate post')} in ${SEEDS.length} runs); a 2xx that is not the API's envelope counts as a success even when nothing was created.`,
		);
	}
	return {
		id: 5,
		title: 'Exactly-once soak',
		method:
			`One execution of ${CREATES} items, each a Create Post of a draft with its own text, at ${LATENCY_MS} ms latency, no rate limit. ` +
			`The sandbox's random faults meet each create request with probability 1/3, the kind drawn at random: before or after the post is made; a 500, 502 or 503, a dropped connection, no answer (held ${HOLD_MS / 1000} s; both nodes time out after ${TIMEOUT_S} s), or a 200 that is not the API's envelope. ` +
			`Our node runs a third time per seed with the sandbox's clock ${-CLOCK_OFF_SECONDS / 60} minutes behind the real one (its record times and Date header follow it), where the lookup before a resend must judge "created since the attempt" by the service's clock. ` +
			`One run per seed (${SEEDS.join(', ')}) for each; a seed draws the same faults for the nth create request, so which request meets which fault depends on the order requests arrive in. Posts are then counted in the sandbox by text; requests come from its log.`,
		rows,
		notes,
		goals: [
			{
				goal: `${CREATES} creates, a third meeting random ambiguous faults: 0 items without a post, 0 duplicate posts`,
				measured: `${total('ours', 'missing')} of ${items} without a post, ${plural(total('ours', 'duplicates'), 'duplicate')} (${SEEDS.length} runs)`,
				met: total('ours', 'missing') === 0 && total('ours', 'duplicates') === 0,
			},
			{
				goal: `The same with the service's clock ${-CLOCK_OFF_SECONDS / 60} minutes behind n8n's: 0 items without a post, 0 duplicate posts`,
				measured: `${total('clockOff', 'missing')} of ${items} without a post, ${plural(total('clockOff', 'duplicates'), 'duplicate')} (${SEEDS.length} runs)`,
				met: total('clockOff', 'missing') === 0 && total('clockOff', 'duplicates') === 0,
			},
		],
		summary:
			`${SEEDS.length} runs of ${CREATES} creates, a third of the requests meeting random ambiguous faults: our node ${total('ours', 'missing')} of ${items} items without a post, ${plural(total('ours', 'duplicates'), 'duplicate')}, ${time('ours')} a run (median), ${requests('ours')} in all; ` +
			`HTTP Request with Retry On Fail ${total('peer', 'missing')} without a post, ${plural(total('peer', 'duplicates'), 'duplicate')}, ${time('peer')} a run, ${requests('peer')}; ` +
			`our node with the service's clock ${-CLOCK_OFF_SECONDS / 60} minutes behind ${total('clockOff', 'missing')} of ${items} without a post, ${plural(total('clockOff', 'duplicates'), 'duplicate')}, ${time('clockOff')} a run, ${requests('clockOff')}.`,
	};
}
