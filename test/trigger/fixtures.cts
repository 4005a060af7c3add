// The trigger's story in tests: a Watcher is one trigger node in an active workflow. Each tick runs
// its poll through n8n's PollContext with the static data the previous tick left, and reports what
// it emitted and which requests reached the sandbox.
import { randomUUID } from 'node:crypto';

import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { DEMO } from '../../sandbox/demo-data.cts';
import { LIST_ORDERS } from '../../sandbox/profile.cts';
import type { SimulateRequest } from '../../sandbox/client.cts';
import { runPoll } from '../harness/engine.cts';
import type { NodeErrorInfo } from '../harness/engine.cts';
import type { KeyName, SandboxHandle } from '../harness/sandbox.cts';
import { byId, MAIN_WORKSPACE } from '../library/fixtures.cts';

export { MAIN_WORKSPACE };
export const SECOND_WORKSPACE = DEMO.workspaces.second.id;
export const U = DEMO.users;
export const P = DEMO.posts;
export const postsPath = (workspaceId = MAIN_WORKSPACE) =>
	`/api/v1/workspaces/${workspaceId}/posts`;

/** The posts pending approval in the demo data, newest change first. */
export const DEMO_PENDING = [
	P.pendingForMaya2,
	P.pendingForMaya1,
	P.pendingForAlexAndJordan,
	P.pendingForAlex2,
	P.pendingForAlex1,
];

export interface SentRequest {
	method: string;
	path: string;
	query: IDataObject;
}

export interface Tick {
	ids: string[];
	items: INodeExecutionData[];
	error?: NodeErrorInfo;
	requests: SentRequest[];
	/**
	 * Per request, the IDs its answer held when it was a posts list (else none): in a list drawn
	 * anew for every request, only the log tells what a poll was shown.
	 */
	listed: string[][];
	staticData: IDataObject;
}

/** The trigger's parameters: an event in the main workspace, plus whatever else the test sets. */
export function watching(
	event = 'postPendingApproval',
	rest: INodeParameters = {},
): INodeParameters {
	return { event, workspaceId: byId(MAIN_WORKSPACE), ...rest };
}

/** Chosen team members, as the editor stores a fixed collection of locators. */
export function members(...userIds: string[]) {
	return { members: userIds.map((id) => ({ member: byId(id) })) };
}

/** The posts-list request one page of a poll sends. */
export function listRequest(
	page: number,
	filters: IDataObject = {},
	workspaceId = MAIN_WORKSPACE,
): SentRequest {
	return {
		method: 'GET',
		path: postsPath(workspaceId),
		query: { page: String(page), per_page: '100', 'status[]': 'under_review', ...filters },
	};
}

export class Watcher {
	staticData: IDataObject;

	parameters: INodeParameters;

	private readonly sandbox: SandboxHandle;

	private readonly keyName: KeyName;

	private readonly credentialId?: string;

	private readonly pollBudgetMs?: number;

	/** One workflow and one node, poll after poll, as in n8n (a restarted Watcher gets new ones). */
	private readonly ids = { workflow: `wf-${randomUUID()}`, node: randomUUID() };

	constructor(
		sandbox: SandboxHandle,
		parameters: INodeParameters,
		options: {
			keyName?: KeyName;
			staticData?: IDataObject;
			credentialId?: string;
			/** The budget n8n hands each poll (getPollBudgetMs); else n8n's default, 5 minutes. */
			pollBudgetMs?: number;
		} = {},
	) {
		this.sandbox = sandbox;
		this.parameters = parameters;
		this.keyName = options.keyName ?? 'full';
		this.staticData = options.staticData ?? {};
		this.credentialId = options.credentialId;
		this.pollBudgetMs = options.pollBudgetMs;
	}

	/** One poll of the active workflow. Static data carries over, as n8n keeps it between polls. */
	async tick(): Promise<Tick> {
		return await this.run('trigger');
	}

