import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { flattenAccounts } from '../../shared/accounts';
import { getList, getPage } from '../../shared/api';
import type { Page, PathParams, ReadName, ShortList } from '../../shared/api';
import type { Found, Lookup } from '../../shared/api/exactlyOnce';
import { idOf } from '../../shared/ids';
import { PER_PAGE_MAX } from '../../shared/limits';
import { placeIn, readTime, timeOf } from '../../shared/time';
import { asObject } from '../../shared/records';

/**
 * Where a create that failed ambiguously looks for its result (shared/api/exactlyOnce.ts): the
 * API's own lists, matched on what was sent and on creation after the first attempt began.
 */

const foundResult = (record: IDataObject | undefined, matchedOn: string[]): Found | undefined =>
	record ? { record, matchedOn } : undefined;

/** The orders a list may run in: on a record time, newest first or oldest first. */
const ORDERS = [true, false].flatMap((newestFirst) =>
	['created_at', 'updated_at'].map((key) => ({ key, newestFirst })),
);
type Order = (typeof ORDERS)[number];

/**
 * Whether the pages read run in `order` (a record without that time does not) and agree on the
 * list's size. An array of pages by number skips those not read, and keeps list order.
 */
function inOrder(pages: Page[], { key, newestFirst }: Order): boolean {
	const records = pages.flatMap((page) => page.items);
	return (
		pages.every((page) => page.total === pages[1].total) &&
		records.every((record, i) => {
			const [time, before] = [record, records[i - 1] ?? record].map((each) => timeOf(each[key]));
			return newestFirst ? time <= before : time >= before;
		})
	);
}

interface Listing extends Pick<Lookup, 'where'>, Pick<Found, 'matchedOn'> {
	endpoint: ReadName;
	params: PathParams;
	qs?: IDataObject;
	matches: (record: IDataObject) => boolean;
}

/**
 * Readings shared by the items of an execution, by what was read (`Lookup.find`'s `shared`): a
 * failed reading fails every item that shares it, as it would have failed each.
 */
const sharedReadings = new WeakMap<object, Map<string, Promise<unknown>>>();
function readOnce<T>(ctx: object, key: string | undefined, read: () => Promise<T>): Promise<T> {
	if (key === undefined) return read();
	const readings = sharedReadings.get(ctx) ?? sharedReadings.set(ctx, new Map()).get(ctx)!;
	if (!readings.has(key)) readings.set(key, read());
	return readings.get(key) as Promise<T>;
}

/**
 * A lookup in a list: it finds a record that `matches`, was made since the first attempt and is
 * not claimed by another item yet, reading as few pages as it can.
 *
 * The API states no order for its lists (section 4.13), so page 1 and the last page are read first,
 * and their times tell which ORDERS the list may be in. In each such order, what was made since the
 * attempt is at the newest end: that page is read, then the one beside it, and so on until a page
 * reaches back to before the attempt. The record counts as absent only when every order the pages
 * still fit shows it absent. When they fit no order, the whole list is read; when even that does not add
 * up and the record was not found, it is unknown whether it exists: an error, and nothing is sent
 * again.
 */
function listLookup(ctx: IExecuteFunctions, itemIndex: number, listing: Listing): Lookup {
	const { where, matchedOn, endpoint, params, qs, matches } = listing;
	async function search(since: () => number, claimed: Set<string>, shared = false) {
		const made = (each: IDataObject) =>
			!claimed.has(idOf(each)) && timeOf(each.created_at) >= since() && matches(each);
		const pages: Page[] = [];
		const perPage = PER_PAGE_MAX;
		const list = shared ? JSON.stringify([endpoint, params, qs]) : undefined;
		const read = async (page: number) => {
			pages[page] ??= await readOnce(ctx, list && `${list} ${page}`, () =>
				getPage.call(ctx, endpoint, params, { itemIndex, qs, page, perPage }),
			);
			return pages[page].items.find(made);
		};
		let hit = await read(1);
		const { hasMore, lastPage: last = 1 } = pages[1];
		if (hit || !hasMore || (hit = await read(last))) return hit;
		/** What the pages from the newest end of `order` show: the record absent, or not that order. */
		const shown = async (order: Order) => {
			for (let i = 0; i < last; i++) {
				const page = order.newestFirst ? i + 1 : last - i;
				if ((hit = await read(page)) || !inOrder(pages, order)) return 'not';
				const { items } = pages[page];
				const edge = items[order.newestFirst ? items.length - 1 : 0];
				if (timeOf(edge?.[order.key]) < since()) return 'absent';
			}
			return 'absent';
		};
		const shows: string[] = [];
		for (const order of ORDERS) {
			if (hit) break;
			shows.push(await shown(order));
		}
		const standing = shows.filter((_, i) => inOrder(pages, ORDERS[i]));
		if (hit || (standing.length > 0 && standing.every((each) => each === 'absent'))) return hit;
		const whole = await readOnce(ctx, list && `${list} all`, async () => {
			const reading: { short?: ShortList } = {};
			const short = (each: ShortList) => (reading.short = each);
			return {
				records: await getList.call(ctx, endpoint, params, { itemIndex, qs, short }),
				...reading,
			};
		});
		hit = whole.records.find(made);
		if (hit || !whole.short) return hit;
		const { read: counted, total: all } = whole.short;
		throw new Error(
			`only ${counted} of its ${all} records could be read: its pages did not add up`,
		);
	}
	return {
		where,
		when: 'before-resend',
		idOf,
		find: async (since, claimed, shared) =>
			foundResult(await search(since, claimed, shared), matchedOn),
	};
}

