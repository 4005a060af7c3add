// Post Published over 10,000 published posts, with the key held to 100 requests a minute, in three
// n8n set-ups side by side (each n8n starting once the one before has read the list): the legacy
// scheduler, n8n's durable scheduler (opt-in in 2.41), and the durable scheduler with durable cursors. A post published after activation must be announced
// once. The durable scheduler abandons a poll past N8N_SCHEDULER_POLL_TIMEOUT (45 s): a poll that
// read the whole list (101 requests, over a minute at that quota) for a new post was abandoned on
// every try, and the post was never announced (docs/trigger.md, How soon, and what it costs).
import type { INodeExecutionData, IRunExecutionData } from 'n8n-workflow';

import { SandboxControl } from '../../sandbox/client.cts';
import { DEMO } from '../../sandbox/demo-data.cts';
import { startSandbox } from '../../sandbox/server.cts';
import type { Workflow } from '../../scripts/examples.cts';
import {
	activateWorkflow,
	CREDENTIAL_ID,
	CREDENTIAL_NAME,
	requireFromN8n,
	type N8nSession,
	type RunningN8n,
} from '../../scripts/n8n-runtime.cts';
import { startOfflineServices, type OfflineServices } from '../../scripts/offline-services.cts';
import { prepareN8n, SETUP_TIMEOUT, startLoggedIn, waitFor } from './setup.cts';

const main = DEMO.workspaces.main;
const POSTS_PATH = `/api/v1/workspaces/${main.id}/posts`;
const WORKFLOW_ID = 'spE2eDurable0001';
const TRIGGER = 'Post is published';
const LIMIT = { limit: 100, windowSeconds: 60, headers: true };
/** n8n's line for a poll the durable scheduler gave up on, and for one it handed to an execution. */
const ABANDONED = 'Poll exceeded its timeout and was abandoned';
const HANDED_OFF = 'Poll returned new data; handed off to a new execution';

/**
 * The durable scheduler takes poll triggers only with the workflow publication service on (without
 * it n8n warns and keeps its legacy engine); durable cursors need all three.
 */
const DURABLE = {
	N8N_SCHEDULER_ENABLED: 'true',
	N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
	N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'true',
};
const SETUPS = [
	{ name: 'legacy scheduler', folder: 'e2e-durable-legacy', env: {}, durable: false },
	{ name: 'durable scheduler', folder: 'e2e-durable-scheduler', env: DURABLE, durable: true },
	{
		name: 'durable scheduler with durable cursors',
		folder: 'e2e-durable-cursors',
		env: { ...DURABLE, N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true' },
		durable: true,
	},
];
type Setup = (typeof SETUPS)[number];

/** The trigger on Post Published in the main workspace, every minute, into a step that keeps it. */
const workflow: Workflow = {
	id: WORKFLOW_ID,
	name: 'E2E: Post Published at 10,000 posts',
	nodes: [
		{
			id: `${WORKFLOW_ID}-1`,
			name: TRIGGER,
			type: 'n8n-nodes-social-publishing.socialPublishingTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {
				pollTimes: { item: [{ mode: 'everyMinute' }] },
				event: 'postPublished',
				workspaceId: { __rl: true, mode: 'list', value: main.id, cachedResultName: main.name },
				options: {},
			},
			credentials: { socialPublishingApi: { id: CREDENTIAL_ID, name: CREDENTIAL_NAME } },
		},
		{
			id: `${WORKFLOW_ID}-2`,
			name: 'Announced',
			type: 'n8n-nodes-base.noOp',
			typeVersion: 1,
			position: [220, 0],
			parameters: {},
		},
	],
	connections: { [TRIGGER]: { main: [[{ node: 'Announced', type: 'main', index: 0 }]] } },
	settings: { executionOrder: 'v1' },
};

interface ListRead {
	seq: number;
	/** When the sandbox answered, ms since the epoch. */
	at: number;
	page: number;
}

async function listReads(control: SandboxControl): Promise<ListRead[]> {
	return (await control.requests({ method: 'GET', path: POSTS_PATH })).map((request) => ({
		seq: request.seq,
		at: Date.parse(request.at),
		page: Number(request.query.page ?? 1),
	}));
}

/**
 * The reads split where 10 s pass without one: a poll's reads, or two polls' that overlap. Without a
 * rate limit no poll waits 10 s between two reads; polls come a minute apart.
 */
function pollsOf(reads: ListRead[]): ListRead[][] {
	const polls: ListRead[][] = [];
	for (const read of reads) {
		const last = polls.at(-1);
		if (last && read.at - last[last.length - 1].at < 10_000) last.push(read);
		else polls.push([read]);
	}
	return polls;
}