	/** The editor's Fetch Test Event: a manual run; its static data is not kept. */
	async fetchTestEvent(): Promise<Tick> {
		return await this.run('manual');
	}

	/**
	 * A new Watcher resuming from this one's persisted static data, as n8n after a restart: what the
	 * node kept in memory is gone (new workflow and node IDs stand for that here).
	 */
	restarted(): Watcher {
		return new Watcher(this.sandbox, this.parameters, {
			keyName: this.keyName,
			pollBudgetMs: this.pollBudgetMs,
			staticData: JSON.parse(JSON.stringify(this.staticData)) as IDataObject,
		});
	}

	private async run(mode: 'trigger' | 'manual'): Promise<Tick> {
		const { control } = this.sandbox;
		await control.clearRequests();
		const result = await runPoll({
			parameters: this.parameters,
			credentials: this.sandbox.credentials(this.keyName),
			credentialId: this.credentialId,
			staticData: this.staticData,
			mode,
			pollBudgetMs: this.pollBudgetMs,
			ids: this.ids,
		});
		if (mode === 'trigger') this.staticData = result.staticData;
		const items = result.items ?? [];
		const log = await control.requests();
		const requests = log.map(({ method, path, query }) => ({
			method,
			path,
			query: query as IDataObject,
		}));
		return {
			ids: items.map((item) => String(item.json.id)),
			items,
			error: result.error,
			requests,
			listed: log.map((entry) => entry.listed ?? []),
			staticData: result.staticData,
		};
	}
}

type ApproveOption = 'anyone' | 'all';

/** Changes in the main workspace, in the user's words. */
export function workspaceEvents(sandbox: SandboxHandle, workspaceId = MAIN_WORKSPACE) {
	const simulate = (request: Omit<SimulateRequest, 'workspace_id'>) =>
		sandbox.control.simulate({ workspace_id: workspaceId, ...request });
	return {
		/** Maya sends new posts for review; Alex is asked to approve. Answers their IDs. */
		sendForReview: (
			count = 1,
			approvers: string[] = [U.alex.id],
			createdBy: string = U.maya.id,
			approveOption: ApproveOption = 'anyone',
		) =>
			simulate({
				action: 'create_pending',
				created_by_user_id: createdBy,
				approvers,
				count,
				approve_option: approveOption,
			}),
		enterReview: async (
			postId: string,
			approvers: string[] = [U.alex.id],
			approveOption: ApproveOption = 'anyone',
		) =>
			(
				await simulate({
					action: 'enter_review',
					post_id: postId,
					approvers,
					approve_option: approveOption,
				})
			)[0],
		/** Alex (the `full` key) approves through the API. */
		approveAsAlex: (postId: string) => approveAsAlex(sandbox, postId, workspaceId),
		leaveReview: async (postId: string) =>
			(await simulate({ action: 'leave_review', post_id: postId }))[0],
		publish: async (postId: string) => (await simulate({ action: 'publish', post_id: postId }))[0],
		fail: async (postId: string) => (await simulate({ action: 'fail', post_id: postId }))[0],
		reject: async (postId: string, note?: string) =>
			(await simulate({ action: 'reject', post_id: postId, note }))[0],
		/** Posts created straight into review in one go (same moment when the clock is frozen). */
		seedPending: (count: number, approvers: string[] = [U.alex.id]) =>
			sandbox.control.seed({
				workspace_id: workspaceId,
				resource: 'posts',
				count,
				template: { status: 'under_review', approvers, created_by_user_id: U.maya.id },
			}),
	};
}

/** The list orders every trigger suite runs through (not the opaque one: sandbox/profile.cts). */
export type ListOrder = (typeof LIST_ORDERS)[number];
/** The IDs a tick was shown by the watched list (not by a window of days), each once. */
export const shownBy = (tick: Tick): Set<string> =>
	new Set(
		tick.requests.flatMap((request, at) =>
			request.query.date_from === undefined ? tick.listed[at] : [],
		),
	);

