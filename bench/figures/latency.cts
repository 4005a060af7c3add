// Figure 2: speed at a realistic latency. The sandbox holds every request for LATENCY_MS, as a
// service across the internet would; with that, what counts is how many round trips a job waits
// for one after the other. Reported in round trips (one request's time at that latency, measured):
// 30 creates through our node and through HTTP Request (default, and with Batching), and Return
// All of 1000 posts, with the requests it cost.
import { DEMO } from '../../sandbox/demo-data.cts';
import { runNode } from '../../test/harness/engine.cts';
import type { RunNodeOptions } from '../../test/harness/engine.cts';
import type { BenchSandbox } from '../lib/jobs.cts';
import { createPost, getManyPosts, peerCreatePost, runCreates } from '../lib/jobs.cts';
import { formatMs, interleaved, median, plural, timeMs } from '../lib/measure.cts';
import type { Figure, Row } from '../lib/report.cts';
import { peerNode } from '../peer/http-request.cts';

export const LATENCY_MS = 100;
const CREATES = 30;
const RUNS = 3;
const RECORDS = 1000;
const PAGE = 100;
/** Batching as a user sets it to stay under the quota of figure 3 (10 requests per 3 s). */
export const QUOTA_BATCHING = { batchSize: 10, batchInterval: 3000 };
/** The second workspace has no published post in the demo data: every published post there is seeded. */
const WORKSPACE = DEMO.workspaces.second.id;

type Job = Omit<RunNodeOptions, 'items' | 'credentials'>;

/** "31 requests (30 POST /…/posts, 1 GET /api/v1/workspaces)" */
function requestsOf(requests: string[]): string {
	const counts = new Map<string, number>();
	for (const request of requests) counts.set(request, (counts.get(request) ?? 0) + 1);
	return `${plural(requests.length, 'request')} (${[...counts].map(([request, count]) => `${count} ${request}`).join(', ')})`;
}

/** One round trip at the latency: a create sent with fetch, no engine around it (median of 5). */
async function roundTripMs(sandbox: BenchSandbox): Promise<number> {
	const url = `${sandbox.url}/api/v1/workspaces/${DEMO.workspaces.main.id}/posts`;
	const times: number[] = [];
	for (let i = 0; i < 5; i++) {
		times.push(
			await timeMs(async () => {
				const response = await fetch(url, {
					method: 'POST',
					headers: { 'X-API-Key': sandbox.credentials.apiKey, 'content-type': 'application/json' },
					body: JSON.stringify({
						content: { text: `bench round trip ${i}` },
						accounts: [DEMO.accounts.facebook],
						scheduling: { publish_type: 'draft' },
					}),
				});
				if (!response.ok) throw new Error(`round trip: HTTP ${response.status}`);
				await response.text();
			}),
		);
	}
	return median(times);
}

interface Outcome {
	ms: number;
	failed?: string;
	missing: number;
	/** What the sandbox received, as `METHOD path`. */
	requests: string[];
}

async function creates(
	sandbox: BenchSandbox,
	name: string,
	job: Job,
	run: number,
): Promise<Outcome> {
	await sandbox.control.reset({ rateLimit: null });
	await sandbox.control.latency(LATENCY_MS);
	const { ms, error, log, missing } = await runCreates(
		sandbox,
		job,
		`bench latency ${name} ${run}`,
		CREATES,
	);
	return {
		ms,
		failed: error,
		missing,
		requests: log.map((entry) => `${entry.method} ${entry.path}`),
	};
}

/** Return All over RECORDS seeded posts, RUNS times on the same records: the median time, the worst count. */
async function returnAll(
	sandbox: BenchSandbox,
): Promise<{ ms: number; requests: number; items: number }> {
	await sandbox.control.reset({ rateLimit: null });
	await sandbox.control.seed({
		workspace_id: WORKSPACE,
		resource: 'posts',
		count: RECORDS,
		template: { status: 'published' },
	});
	await sandbox.control.latency(LATENCY_MS);
	const times: number[] = [];
	let requests = 0;
	let items = RECORDS;
	for (let run = 0; run < RUNS; run++) {
		await sandbox.control.clearRequests();
		times.push(
			await timeMs(async () => {
				const result = await runNode({
					parameters: getManyPosts(WORKSPACE, { statuses: ['published'] }),
					credentials: sandbox.credentials,
				});
				if (result.error) throw new Error(`Return All of ${RECORDS}: ${result.error.message}`);
				items = Math.min(items, result.output.length);
			}),
		);
		requests = Math.max(requests, (await sandbox.control.requests()).length);
	}
	await sandbox.control.latency(0);
	return { ms: median(times), requests, items };
}

