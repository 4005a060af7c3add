// Figure 10: what finding out costs. After an ambiguous create, the node looks for the record before
// it sends again; these are the list requests that look made, by list order and history size, when
// the record was made (then found) and when it was not (then sent again), for posts, media and comments.
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import type { Fault, SeedRequest } from '../../sandbox/client.cts';
import { DEMO } from '../../sandbox/demo-data.cts';
import type { Profile } from '../../sandbox/profile.cts';
import { binaryItem, runNode } from '../../test/harness/engine.cts';
import type { BenchSandbox } from '../lib/jobs.cts';
import { createPost } from '../lib/jobs.cts';
import type { Figure, Goal, Row } from '../lib/report.cts';

const SIZES = [100, 1000, 5000];
const GOAL = 3;
const MAIN = DEMO.workspaces.main.id;
const W = `/api/v1/workspaces/${MAIN}`;
const DAY_S = 86_400;
const ORDERS: Array<Profile['listOrder']> = [
	'updated-desc',
	'created-desc',
	'created-asc',
	'shuffled',
];

/** The record made, then the connection dropped; or a 500 before the service acted. */
const OUTCOMES: Array<[string, Omit<Fault, 'path'>]> = [
	['made', { method: 'POST', when: 'after', answer: 'drop' }],
	['not made', { method: 'POST', when: 'before', answer: 'status', status: 500 }],
];

interface Case {
	/** The list the create adds to and the lookup reads. */
	path: string;
	/** The history seeded (a year of it, older than any attempt). */
	seed: (size: number) => SeedRequest;
	run: (tag: string) => { parameters: INodeParameters; items: INodeExecutionData[] };
}

const posts = (status: string): Case => ({
	path: `${W}/posts`,
	seed: (count) => ({
		workspace_id: MAIN,
		resource: 'posts',
		count,
		template: { status, history_days: 365, history_seed: count },
	}),
	run: (tag) => ({ parameters: createPost({}, { timeout: 1 }), items: [{ json: { text: tag } }] }),
});

const MEDIA: Case = {
	path: `${W}/media`,
	seed: (count) => ({
		workspace_id: MAIN,
		resource: 'media',
		count,
		template: { name: 'bench.png' },
	}),
	run: () => ({
		parameters: {
			resource: 'media',
			operation: 'upload',
			workspaceId: { __rl: true, mode: 'id', value: MAIN },
			source: 'binary',
			binaryPropertyName: 'data',
			options: { timeout: 1 },
		},
		items: [
			binaryItem(
				{},
				{ data: { data: Buffer.from('bench'), fileName: 'bench.png', mimeType: 'image/png' } },
			),
		],
	}),
};

const COMMENTS: Case = {
	path: `${W}/posts/${DEMO.posts.draft}/comments`,
	seed: (count) => ({
		workspace_id: MAIN,
		resource: 'comments',
		count,
		template: { post_id: DEMO.posts.draft },
	}),
	run: (tag) => ({
		parameters: {
			resource: 'comment',
			operation: 'create',
			workspaceId: { __rl: true, mode: 'id', value: MAIN },
			postId: DEMO.posts.draft,
			comment: tag,
			options: { timeout: 1 },
		},
		items: [{ json: {} }],
	}),
};

interface Cost {
	requests: number;
	/** Records the create left: 1 is right; 0 lost, 2 a duplicate. */
	records: number;
	total: number;
	error?: string;
}

/** A list's size, as its `total` says. */
async function totalOf(sandbox: BenchSandbox, path: string): Promise<number> {
	const response = await fetch(`${sandbox.url}${path}?per_page=1`, {
		headers: { 'X-API-Key': sandbox.credentials.apiKey },
	});
	return ((await response.json()) as { total: number }).total;
}

/** One create meeting `fault` after `size` records of history: the GETs its lookup sent. */
async function costOf(
	sandbox: BenchSandbox,
	kind: Case,
	size: number,
	profile: Partial<Profile>,
	fault: Omit<Fault, 'path'>,
	tag: string,
): Promise<Cost> {
	await sandbox.control.reset({ rateLimit: null });
	await sandbox.control.profile(profile);
	// Media and comments are seeded at the service's now: a day back, they are history.
	await sandbox.control.clock({ offsetSeconds: -DAY_S });
	await sandbox.control.seed(kind.seed(size));
	await sandbox.control.clock({ offsetSeconds: 0 });
	const before = await totalOf(sandbox, kind.path);
	await sandbox.control.fault({ ...fault, path: kind.path });
	await sandbox.control.clearRequests();
	const { error } = await runNode({ ...kind.run(tag), credentials: sandbox.credentials });
	const requests = (await sandbox.control.requests({ method: 'GET', path: kind.path })).length;
	const total = await totalOf(sandbox, kind.path);
	const records = total - before;
	return { requests, records, total, error: error?.message };
}

