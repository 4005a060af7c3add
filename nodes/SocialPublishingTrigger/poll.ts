import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { getPage } from '../shared/api';
import { PER_PAGE_MAX } from '../shared/limits';
import { readMe } from '../shared/me';
import type { Cursor } from './cursor';
import { advance, emptyCursor, isNew, mayContinue, oldestFirst, savedCursor } from './cursor';
import type { TriggerEvent } from './events';
import { eventOf } from './events';
import { toNotification } from './notification';
import { sameRound } from './rounds';
import { postIdOf, stampOf } from './stamps';

/** What the node keeps between polls: the cursor, and the user ID behind the credential. */
interface TriggerStaticData extends IDataObject {
	cursor?: IDataObject;
	me?: { credentialId: string; userId: string };
}

interface Watch {
	event: TriggerEvent;
	workspaceId: string;
	qs: IDataObject;
	/** Event, workspace and filters: the cursor belongs to exactly this. */
	scope: string;
}

/** IDs of the team members picked in a fixed collection of locators. */
function chosenMembers(ctx: IPollFunctions, name: string): string[] {
	const rows = (ctx.getNodeParameter(`${name}.members`, []) as IDataObject[]) ?? [];
	return rows
		.map((row) => {
			const member = row.member as IDataObject | string | undefined;
			return String(
				(typeof member === 'object' && member !== null ? member.value : member) ?? '',
			).trim();
		})
		.filter((id) => id !== '');
}

/**
 * The user behind the API key, asked once per credential and remembered in `memory` (the poll
 * saves it with the cursor, so a poll that fails later leaves static data as it was).
 */
async function myUserId(ctx: IPollFunctions, memory: TriggerStaticData): Promise<string> {
	const credentialId = String(ctx.getNode().credentials?.socialPublishingApi?.id ?? '');
	if (memory.me?.credentialId === credentialId) return memory.me.userId;
	const { userId } = await readMe(ctx);
	if (userId === '') {
		throw new NodeOperationError(
			ctx.getNode(),
			'The service did not say which user the API key belongs to',
			{
				description:
					'GET /api/v1/me answered without a user ID. Choose the approvers or requesters from the list instead of "Me".',
			},
		);
	}
	memory.me = { credentialId, userId };
	return userId;
}

/** Any / Me / Chosen Team Members, as the list of user IDs to filter by (empty: no filter). */
async function peopleFilter(
	ctx: IPollFunctions,
	memory: TriggerStaticData,
	choice: string,
	membersParameter: string,
	label: string,
): Promise<string[]> {
	if (choice === 'me') return [await myUserId(ctx, memory)];
	if (choice !== 'chosen') return [];
	const ids = chosenMembers(ctx, membersParameter);
	if (ids.length === 0) {
		throw new NodeOperationError(ctx.getNode(), `No team member chosen for "${label}"`, {
			description: `Add at least one team member under "${label}", or set it to "Any".`,
		});
	}
	return [...new Set(ids)].sort();
}

async function watchOf(ctx: IPollFunctions, memory: TriggerStaticData): Promise<Watch> {
	const eventValue = ctx.getNodeParameter('event') as string;
	const event = eventOf(eventValue);
	if (!event) {
		throw new NodeOperationError(ctx.getNode(), `The event "${eventValue}" is not known`, {
			description: 'Choose an event from the list.',
		});
	}
	const workspaceId = String(
		ctx.getNodeParameter('workspaceId', '', { extractValue: true }) ?? '',
	).trim();
	if (workspaceId === '') {
		throw new NodeOperationError(ctx.getNode(), 'No workspace chosen', {
			description: 'Choose the workspace to watch from the list, or enter its ID.',
		});
	}
	const qs: IDataObject = { status: event.statuses };
	if (event.approvalFilters) {
		const assignedTo = await peopleFilter(
			ctx,
			memory,
			ctx.getNodeParameter('approvers', 'any') as string,
			'approverMembers',
			'Approvers',
		);
		const requestedBy = await peopleFilter(
			ctx,
			memory,
			ctx.getNodeParameter('requestedBy', 'any') as string,
			'requesterMembers',
			'Requested By',
		);
		if (assignedTo.length > 0) qs.approval_assigned_to = assignedTo;
		if (requestedBy.length > 0) qs.approval_requested_by = requestedBy;
	}
	const scope = JSON.stringify({ event: event.value, workspaceId, qs });
	return { event, workspaceId, qs, scope };
}

/** What one poll read: the posts, and whether that was the whole list. */
interface Reading {
	posts: IDataObject[];
	complete: boolean;
}

/**
 * Reads the posts list newest first, one full page at a time, while `more(page)` says the next page
 * may still matter.
 */
async function readPosts(
	ctx: IPollFunctions,
	watch: Watch,
	more: (page: IDataObject[]) => boolean,
): Promise<Reading> {
	const posts: IDataObject[] = [];
	for (let pageNumber = 1; ; pageNumber++) {
		const page = await getPage.call(
			ctx,
			'posts',
			{ workspaceId: watch.workspaceId },
			{ page: pageNumber, perPage: PER_PAGE_MAX, qs: watch.qs },
		);
		posts.push(...page.items);
		if (page.items.length === 0 || !page.hasMore) return { posts, complete: true };
		if (!more(page.items)) return { posts, complete: false };
	}
}