export async function latency(sandbox: BenchSandbox): Promise<Figure> {
	await sandbox.control.reset({ rateLimit: null });
	await sandbox.control.latency(LATENCY_MS);
	const trip = await roundTripMs(sandbox);
	await sandbox.control.latency(0);
	const inTrips = (ms: number) => `${(ms / trip).toFixed(1)} round trips`;

	const jobs: Record<string, { label: string; job: Job }> = {
		ours: {
			label: `${CREATES} creates: our node (Create Post, default options)`,
			job: { parameters: createPost() },
		},
		peer: {
			label: `${CREATES} creates: HTTP Request, default settings`,
			job: { ...peerNode(), parameters: peerCreatePost(sandbox.url) },
		},
		peerBatching: {
			label: `${CREATES} creates: HTTP Request, Batching set to the quota of figure 3 (${QUOTA_BATCHING.batchSize} items per ${QUOTA_BATCHING.batchInterval} ms)`,
			job: { ...peerNode(), parameters: peerCreatePost(sandbox.url, QUOTA_BATCHING) },
		},
	};
	const variants = Object.fromEntries(
		Object.entries(jobs).map(([name, { job }]) => {
			let run = 0;
			return [name, () => creates(sandbox, name, job, ++run)];
		}),
	);
	const results = await interleaved(RUNS, variants);
	const time = (name: string) => median(results[name].map((o) => o.ms));
	const rows: Row[] = [];
	const notes: string[] = [];
	for (const [name, { label }] of Object.entries(jobs)) {
		const outcomes = results[name];
		const failures = outcomes.filter((o) => o.failed !== undefined);
		const note =
			failures.length > 0
				? `node failed in ${failures.length} of ${RUNS} runs: ${failures[0].failed}`
				: `${Math.max(...outcomes.map((o) => o.missing))} items without a post (worst run); ${requestsOf(outcomes[0].requests)}`;
		const cell = `${formatMs(time(name))} = ${inTrips(time(name))}`;
		rows.push(
			name === 'ours'
				? {
						measure: label,
						ours: cell,
						versus: `${(time('ours') / time('peer')).toFixed(2)}x HTTP Request's default; ${(time('ours') / time('peerBatching')).toFixed(2)}x with Batching`,
						note,
					}
				: {
						measure: label,
						ours: '',
						peer: cell,
						versus: `ours / this: ${(time('ours') / time(name)).toFixed(2)}x`,
						note,
					},
		);
	}
	const all = await returnAll(sandbox);
	const pages = Math.ceil(RECORDS / PAGE);
	rows.push({
		measure: `Return All of ${RECORDS} posts (Get Many, ${PAGE} per page)`,
		ours: `${formatMs(all.ms)} = ${inTrips(all.ms)}; ${plural(all.requests, 'request')}`,
		versus: `floor ${pages} requests; ${all.requests === pages ? 'at the floor' : `${all.requests - pages} over`}`,
		note: `${all.items} items out`,
	});
	const trips = time('ours') / trip;
	if (trips > 3) {
		notes.push(
			`${CREATES} creates take our node ${trips.toFixed(1)} round trips, against the goal of 3; HTTP Request's default starts every item's request at once (${inTrips(time('peer'))}). ` +
				`Our node sent ${requestsOf(results.ours[0].requests)}.`,
		);
	}
	if (all.ms / trip > 3) {
		notes.push(
			`Return All of ${RECORDS} takes ${inTrips(all.ms)}, against the goal of 3: ${all.ms / trip > pages - 1 ? 'its pages are read one after the other' : 'its pages are not all in flight at once'}.`,
		);
	}
	notes.push(
		"HTTP Request's Batching is how a user keeps it under a quota (figure 3); its pause runs after every batch whether or not the quota needs it, so here, with no limit in force, it costs whole intervals.",
	);
	return {
		id: 2,
		title: `Speed at ${LATENCY_MS} ms latency`,
		method:
			`The sandbox holds every request ${LATENCY_MS} ms before answering; no rate limit. One round trip is a single create sent with fetch at that latency, median of 5 (${formatMs(trip)}); times are given in those. ` +
			`Creates: ${CREATES} input items, each a Create Post of a draft with its own text; each variant runs ${RUNS} times interleaved with the others on a freshly reset sandbox; medians; posts are then counted in the sandbox by text. ` +
			`Return All: Get Many of the published posts of a workspace holding exactly ${RECORDS} (seeded), ${RUNS} runs, the median time and the most requests of a run, from the sandbox's log.`,
		rows,
		notes,
		goals: [
			{
				goal: `${CREATES} creates at ${LATENCY_MS} ms within 3 round trips' time`,
				measured: inTrips(time('ours')),
				met: trips <= 3,
			},
			{
				goal: `Return All of ${RECORDS} at ${LATENCY_MS} ms within 3 round trips' time, at exactly ${pages} requests`,
				measured: `${inTrips(all.ms)}, ${plural(all.requests, 'request')}`,
				met: all.ms / trip <= 3 && all.requests === pages,
			},
		],
		summary:
			`${CREATES} creates take our node ${inTrips(time('ours'))} (${(time('ours') / time('peer')).toFixed(2)}x HTTP Request's default at ${inTrips(time('peer'))}; ${(time('ours') / time('peerBatching')).toFixed(2)}x HTTP Request with Batching at ${inTrips(time('peerBatching'))}). ` +
			`Return All of ${RECORDS} posts takes ${inTrips(all.ms)} and ${plural(all.requests, 'request')}.`,
	};
}