const cell = (costs: Cost[]) =>
	OUTCOMES.map(([name], i) => `${name}: ${costs[i].requests}`).join('; ');

export async function lookupCost(sandbox: BenchSandbox): Promise<Figure> {
	const rows: Row[] = [];
	const goals: Goal[] = [];
	const wrong: string[] = [];
	let duplicates = 0;
	const measure = async (label: string, kind: Case, size: number, profile: Partial<Profile>) => {
		const costs: Cost[] = [];
		for (const [name, fault] of OUTCOMES) {
			const cost = await costOf(
				sandbox,
				kind,
				size,
				profile,
				fault,
				`bench lookup ${label} ${name}`,
			);
			duplicates += Math.max(0, cost.records - 1);
			if (cost.records !== 1 || cost.error)
				wrong.push(
					`${label}, ${name}: ${cost.records} records${cost.error ? `, "${cost.error}"` : ''}`,
				);
			costs.push(cost);
		}
		const pages = Math.ceil(costs[0].total / 100);
		rows.push({
			measure: label,
			ours: cell(costs),
			versus: `every page: ${pages}`,
			note:
				costs
					.flatMap((cost, i) => (cost.error ? [`${OUTCOMES[i][0]}: "${cost.error}"`] : []))
					.join('; ') || undefined,
		});
		return costs;
	};
	for (const size of SIZES) {
		const count = size.toLocaleString('en-US');
		for (const listOrder of ORDERS) {
			const label = `Posts, ${count} drafts listed ${listOrder}`;
			const costs = await measure(label, posts('draft'), size, { listOrder });
			if (size === 5000 && listOrder !== 'shuffled') {
				goals.push({
					goal: `Post lookup at 5,000 posts listed ${listOrder}: at most ${GOAL} requests`,
					measured: cell(costs),
					met: costs.every((cost) => cost.requests <= GOAL),
				});
			}
		}
		await measure(
			`Posts, ${count} scheduled listed shuffled (a draft's lookup asks for drafts only)`,
			posts('scheduled'),
			size,
			{ listOrder: 'shuffled' },
		);
		for (const [name, kind] of [
			['Media', MEDIA],
			['Comments of one post', COMMENTS],
		] as const) {
			const costs = await measure(`${name}, ${count} items`, kind, size, {});
			if (size === 5000)
				goals.push({
					goal: `${name} lookup at 5,000 items: at most ${GOAL} requests`,
					measured: cell(costs),
					met: costs.every((cost) => cost.requests <= GOAL),
				});
		}
	}
	const stable = wrong.filter((run) => !run.includes('shuffled'));
	goals.push({
		goal: 'Every create in a list order that shows itself leaves exactly one record (0 lost, 0 duplicates)',
		measured: stable.length === 0 ? 'all runs' : stable.join('; '),
		met: stable.length === 0,
	});
	goals.push({
		goal: 'No create leaves two records, in any order',
		measured: duplicates === 0 ? '0 duplicates' : `${duplicates} duplicates`,
		met: duplicates === 0,
	});
	const at5000 = rows.filter(
		(row) => row.measure.includes('5,000') && row.measure.startsWith('Posts, 5,000 drafts'),
	);
	return {
		id: 10,
		title: 'Exactly-once: what finding out costs',
		method:
			'For each list, size and order, the sandbox is reset and seeded with that much history, a year old (posts as drafts, spread over a year; media and comments a day old). ' +
			'One create then meets an ambiguous failure: the connection dropped after the service made the record ("made": the lookup must find it), or a 500 before it acted ("not made": the lookup must show it absent, then the create is sent again). ' +
			'The count is the GET requests to that list, from the sandbox log; the records left are counted afterwards. "Every page" is what the lookup read before: the whole list, ceil(total/100) pages (up to 4 times that in a new order per request).',
		rows,
		notes: [
			"A list in a new order for every request proves no order: the lookup then reads the whole list, and its pages up to 3 more times while they do not add up to its total (2 + 4 x ceil(total/100) requests). Not found in a reading that did not add up, the post is unknown: the item fails with an error that says so, and nothing is sent again (counted above as 0 records, never as a duplicate). A draft is looked for among drafts only (status[]=draft), which narrows that reading to the workspace's drafts: one request where they fit on a page.",
			'Posts made in the minutes before the create (more than a page of them) add one page: 3 requests.',
		],
		goals,
		summary: `The post lookup at 5,000 posts costs ${at5000.map((row) => `${row.measure.replace('Posts, 5,000 drafts listed ', '')}: ${row.ours}`).join(', ')} requests (goal ≤ ${GOAL} in the stable orders; before: every page).`,
	};
}