const { parse } = requireFromN8n('flatted') as { parse(text: string): IRunExecutionData };

interface Announcement {
	startedAt: number;
	ids: string[];
}

/** The workflow's ended executions: the post IDs the trigger handed to each. */
async function announcements(session: N8nSession): Promise<Announcement[]> {
	const filter = encodeURIComponent(JSON.stringify({ workflowId: WORKFLOW_ID }));
	const list = await session.request<{ data: { results: { id: string; status: string }[] } }>(
		'GET',
		`/executions?filter=${filter}`,
	);
	const ended = list.body.data.results.filter(({ status }) => !['new', 'running'].includes(status));
	const found: Announcement[] = [];
	for (const { id } of ended) {
		const { body } = await session.request<{ data: { data: string; startedAt: string } }>(
			'GET',
			`/executions/${id}`,
		);
		const run = parse(body.data.data);
		const items: INodeExecutionData[] = run.resultData.runData[TRIGGER]?.[0]?.data?.main?.[0] ?? [];
		found.push({
			startedAt: Date.parse(body.data.startedAt),
			ids: items.map((item) => String(item.json.id)),
		});
	}
	return found.sort((a, b) => a.startedAt - b.startedAt);
}

interface Outcome {
	published: string;
	/** Per execution, oldest first, the posts announced. */
	announced: string[][];
	/** Pages of the list read from the publication until the announcement (or the deadline). */
	announcingReads: number[];
	/** Pages read by the poll after the announcement. */
	nextReads: number[];
	/** n8n's lines for polls the durable scheduler abandoned, and for polls it handed off. */
	abandoned: string[];
	handedOff: number;
}

interface Running {
	n8n?: RunningN8n;
	stop?: () => Promise<void>;
}

/** A set-up's turn to start n8n, and how it tells the next set-up that its first reading is read. */
interface Turn {
	ready: Promise<void>;
	read: () => void;
}

/**
 * One set-up from scratch to the poll after the announcement. The limit starts once the trigger has
 * kept its first reading (the whole list, 101 pages; docs/trigger.md): with durable cursors n8n does
 * not keep what the poll at activation read, and a scheduled first reading at 100 a minute is cut
 * off too. What is under test here is the poll that finds a new post.
 */
async function scenario(
	setup: Setup,
	offline: OfflineServices,
	running: Running,
	turn: Turn,
): Promise<Outcome> {
	const sandbox = await startSandbox({ port: 0 });
	running.stop = sandbox.stop;
	const control = new SandboxControl(sandbox.url);
	// The sandbox seeds at most 5,000 at a time: a year of history each.
	for (const history_seed of [1, 2]) {
		await control.seed({
			workspace_id: main.id,
			resource: 'posts',
			count: 5_000,
			template: { status: 'published', history_days: 365, history_seed },
		});
	}
	const { userFolder } = await prepareN8n(setup.folder, sandbox.url, offline, {
		workflows: () => [workflow],
	});
	// Published before start, as a user's workflows are when n8n starts: n8n runs the poll at
	// activation, then the schedule (the durable scheduler does both through its publication queue).
	await activateWorkflow(userFolder, WORKFLOW_ID);
	await turn.ready;
	const { n8n, session } = await startLoggedIn(userFolder, {
		// Debug: the durable scheduler says which poll it handed to an execution.
		env: { ...setup.env, N8N_LOG_LEVEL: 'debug' },
	});
	running.n8n = n8n;
	// The first reading read (a poll of more than 3 pages, its reads over): the next n8n may start.
	await waitFor(async () => {
		const whole = pollsOf(await listReads(control)).find((poll) => poll.length > 3);
		return whole !== undefined && Date.now() - whole[whole.length - 1].at > 2_000;
	}, Date.now() + 300_000);
	turn.read();

	// The first reading kept: a poll after it read at most 3 pages (one without a kept reading reads
	// all 101). Its reads are over: the next poll is most of a minute away.
	const kept = await waitFor(async () => {
		const polls = pollsOf(await listReads(control));
		const whole = polls.findIndex((poll) => poll.length > 3);
		const last = polls.at(-1) ?? [];
		return whole >= 0 && polls.length > whole + 1 && last.length <= 3
			? Date.now() - last[last.length - 1].at > 2_000
			: false;
	}, Date.now() + 300_000);
	if (!kept) {
		const polls = pollsOf(await listReads(control)).map((poll) => poll.length);
		throw new Error(`${setup.name}: no poll after the first reading (reads per poll: ${polls})`);
	}
	// n8n's log from here on: the checks under test. Checks on the schedule that start while the first
	// reading runs read the whole list too, and on a busy machine (CI's, seen) one can pass 45 s and
	// be cut off; docs/trigger.md says so, and the count is printed below, not asserted.
	const logFrom = n8n.output().split('\n').length;
	await control.rateLimit(LIMIT);

	const before = (await listReads(control)).at(-1)?.seq ?? 0;
	const [published] = await control.seed({
		workspace_id: main.id,
		resource: 'posts',
		count: 1,
		template: { status: 'scheduled' },
	});
	await control.simulate({ action: 'publish', workspace_id: main.id, post_id: published });
	// At most 4 polls.
	const announcedBy = async () =>
		(await announcements(session)).find((each) => each.ids.includes(published));
	await waitFor(async () => (await announcedBy()) !== undefined, Date.now() + 270_000);
	const announcement = await announcedBy();
	const end = announcement?.startedAt ?? Date.now();
	const since = (await listReads(control)).filter((read) => read.seq > before);
	const announcingReads = since.filter((read) => read.at <= end).map((read) => read.page);

	let nextReads: number[] = [];
	if (announcement) {
		// One more poll: its reads, then a few seconds for anything it would announce.
		const after = async () =>
			(await listReads(control)).filter((read) => read.at > announcement.startedAt);
		await waitFor(async () => {
			const reads = await after();
			return reads.length > 0 && Date.now() - reads[reads.length - 1].at > 5_000;
		}, announcement.startedAt + 100_000);
		nextReads = (await after()).map((read) => read.page);
	}
	const log = n8n.output().split('\n');
	const underTest = log.slice(logFrom);
	const outcome = {
		published,
		announced: (await announcements(session)).map((each) => each.ids),
		announcingReads,
		nextReads,
		abandoned: underTest.filter((line) => line.includes(ABANDONED)),
		handedOff: log.filter((line) => line.includes(HANDED_OFF)).length,
	};
	const cutOffFirst = log.slice(0, logFrom).filter((line) => line.includes(ABANDONED)).length;
	console.info(
		`${setup.name}: announced ${JSON.stringify(outcome.announced)}; pages read from the publication to the announcement: ${announcingReads.length} (${announcingReads.join(' ')}); the poll after: ${nextReads.join(' ')}; abandoned polls: ${outcome.abandoned.length} (while the first reading ran: ${cutOffFirst})`,
	);
	return outcome;
}

