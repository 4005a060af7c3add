// Figure 3: a bulk create under a rate limit, at the latency of figure 2. The sandbox allows Q
// requests per window (the live API's 100 per minute, scaled down to keep the run short); N = 3Q
// creates go through our node and, in the same run, through HTTP Request with default settings,
// with Retry On Fail, and with Batching set to the quota. Reported: items left without a post,
// duplicate posts, and time against the floor the quota sets.
import type { RunNodeOptions } from '../../test/harness/engine.cts';
import type { BenchSandbox } from '../lib/jobs.cts';
import { createPost, peerCreatePost, runCreates } from '../lib/jobs.cts';
import { formatMs, interleaved, median } from '../lib/measure.cts';
import type { Figure, Row } from '../lib/report.cts';
import { peerNode } from '../peer/http-request.cts';
import { LATENCY_MS, QUOTA_BATCHING } from './latency.cts';

export const QUOTA = QUOTA_BATCHING.batchSize;
export const WINDOW_SECONDS = QUOTA_BATCHING.batchInterval / 1000;
const POSTS = 3 * QUOTA;
const RUNS = 3;
/**
 * Only the first window is free: each further window of requests waits for the one before, and the
 * last requests still take their own latency to answer.
 */
export const floorMs = (requests: number) =>
	(Math.ceil(requests / QUOTA) - 1) * WINDOW_SECONDS * 1000 + LATENCY_MS;
const FLOOR_MS = floorMs(POSTS);

interface Outcome {
	ms: number;
	nodeFailed: boolean;
	/** Items that never got a post. */
	missing: number;
	duplicates: number;
	/** From the sandbox's log: the 429s it answered, and requests other than the creates. */
	tooMany: number;
	others: string[];
}

type Job = Omit<RunNodeOptions, 'items' | 'credentials'>;

function jobs(baseUrl: string): Record<string, { label: string; job: Job }> {
	return {
		ours: { label: 'Our node (Create Post, default options)', job: { parameters: createPost() } },
		peerDefault: {
			label: 'HTTP Request, default settings',
			job: { ...peerNode(), parameters: peerCreatePost(baseUrl) },
		},
		peerRetry: {
			label: 'HTTP Request, Retry On Fail (its defaults: 3 tries, 1000 ms apart)',
			job: { ...peerNode({ retryOnFail: true }), parameters: peerCreatePost(baseUrl) },
		},
		peerRetryMax: {
			label: "HTTP Request, Retry On Fail at the engine's maximum (5 tries, 5000 ms apart)",
			job: {
				...peerNode({ retryOnFail: true, maxTries: 5, waitBetweenTries: 5000 }),
				parameters: peerCreatePost(baseUrl),
			},
		},
		peerBatching: {
			label: `HTTP Request, Batching set to the quota (${QUOTA} items per ${WINDOW_SECONDS * 1000} ms)`,
			job: { ...peerNode(), parameters: peerCreatePost(baseUrl, QUOTA_BATCHING) },
		},
	};
}

async function runJob(
	sandbox: BenchSandbox,
	name: string,
	job: Job,
	run: number,
): Promise<Outcome> {
	await sandbox.control.reset();
	await sandbox.control.rateLimit({ limit: QUOTA, windowSeconds: WINDOW_SECONDS });
	await sandbox.control.latency(LATENCY_MS);
	const { ms, error, log, missing, duplicates } = await runCreates(
		sandbox,
		job,
		`bench pacing ${name} ${run}`,
		POSTS,
	);
	return {
		ms,
		nodeFailed: error !== undefined,
		missing,
		duplicates,
		tooMany: log.filter((entry) => entry.status === 429).length,
		others: log
			.filter((entry) => entry.method !== 'POST')
			.map((entry) => `${entry.method} ${entry.path}`),
	};
}