/** The same post can show up twice when the list shifts between pages; keep its newest copy. */
function distinct(posts: IDataObject[]): IDataObject[] {
	const byId = new Map<string, IDataObject>();
	for (const post of posts) {
		const seen = byId.get(postIdOf(post));
		if (!seen || stampOf(post) > stampOf(seen)) byId.set(postIdOf(post), post);
	}
	return [...byId.values()];
}

/** A post under review that changed only because approvers approved: not a new request. */
function stillInRound(event: TriggerEvent, cursor: Cursor, post: IDataObject): boolean {
	const mark = cursor.rounds[postIdOf(post)];
	return event.tracksRounds && mark !== undefined && sameRound(mark, post);
}

/**
 * Review rounds of posts no longer under review are dropped, so the map holds about the posts
 * pending now. A post missing from what was read has left review when the reading was the whole
 * list, or when its last change is newer than the oldest post read (it would have been read).
 */
function forgetRoundsEnded(cursor: Cursor, { posts, complete }: Reading): Cursor {
	if (Object.keys(cursor.rounds).length === 0) return cursor;
	const read = new Set(posts.map(postIdOf));
	const oldestRead = Math.min(...posts.map(stampOf));
	const rounds = Object.fromEntries(
		Object.entries(cursor.rounds).filter(
			([id, [at]]) => read.has(id) || (!complete && !(at > oldestRead)),
		),
	);
	return { ...cursor, rounds };
}

function itemsOf(
	ctx: IPollFunctions,
	posts: IDataObject[],
	event: TriggerEvent,
): INodeExecutionData[] {
	const includeRawPost = ctx.getNodeParameter('options.includeRawPost', false) as boolean;
	return ctx.helpers.returnJsonArray(
		posts.map((post) => toNotification(post, event, includeRawPost)),
	);
}

/** Fetch Test Event: the newest matching post, or an error saying there is none. Saves nothing. */
async function testEvent(ctx: IPollFunctions): Promise<INodeExecutionData[][]> {
	const memory = { ...(ctx.getWorkflowStaticData('node') as TriggerStaticData) };
	const watch = await watchOf(ctx, memory);
	const { posts } = await readPosts(ctx, watch, () => false);
	const newest = oldestFirst(posts.filter(watch.event.matches)).pop();
	if (!newest) {
		throw new NodeOperationError(
			ctx.getNode(),
			`${watch.event.noneFound} in this workspace with these filters yet`,
			{
				description:
					'Fetch Test Event shows the newest post that matches the event and filters. Make one happen in the workspace (or widen the filters), then fetch again. Once the workflow is active, the trigger fires for such posts as they come.',
			},
		);
	}
	return [itemsOf(ctx, [newest], watch.event)];
}

/** Posts already in the state when watching starts are not news: accounted for, not emitted. */
async function baseline(ctx: IPollFunctions, watch: Watch): Promise<Cursor> {
	// The newest page sets the watermark; a further page is read only while posts tie with it.
	let newest = emptyCursor(watch.scope);
	const { posts } = await readPosts(ctx, watch, (page) => {
		newest = advance(newest, oldestFirst(page.filter(watch.event.matches)));
		return mayContinue(newest, page);
	});
	const present = oldestFirst(distinct(posts).filter(watch.event.matches));
	return advance(emptyCursor(watch.scope), present, watch.event.tracksRounds);
}

/**
 * One poll. Emits each post that entered the watched state since the last poll, oldest first.
 * Static data is written only once every request has succeeded: a failed poll changes nothing.
 */
export async function pollPosts(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	if (this.getMode() === 'manual') return await testEvent(this);

	const staticData = this.getWorkflowStaticData('node') as TriggerStaticData;
	const memory: TriggerStaticData = { me: staticData.me };
	const watch = await watchOf(this, memory);
	const saved = savedCursor(staticData.cursor);
	const firstPoll = saved === undefined || saved.scope !== watch.scope;
	const includeExisting = this.getNodeParameter('options.includeExisting', false) as boolean;

	let cursor: Cursor;
	let news: IDataObject[] = [];
	if (firstPoll && !includeExisting) {
		cursor = await baseline(this, watch);
	} else {
		const from = firstPoll || !saved ? emptyCursor(watch.scope) : saved;
		const reading = await readPosts(this, watch, (page) => firstPoll || mayContinue(from, page));
		const changed = oldestFirst(
			distinct(reading.posts).filter((post) => watch.event.matches(post) && isNew(from, post)),
		);
		news = changed.filter((post) => !stillInRound(watch.event, from, post));
		cursor = advance(forgetRoundsEnded(from, reading), changed, watch.event.tracksRounds);
	}

	// Assigned only when changed: n8n saves the workflow's static data whenever it is written to.
	if (memory.me && JSON.stringify(memory.me) !== JSON.stringify(staticData.me)) {
		staticData.me = memory.me;
	}
	if (JSON.stringify(cursor) !== JSON.stringify(staticData.cursor)) {
		staticData.cursor = cursor as unknown as IDataObject;
	}
	return news.length > 0 ? [itemsOf(this, news, watch.event)] : null;
}