let offline: OfflineServices;
const running: Running[] = SETUPS.map(() => ({}));
const outcomes: (Outcome | Error)[] = [];

beforeAll(async () => {
	offline = await startOfflineServices();
	// The set-ups are prepared at once (a sandbox each, n8n's folder and the workflow published: CLI
	// runs that end), and each starts its n8n once the one before has read its first reading; then
	// they run on side by side. Three first readings of 10,000 posts at once kept a busy machine
	// (CI's, with other runs of real n8n beside) so busy that the durable scheduler cut them off for
	// minutes. CI's run of `386d424` took 704 s here when each set-up waited for the one before to
	// keep its reading (a poll later) before it was even prepared.
	let before: Promise<void> = Promise.resolve();
	const settled = await Promise.allSettled(
		SETUPS.map(async (setup, index) => {
			const ready = before;
			let read = () => {};
			before = new Promise<void>((done) => (read = done));
			return await scenario(setup, offline, running[index], { ready, read }).finally(read);
		}),
	);
	for (const result of settled) {
		outcomes.push(result.status === 'fulfilled' ? result.value : (result.reason as Error));
	}
}, SETUP_TIMEOUT);

afterAll(async () => {
	await Promise.all(
		running.map(async ({ n8n, stop }) => {
			await n8n?.stop();
			await stop?.();
		}),
	);
	await offline?.stop();
});

test.each(SETUPS.map((setup, index) => [setup.name, setup, index] as const))(
	'%s: a post published after activation is announced once, by a poll of at most 3 requests',
	(_name, setup, index) => {
		const outcome = outcomes[index];
		if (outcome instanceof Error) throw outcome;
		expect(outcome.announced).toEqual([[outcome.published]]);
		// Newest first: the landing page, the next (which shows the post pushed down) and the page in
		// turn; the poll after reads the landing page and the page in turn.
		expect(outcome.announcingReads.length).toBeGreaterThanOrEqual(1);
		expect(outcome.announcingReads.length).toBeLessThanOrEqual(3);
		expect(outcome.nextReads.length).toBeGreaterThanOrEqual(1);
		expect(outcome.nextReads.length).toBeLessThanOrEqual(2);
		expect(outcome.abandoned).toEqual([]);
		// The set-up is what it says: the durable scheduler ran the poll that announced.
		expect(outcome.handedOff).toBe(setup.durable ? 1 : 0);
	},
);