/**
 * The pages a tick asked for, each as often as asked, sorted: pages after the first are asked for a
 * few at once, so the order they arrive in is not fixed.
 */
export const pagesRead = (tick: Tick): number[] =>
	tick.requests.map((request) => Number(request.query.page)).sort((a, b) => a - b);

/**
 * Expects `expected` (oldest first) announced once each, every one by the first tick that was shown
 * it, and nothing else: a poll announces each post it is shown that entered (docs/design/trigger.md),
 * so in a list drawn anew for every request, where a reading of every page can leave a post out,
 * which poll announces it is known from what each poll was shown.
 */
export function expectAnnouncedWhenShown(ticks: Tick[], expected: string[]) {
	const owed = new Set(expected);
	for (const tick of ticks) {
		const shown = shownBy(tick);
		const now = expected.filter((id) => owed.has(id) && shown.has(id));
		expect(tick.ids).toEqual(now);
		for (const id of now) owed.delete(id);
	}
	expect([...owed]).toEqual([]);
}

/** The suite once per order the service may list posts in (section 4.13 states none). */
export function inEachListOrder(sandbox: SandboxHandle, suite: (listOrder: ListOrder) => void) {
	describe.each(LIST_ORDERS)('posts listed %s', (listOrder) => {
		beforeEach(async () => {
			await sandbox.control.profile({ listOrder });
		});
		suite(listOrder);
	});
}

/**
 * Polls until `expected` were all emitted, at most `maxPolls` times. A list in a new order for
 * every request can leave a post out of one poll; it is emitted by a later one. Answers every ID
 * emitted, in order (duplicates kept, so a test can see them), and the ticks.
 */
export async function pollUntilEmitted(watcher: Watcher, expected: string[], maxPolls = 30) {
	const ids: string[] = [];
	const ticks: Tick[] = [];
	while (ticks.length < maxPolls && !expected.every((id) => ids.includes(id))) {
		const tick = await watcher.tick();
		expect(tick.error).toBeUndefined();
		ticks.push(tick);
		ids.push(...tick.ids);
	}
	return { ids, ticks };
}

/**
 * Page 1 of the posts in `status` (or `page`), the whole answer as the service gives it now (its
 * `total` and `last_page` too): what a test edits into an answer the service might give instead.
 */
export async function firstPage(
	sandbox: SandboxHandle,
	status: string,
	workspaceId = MAIN_WORKSPACE,
	page = 1,
): Promise<{ data: IDataObject[]; total: number; last_page: number }> {
	const answer = await fetch(
		`${sandbox.url}${postsPath(workspaceId)}?page=${page}&per_page=100&status[]=${status}`,
		{ headers: { 'X-API-Key': sandbox.credentials().apiKey } },
	);
	return (await answer.json()) as { data: IDataObject[]; total: number; last_page: number };
}

/** Deletes a post through the API, as a person would. */
export async function deletePost(sandbox: SandboxHandle, id: string, workspaceId = MAIN_WORKSPACE) {
	const deleted = await fetch(`${sandbox.url}${postsPath(workspaceId)}/${id}`, {
		method: 'DELETE',
		headers: { 'X-API-Key': sandbox.credentials().apiKey },
	});
	expect(deleted.status).toBe(200);
}

/** New posts in the main workspace, created now and then published, one after another. */
export async function publishNew(sandbox: SandboxHandle, count: number): Promise<string[]> {
	const { control } = sandbox;
	const ids = await control.seed({
		workspace_id: MAIN_WORKSPACE,
		resource: 'posts',
		count,
		template: { status: 'scheduled' },
	});
	for (const id of ids) {
		await control.simulate({ action: 'publish', workspace_id: MAIN_WORKSPACE, post_id: id });
	}
	return ids;
}