export async function pacing(sandbox: BenchSandbox): Promise<Figure> {
	const JOBS = jobs(sandbox.url);
	const variants = Object.fromEntries(
		Object.entries(JOBS).map(([name, { job }]) => {
			let run = 0;
			return [name, () => runJob(sandbox, name, job, ++run)];
		}),
	);
	const results = await interleaved(RUNS, variants);
	const rows: Row[] = [];
	const notes: string[] = [];
	for (const [name, { label }] of Object.entries(JOBS)) {
		const outcomes = results[name];
		const time = median(outcomes.map((o) => o.ms));
		const failedRuns = outcomes.filter((o) => o.nodeFailed).length;
		// The median, and the worst run when it differs: one bad run in three matters here.
		const figure = (values: number[]) => {
			const worst = Math.max(...values);
			return worst === median(values) ? `${worst}` : `${median(values)} (worst run ${worst})`;
		};
		const cell =
			`${figure(outcomes.map((o) => o.missing))} of ${POSTS} items without a post, ` +
			`${figure(outcomes.map((o) => o.duplicates))} duplicate posts, ${formatMs(time)}, ${figure(outcomes.map((o) => o.tooMany))} 429s received` +
			(failedRuns > 0 ? `; node failed in ${failedRuns} of ${RUNS} runs` : '');
		const floor = `floor ${formatMs(FLOOR_MS)}; time ${(time / FLOOR_MS).toFixed(2)}x floor`;
		rows.push(
			name === 'ours'
				? { measure: label, ours: cell, versus: floor }
				: { measure: label, ours: '', peer: cell, versus: floor },
		);
	}
	const ours = results.ours;
	const worst = (name: string, key: 'missing' | 'duplicates') =>
		Math.max(...results[name].map((o) => o[key]));
	const time = (name: string) => formatMs(median(results[name].map((o) => o.ms)));
	const extra = ours[0].others;
	if (extra.length > 0) {
		notes.push(
			`Besides its ${POSTS} creates our node sent ${extra.length === 1 ? 'one request' : `${extra.length} requests`} (${[...new Set(extra)].join(', ')}), which counts against the quota: ${POSTS + extra.length} requests need ${Math.ceil((POSTS + extra.length) / QUOTA) - 1} full windows, where ${POSTS} need ${Math.ceil(POSTS / QUOTA) - 1}.`,
		);
	}
	if (ours.some((o) => o.missing > 0 || o.duplicates > 0)) {
		notes.push('Our node missed the target of 0 failures and 0 duplicates in at least one run.');
	}
	if (worst('peerBatching', 'missing') > 0) {
		notes.push(
			"HTTP Request with Batching set exactly to the quota still lost items in some runs: its pause starts when a batch's requests are sent, not when the service's window opened, so a request can land just before the window turns. It needs a margin, and the user must know the quota; our node reads the service's `retry_after` instead.",
		);
	}
	notes.push(
		"HTTP Request sends every item's request at once by default and stops at the first failed item; Retry On Fail re-runs the whole node, re-sending the items that had already succeeded.",
	);
	return {
		id: 3,
		title: `Rate-limit pacing at ${LATENCY_MS} ms`,
		method:
			`The sandbox allows ${QUOTA} requests per ${WINDOW_SECONDS} s window per API key (the live API's 100 per minute, scaled down) and answers 429 with \`retry_after\` beyond that; every request is held ${LATENCY_MS} ms, as in figure 2. ` +
			`One job: ${POSTS} input items, each a Create Post of a draft with its own text. Each variant runs ${RUNS} times, interleaved with the others, each run on a freshly reset sandbox and window. ` +
			'Posts are then counted in the sandbox by text: an item whose text is absent failed, a text present twice is a duplicate. ' +
			`The floor is ${Math.ceil(POSTS / QUOTA) - 1} full windows and one latency (${formatMs(FLOOR_MS)}): the first ${QUOTA} requests go at once, each further ${QUOTA} wait a window, the last answer takes ${LATENCY_MS} ms. Medians are reported.`,
		rows,
		notes,
		goals: [
			{
				goal: `${POSTS} creates under the quota: 0 failures and 0 duplicates, at no more than 1.1x the floor`,
				measured: `${worst('ours', 'missing')} failures, ${worst('ours', 'duplicates')} duplicates (worst of ${RUNS} runs), ${(median(ours.map((o) => o.ms)) / FLOOR_MS).toFixed(2)}x the floor`,
				met:
					worst('ours', 'missing') === 0 &&
					worst('ours', 'duplicates') === 0 &&
					median(ours.map((o) => o.ms)) <= 1.1 * FLOOR_MS,
			},
		],
		summary:
			`${POSTS} creates under ${QUOTA} requests per ${WINDOW_SECONDS} s: our node ${worst('ours', 'missing')} failures and ${worst('ours', 'duplicates')} duplicates (worst of ${RUNS} runs) in ${time('ours')}, against a ${formatMs(FLOOR_MS)} floor. ` +
			`HTTP Request: ${median(results.peerDefault.map((o) => o.missing))} of ${POSTS} items fail by default; Retry On Fail does not help with its defaults and at its maximum (5 tries, 5 s) makes ${median(results.peerRetryMax.map((o) => o.duplicates))} duplicate posts; ` +
			`Batching set to the quota works (${time('peerBatching')}) when the user knows the quota${worst('peerBatching', 'missing') > 0 ? `, but lost up to ${worst('peerBatching', 'missing')} items in a run to the window edge` : ''}.`,
	};
}
