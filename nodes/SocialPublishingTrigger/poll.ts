import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { readMe } from '../shared/me';
import type { Changes } from './changes';
import { readChanges, readExisting } from './changes';
import { emptyCursor, oldestFirst, savedCursor } from './cursor';
import { eventOf } from './events';
import { entered, isMember, readMembers } from './members';
import { toNotification } from './notification';
import { matcherOf, overdueFields } from './overdue';
import type { Watch } from './reading';
import { readPage, readPosts, readUntilWhole } from './reading';
import { addReconnectLinks, failedAccounts } from './reconnect';
import { sameRound } from './rounds';

/** What the node keeps between polls: the cursor, and the user ID behind the credential. */
interface TriggerStaticData extends IDataObject {
	cursor?: IDataObject;
	me?: { credentialId: string; userId: string };
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

/**
 * The people filters of the approval events: the parameter, the team members picked when it is
 * "Chosen", its label, and the posts list's query parameter.
 */
const PEOPLE_FILTERS = [
	['approvers', 'approverMembers', 'Approvers', 'approval_assigned_to'],
	['requestedBy', 'requesterMembers', 'Requested By', 'approval_requested_by'],
] as const;

/** Any / Me / Chosen Team Members, as the list of user IDs to filter by (empty: no filter). */
async function peopleIds(
	ctx: IPollFunctions,
	memory: TriggerStaticData,
	[parameter, membersParameter, label]: (typeof PEOPLE_FILTERS)[number],
): Promise<string[]> {
	const choice = ctx.getNodeParameter(parameter, 'any') as string;
	if (choice === 'me') return [await myUserId(ctx, memory)];
	if (choice !== 'chosen') return [];
	const rows = (ctx.getNodeParameter(`${membersParameter}.members`, []) as IDataObject[]) ?? [];
	const ids = rows
		.map((row) => {
			const member = row.member as IDataObject | string | undefined;
			return String(
				(typeof member === 'object' && member !== null ? member.value : member) ?? '',
			).trim();
		})
		.filter((id) => id !== '');
	if (ids.length === 0) {
		throw new NodeOperationError(ctx.getNode(), `No team member chosen for "${label}"`, {
			description: `Add at least one team member under "${label}", or set it to "Any".`,
		});
	}
	return [...new Set(ids)].sort();
}

function leadTimeMs(ctx: IPollFunctions): number {
	const minutes = ctx.getNodeParameter('leadTimeMinutes', 120) as unknown;
	if (typeof minutes !== 'number' || !Number.isFinite(minutes) || minutes < 0) {
		throw new NodeOperationError(
			ctx.getNode(),
			`The lead time must be a number of minutes, 0 or more, not "${String(minutes)}"`,
			{ description: 'Set "Lead Time (Minutes)", e.g. 120 for two hours before the post\'s time.' },
		);
	}
	return minutes * 60_000;
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
		for (const filter of PEOPLE_FILTERS) {
			const ids = await peopleIds(ctx, memory, filter);
			if (ids.length > 0) qs[filter[3]] = ids;
		}
	}
	const leadMs = event.deadline ? leadTimeMs(ctx) : 0;
	const scope = JSON.stringify({
		event: event.value,
		workspaceId,
		qs,
		...(event.deadline ? { leadMs } : {}),
	});
	return { event, workspaceId, qs, leadMs, scope };
}

async function itemsOf(
	ctx: IPollFunctions,
	posts: IDataObject[],
	watch: Watch,
	now: number,
): Promise<INodeExecutionData[]> {
	const includeRawPost = ctx.getNodeParameter('options.includeRawPost', false) as boolean;
	const items = posts.map((post) => {
		const item = toNotification(post, watch.event, includeRawPost);
		if (watch.event.deadline) Object.assign(item, overdueFields(post, now, watch.leadMs));
		if (watch.event.failures)
			item.failed_accounts = failedAccounts(item.accounts as IDataObject[], post);
		return item;
	});
	if (watch.event.failures && (ctx.getNodeParameter('options.reconnectLinks', false) as boolean)) {
		await addReconnectLinks(ctx, watch.workspaceId, items);
	}
	return ctx.helpers.returnJsonArray(items);
}

/**
 * Fetch Test Event: the newest matching post on the list's first page (one request; the list has
 * no stated order, so with more than 100 matching posts it may not be the newest of all), or an
 * error saying there is none. Saves nothing.
 */
async function testEvent(ctx: IPollFunctions): Promise<INodeExecutionData[][]> {
	const memory = { ...(ctx.getWorkflowStaticData('node') as TriggerStaticData) };
	const watch = await watchOf(ctx, memory);
	const page = await readPage(ctx, watch, 1);
	// Overdue is judged by the service's clock, which scheduled times are written in.
	const now = page.serviceTime ?? Date.now();
	const newest = oldestFirst(page.items.filter(matcherOf(watch, now))).pop();
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
	return [await itemsOf(ctx, [newest], watch, now)];
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
	const from = saved?.scope === watch.scope ? saved : emptyCursor(watch.scope);
	const firstPoll = from !== saved;
	const includeExisting = this.getNodeParameter('options.includeExisting', false) as boolean;

	// Posts already in the state when watching starts are noted, not emitted. Post Pending Approval
	// and Approval Overdue read their (short) lists whole each time; the other events what changed.
	const { tracksRounds } = watch.event;
	const noteOnly = firstPoll && !includeExisting;
	const members = readMembers(from.members);
	const changes: Omit<Changes, 'marks'> & Partial<Changes> & { serviceTime?: number } = tracksRounds
		? noteOnly
			? { ...(await readUntilWhole(this, watch)), whole: true }
			: await readPosts(this, watch)
		: noteOnly
			? await readExisting(this, watch)
			: await readChanges(this, watch, from, (post) => isMember(members, post));
	// Overdue is judged by the service's clock (its Date header), which scheduled times are written
	// in; n8n's own when the service does not say.
	const now = changes.serviceTime ?? Date.now();
	const round = tracksRounds ? sameRound : undefined;
	const { cursor, news } = entered(from, changes, matcherOf(watch, now), round);

	// Built before anything is saved: a request the items need (reconnect links) that fails in a way
	// that stops the poll leaves the state as it was.
	const items = !noteOnly && news.length > 0 ? await itemsOf(this, news, watch, now) : null;

	// Assigned only when changed: n8n saves the workflow's static data whenever it is written to.
	if (memory.me && JSON.stringify(memory.me) !== JSON.stringify(staticData.me)) {
		staticData.me = memory.me;
	}
	if (JSON.stringify(cursor) !== JSON.stringify(staticData.cursor)) {
		staticData.cursor = cursor as unknown as IDataObject;
	}
	return items ? [items] : null;
}
