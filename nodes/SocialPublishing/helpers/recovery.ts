import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { flattenAccounts } from '../../shared/accounts';
import { getList, getPage } from '../../shared/api';
import type { EndpointName, Page, PathParams, ShortList } from '../../shared/api';
import type { Found, Lookup } from '../../shared/api/exactlyOnce';
import { idOf, postIdOf } from '../../shared/ids';
import { PER_PAGE_MAX } from '../../shared/limits';
import { placeIn, readTime, timeOf } from '../../shared/time';

/**
 * Where a create that failed ambiguously looks for its result (shared/api/exactlyOnce.ts): the
 * API's own lists, matched on what was sent and on creation after the first attempt began.
 */

const SINCE = 'created after the first attempt';
const found = (record: IDataObject | undefined, matchedOn: string[]): Found | undefined =>
	record ? { record, matchedOn } : undefined;

/** Pages read before the whole list is: page 1, the last page, and one beside either. */
const MAX_PAGES = 3;
/** The orders a list may run in: on a record time, newest first or oldest first. */
const ORDERS = [true, false].flatMap((newestFirst) =>
	['created_at', 'updated_at'].map((key) => ({ key, newestFirst })),
);

/** Whether `records`, in list order, run newest first (or oldest first) on the time `key`. */
const inOrder = (records: IDataObject[], key: string, newestFirst: boolean) =>
	records.every((record, i) => {
		const [time, before] = [record, records[i - 1] ?? record].map((each) => timeOf(each[key]));
		return newestFirst ? time <= before : time >= before;
	});

interface Listing {
	endpoint: EndpointName;
	params: PathParams;
	qs?: IDataObject;
}

/**
 * The record of a list that `matches`, read as cheaply as the list's answers allow. Lists state no
 * order (section 4.13), so page 1 and the last page tell it: when the pages read run in one of
 * ORDERS and agree on the list's size, what was made since the attempt lies at the newest end,
 * and pages are read from there until one reaches back before `since`, MAX_PAGES in all at most.
 * Answers that prove no order leave the whole list to read; read short (pages that did not add
 * up), not finding the record leaves it unknown whether it exists: an error, nothing sent again.
 */
async function findMade(
	ctx: IExecuteFunctions,
	{ endpoint, params, qs }: Listing,
	itemIndex: number,
	since: () => number,
	matches: (record: IDataObject) => boolean,
): Promise<IDataObject | undefined> {
	const pages = new Map<number, Page>();
	const read = async (page: number) => {
		const answer =
			pages.get(page) ??
			(await getPage.call(ctx, endpoint, params, { itemIndex, qs, page, perPage: PER_PAGE_MAX }));
		pages.set(page, answer);
		return answer.items.find(matches);
	};
	let hit = await read(1);
	const { hasMore, lastPage: last = 1, total } = pages.get(1) as Page;
	if (hit || !hasMore || (hit = await read(last))) return hit;
	for (const { key, newestFirst } of ORDERS) {
		const step = newestFirst ? 1 : -1;
		for (let page = newestFirst ? 1 : last; page >= 1 && page <= last; page += step) {
			if (!pages.has(page) && pages.size >= MAX_PAGES) break;
			if ((hit = await read(page))) return hit;
			const inTurn = [...pages].sort(([a], [b]) => a - b).map(([, answer]) => answer);
			const items = inTurn.flatMap((answer) => answer.items);
			if (inTurn.some((answer) => answer.total !== total) || !inOrder(items, key, newestFirst))
				break;
			const { items: here } = pages.get(page) as Page;
			if (timeOf(here[newestFirst ? here.length - 1 : 0]?.[key]) < since()) return undefined;
		}
	}
	const reading: { short?: ShortList } = {};
	const records = await getList.call(ctx, endpoint, params, {
		itemIndex,
		qs,
		short: (list) => (reading.short = list),
	});
	hit = records.find(matches);
	if (!hit && reading.short) {
		const { read: counted, total: all } = reading.short;
		throw new Error(
			`only ${counted} of its ${all} records could be read: its pages did not add up`,
		);
	}
	return hit;
}

/** A lookup in a list, for a record made since the first attempt, not claimed yet, that `matches`. */
function listLookup(
	ctx: IExecuteFunctions,
	itemIndex: number,
	listing: Listing & Pick<Lookup, 'where' | 'idOf'> & Pick<Found, 'matchedOn'>,
	matches: (record: IDataObject) => boolean,
): Lookup {
	const { where, idOf: idIn, matchedOn } = listing;
	return {
		where,
		when: 'before-resend',
		idOf: idIn,
		find: async (since, claimed) =>
			found(
				await findMade(
					ctx,
					listing,
					itemIndex,
					since,
					(each) => !claimed.has(idIn(each)) && timeOf(each.created_at) >= since() && matches(each),
				),
				[...matchedOn, SINCE],
			),
	};
}

