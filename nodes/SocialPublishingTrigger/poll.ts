import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { idOf } from '../shared/ids';
import { overdueFields, toNotification } from './emit/notification';
import { addReconnectLinks, failedAccounts } from './emit/reconnect';
import { startPoll } from './read/budget';
import { readChanges, readExisting, readOnward } from './read/changes';
import { readPage } from './read/pages';
import type { Cursor } from './remember/cursor';
import { emptyCursor, savedCursor } from './remember/cursor';
import { entered, readMembers } from './remember/members';
import { oldestFirst } from './watch/post';
import type { TriggerStaticData, Watch } from './watch/settings';
import { isDue, watchOf } from './watch/settings';

/*
 * The route of a poll: what it watches (watch/), what it reads of the posts list (read/), what it
 * remembers between polls (remember/), and the items it announces (emit/).
 */

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
	if (watch.event.failures && (ctx.getNodeParameter('options.reconnectLinks', false) as boolean))
		await addReconnectLinks(ctx, watch.workspaceId, items);
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
	const due = isDue(watch, now);
	const newest = oldestFirst(
		page.items.filter((post) => watch.event.matches(post) && due(post)),
	).pop();
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
 * The cursor each poll that announced nothing left, by workflow and node, in this process. n8n's
 * durable scheduler (2.41) keeps the static data only of a poll that announces without durable
 * cursors, and not the poll at activation's with them: the static data it hands over is then behind
 * (a lower `seq`), and a reading over several polls would not go on. A poll that announced nothing
 * lost nothing by being dropped.
 */
const written = new Map<string, Cursor>();

/**
 * One poll. Announces each post that entered the watched state since the last poll, oldest first.
 * Static data is written only once every request has succeeded: a failed poll changes nothing.
 */
export async function pollPosts(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	if (this.getMode() === 'manual') return await testEvent(this);

	startPoll(this);
	const staticData = this.getWorkflowStaticData('node') as TriggerStaticData;
	const memory: TriggerStaticData = { me: staticData.me };
	const watch = await watchOf(this, memory);
	const key = `${this.getWorkflow().id ?? ''} ${this.getNode().id}`;
	const [saved, mine] = [savedCursor(staticData.cursor), written.get(key)];
	const latest = mine && (mine.seq ?? 0) > (saved?.seq ?? 0) ? mine : saved;
	const from = latest?.scope === watch.scope ? latest : emptyCursor(watch.scope);
	const firstPoll = from !== latest;
	const includeExisting = this.getNodeParameter('options.includeExisting', false) as boolean;

	// Posts already in the state when watching starts are noted, not announced: only those entering
	// where new posts land while a long first reading goes on are (read/onward.ts).
	const noteOnly = firstPoll && !includeExisting;
	const members = readMembers(from.members, watch.event);
	let changes;
	if (from.readAt !== undefined) changes = await readOnward(this, watch, from, members);
	else if (noteOnly) changes = await readExisting(this, watch);
	else changes = await readChanges(this, watch, from, members);
	// Overdue is judged by the service's clock (its Date header), which scheduled times are written
	// in; n8n's own when the service does not say.
	const now = changes.serviceTime ?? Date.now();
	const { cursor, news } = entered(from, changes, watch, now);
	const noting = noteOnly || from.noting === true;
	const told = noting ? news.filter((post) => changes.entering?.has(idOf(post))) : news;

	// Built before anything is saved: a request the items need (reconnect links) that fails in a way
	// that stops the poll leaves the state as it was.
	const items = told.length > 0 ? await itemsOf(this, told, watch, now) : null;

	// Assigned only when changed: n8n saves the workflow's static data whenever it is written to.
	if (memory.me && JSON.stringify(memory.me) !== JSON.stringify(staticData.me))
		staticData.me = memory.me;
	if (JSON.stringify(cursor) !== JSON.stringify(from)) cursor.seq = (from.seq ?? 0) + 1;
	if (JSON.stringify(cursor) !== JSON.stringify(staticData.cursor))
		staticData.cursor = cursor as unknown as IDataObject;
	if (items) written.delete(key);
	else written.set(key, cursor);
	return items ? [items] : null;
}