const AFTER = 'created after the first attempt';

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
 *
 * `repeat`: for Options > Skip Posted Within, the same text to the same accounts is enough,
 * whatever its time or status.
 */
export function postLookup(
	ctx: IExecuteFunctions,
	workspaceId: string,
	body: IDataObject,
	zone: string,
	itemIndex: number,
	repeat = false,
): Lookup {
	const [content, scheduling] = [body.content, body.scheduling].map(asObject);
	const accounts = (body.accounts as string[] | undefined) ?? [];
	const byCategory = body.content_category_id !== undefined;
	const sentMinute = minuteIn(scheduling.scheduled_at, zone);
	const isDraft = scheduling.publish_type === 'draft';
	const reviewed = body.approval !== undefined;
	return listLookup(ctx, itemIndex, {
		where: "the workspace's posts",
		matchedOn: repeat
			? ['text', 'accounts', 'created within Skip Posted Within']
			: ['text', 'accounts', 'publish type', 'scheduled time', AFTER],
		endpoint: 'posts',
		params: { workspaceId },
		qs: isDraft && !reviewed && !repeat ? { status: ['draft'] } : undefined,
		matches: (post) => {
			const postScheduling = asObject(post.scheduling);
			const ids = new Set(flattenAccounts(post).map((account) => String(account.account_id)));
			return (
				asObject(post.content).text === content.text &&
				accounts.every((id) => ids.has(id)) &&
				(byCategory || ids.size === accounts.length) &&
				(repeat || reviewed || (postScheduling.status === 'draft') === isDraft) &&
				(repeat ||
					sentMinute === undefined ||
					minuteIn(postScheduling.scheduled_at, zone) === sentMinute)
			);
		},
	});
}

/** A media item: the same name (and size, for a file), made after the first attempt. */
export function mediaLookup(
	ctx: IExecuteFunctions,
	workspaceId: string,
	{ name, size }: { name: string; size?: number },
	itemIndex: number,
): Lookup {
	return listLookup(ctx, itemIndex, {
		endpoint: 'media',
		params: { workspaceId },
		where: 'the media library',
		matchedOn: [...(size === undefined ? ['name'] : ['name', 'size']), AFTER],
		// Newest first is asked for; the order is read from the answers all the same.
		qs: { sort: 'recent', search: name },
		matches: (each) => each.name === name && (size === undefined || Number(each.size) === size),
	});
}

/** A comment: the same text and note flag, made after the first attempt. */
export function commentLookup(
	ctx: IExecuteFunctions,
	params: { workspaceId: string; postId: string },
	body: IDataObject,
	itemIndex: number,
): Lookup {
	return listLookup(ctx, itemIndex, {
		where: "the post's comments",
		matchedOn: ['text', 'note flag', AFTER],
		endpoint: 'comments',
		params,
		matches: (each) =>
			each.comment === body.comment && (each.is_note === true) === (body.is_note === true),
	});
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
	const accountIdOf = (record: IDataObject) => idOf(record, 'account_id');
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
			if (byName) return foundResult(byName, ['platform', 'name']);
			const recent = accounts.filter((each) => timeOf(each.connected_at) >= since());
			return foundResult(recent.length === 1 ? recent[0] : undefined, [
				'platform',
				'connected after the first attempt',
			]);
		},
	};
}