/** A wall-clock `YYYY-MM-DD HH:MM` in `zone`, from either form the service may answer with. */
function minuteIn(value: unknown, zone: string): string | undefined {
	const time = readTime(value);
	return time && placeIn(time, zone).wall.slice(0, 16);
}

/**
 * A post: the same text, the accounts sent (all of them, and only them unless a content category
 * adds its own), the same scheduled minute, and a draft as sent (one sent for review may be
 * reviewed by now: its status tells nothing). Drafts are looked for among drafts (status[]): a
 * service that does not filter answers more, never less.
 */
export function postLookup(
	ctx: IExecuteFunctions,
	workspaceId: string,
	body: IDataObject,
	zone: string,
	itemIndex: number,
): Lookup {
	const content = body.content as IDataObject;
	const scheduling = body.scheduling as IDataObject;
	const accounts = (body.accounts as string[] | undefined) ?? [];
	const byCategory = body.content_category_id !== undefined;
	const sentMinute = minuteIn(scheduling.scheduled_at, zone);
	const isDraft = scheduling.publish_type === 'draft';
	const reviewed = body.approval !== undefined;
	return listLookup(
		ctx,
		itemIndex,
		{
			where: "the workspace's posts",
			idOf: postIdOf,
			matchedOn: ['text', 'accounts', 'publish type', 'scheduled time'],
			endpoint: 'posts',
			params: { workspaceId },
			qs: isDraft && !reviewed ? { status: ['draft'] } : undefined,
		},
		(post) => {
			const postScheduling = (post.scheduling ?? {}) as IDataObject;
			const ids = new Set(flattenAccounts(post).map((account) => String(account.account_id)));
			return (
				(post.content as IDataObject | undefined)?.text === content.text &&
				accounts.every((id) => ids.has(id)) &&
				(byCategory || ids.size === accounts.length) &&
				(reviewed || (postScheduling.status === 'draft') === isDraft) &&
				(sentMinute === undefined || minuteIn(postScheduling.scheduled_at, zone) === sentMinute)
			);
		},
	);
}

/** A media item: the same name (and size, for a file), made after the first attempt. */
export function mediaLookup(
	ctx: IExecuteFunctions,
	workspaceId: string,
	{ name, size }: { name: string; size?: number },
	itemIndex: number,
): Lookup {
	const listing = { endpoint: 'media', params: { workspaceId } } as const;
	return listLookup(
		ctx,
		itemIndex,
		{
			...listing,
			where: 'the media library',
			idOf,
			matchedOn: size === undefined ? ['name'] : ['name', 'size'],
			// Newest first is asked for; findMade tells the order from the answers all the same.
			qs: { sort: 'recent', search: name },
		},
		(each) => each.name === name && (size === undefined || Number(each.size) === size),
	);
}

/** A comment: the same text and note flag, made after the first attempt. */
export function commentLookup(
	ctx: IExecuteFunctions,
	params: { workspaceId: string; postId: string },
	body: IDataObject,
	itemIndex: number,
): Lookup {
	return listLookup(
		ctx,
		itemIndex,
		{
			where: "the post's comments",
			idOf,
			matchedOn: ['text', 'note flag'],
			endpoint: 'comments',
			params,
		},
		(each) => each.comment === body.comment && (each.is_note === true) === (body.is_note === true),
	);
}

/**
 * An added account: sent again at once; a 409 DUPLICATE_ACCOUNT then means the first attempt
 * worked. The list may name the account by handle, by name, or by a display name of its own:
 * the one whose name matches, else the only one connected since the first attempt.
 */
export function accountLookup(
	ctx: IExecuteFunctions,
	workspaceId: string,
	{ platform, name }: { platform: string; name: string },
	itemIndex: number,
): Lookup {
	const accountIdOf = (record: IDataObject) => String(record.account_id ?? idOf(record));
	const named = (record: IDataObject) =>
		[record.handle, record.account_name, record.name].some(
			(value) => typeof value === 'string' && value.toLowerCase() === name.toLowerCase(),
		);
	return {
		where: `the workspace's ${platform} accounts`,
		when: 'on-duplicate',
		idOf: accountIdOf,
		async find(since, claimed) {
			const accounts = (
				await getList.call(ctx, 'accounts', { workspaceId }, { itemIndex, qs: { platform } })
			).filter((each) => !claimed.has(accountIdOf(each)));
			const byName = accounts.find(named);
			if (byName) return found(byName, ['platform', 'name']);
			const recent = accounts.filter((each) => timeOf(each.connected_at) >= since());
			return found(recent.length === 1 ? recent[0] : undefined, [
				'platform',
				'connected after the first attempt',
			]);
		},
	};
}