/**
 * Activation: the first poll, and the further polls of a first reading longer than a poll may read
 * (read/budget.ts: 200 pages in the 5 minutes n8n's legacy scheduler allows a poll), at most `most`
 * in all. None announces anything, and the reading ends. Answers the polls.
 */
export async function activate(watcher: Watcher, most: number): Promise<Tick[]> {
	const ticks: Tick[] = [];
	const reading = () => (watcher.staticData.cursor as IDataObject | undefined)?.readAt;
	do {
		const tick = await watcher.tick();
		expect(tick.error).toBeUndefined();
		expect(tick.ids).toEqual([]);
		ticks.push(tick);
	} while (reading() !== undefined && ticks.length < most);
	expect(reading()).toBeUndefined();
	return ticks;
}

/**
 * Activation over two pages: whole readings of pages 1 and 2, one of them unless the list comes in
 * a new order for every request; then it is read again until the readings hold every post (at most 40).
 */
export function expectActivationReadings(tick: Tick, listOrder: ListOrder) {
	const readings = tick.requests.length / 2;
	expect(tick.requests).toEqual(
		Array.from({ length: readings }, () => [listRequest(1), listRequest(2)]).flat(),
	);
	if (listOrder === 'shuffled') expect(readings).toBeLessThanOrEqual(8);
	else expect(readings).toBe(1);
}

/** A POST of Alex's (the `full` key) on one of the post's endpoints, as a user would send it. */
async function asAlex(sandbox: SandboxHandle, path: string, body: object, status: number) {
	const response = await fetch(`${sandbox.url}${path}`, {
		method: 'POST',
		headers: {
			'X-API-Key': sandbox.credentials('full').apiKey,
			'content-type': 'application/json',
		},
		body: JSON.stringify(body),
	});
	expect(response.status).toBe(status);
}

/** Alex approves a post through the API, with a note if given. */
export const approveAsAlex = (
	sandbox: SandboxHandle,
	postId: string,
	workspaceId = MAIN_WORKSPACE,
	comment?: string,
) =>
	asAlex(
		sandbox,
		`${postsPath(workspaceId)}/${postId}/approval`,
		{ action: 'approve', comment },
		200,
	);

/** A teammate's comment on the post, through the API: an edit, which stamps its `updated_at`. */
export const addComment = (sandbox: SandboxHandle, postId: string, workspaceId = MAIN_WORKSPACE) =>
	asAlex(
		sandbox,
		`${postsPath(workspaceId)}/${postId}/comments`,
		{ comment: 'Nice one', is_note: true },
		201,
	);

/**
 * A teammate edits the post: its text and labels from the service's screens, or a note through the
 * API. Either stamps its `updated_at`; its status stays.
 */
export async function editPost(
	sandbox: SandboxHandle,
	postId: string,
	through: 'screens' | 'api',
	workspaceId = MAIN_WORKSPACE,
) {
	if (through === 'api') return await addComment(sandbox, postId, workspaceId);
	await sandbox.control.simulate({
		action: 'edit',
		workspace_id: workspaceId,
		post_id: postId,
		text: 'Edited text',
		label_ids: [],
	});
}

/**
 * Fakes `Date` only (timers, ticks and I/O run as usual), from the real time now on a whole second:
 * the node's "now" and the sandbox's clock then move together, by `passes`, and nothing waits.
 */
export function fakeDate() {
	jest.useFakeTimers({
		doNotFake: [
			'hrtime',
			'nextTick',
			'performance',
			'queueMicrotask',
			'requestAnimationFrame',
			'cancelAnimationFrame',
			'requestIdleCallback',
			'cancelIdleCallback',
			'setImmediate',
			'clearImmediate',
			'setInterval',
			'clearInterval',
			'setTimeout',
			'clearTimeout',
		],
		now: Math.floor(Date.now() / 1000) * 1000,
	});
}

/** Moves the faked time forward (see fakeDate). */
export const passes = (ms: number) => jest.setSystemTime(Date.now() + ms);
