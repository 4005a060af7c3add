import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { flattenAccounts } from '../../shared/accounts';
import { getList } from '../../shared/api';
import type { ReadName, PathParams, ShortList } from '../../shared/api';
import type { Found, Lookup } from '../../shared/api/exactlyOnce';
import { idOf, postIdOf } from '../../shared/ids';
import { placeIn, readTime, timeOf } from '../../shared/time';

/**
 * Where a create that failed ambiguously looks for its result (shared/api/exactlyOnce.ts): the
 * API's own lists, matched on what was sent and on creation after the first attempt began.
 */

const createdSince = (record: IDataObject, since: () => number) =>
	timeOf(record.created_at) >= since();
const SINCE = 'created after the first attempt';

const found = (record: IDataObject | undefined, matchedOn: string[]): Found | undefined =>
	record ? { record, matchedOn } : undefined;

/**
 * The record of a whole list that `matches`: a list whose order is not described may hold its
 * newest record on any page. Found in a list read short, it is found; not found there, it is
 * unknown whether it exists, and that is an error (nothing is sent again).
 */
async function findInList(
	ctx: IExecuteFunctions,
	endpoint: ReadName,
	params: PathParams,
	itemIndex: number,
	matches: (record: IDataObject) => boolean,
): Promise<IDataObject | undefined> {
	const reading: { short?: ShortList } = {};
	const records = await getList.call(ctx, endpoint, params, {
		itemIndex,
		short: (list) => (reading.short = list),
	});
	const record = records.find(matches);
	if (!record && reading.short) {
		const { read, total } = reading.short;
		throw new Error(`only ${read} of its ${total} records could be read: its pages did not add up`);
	}
	return record;
}

/** A wall-clock `YYYY-MM-DD HH:MM` in `zone`, from either form the service may answer with. */
function minuteIn(value: unknown, zone: string): string | undefined {
	const time = readTime(value);
	return time && placeIn(time, zone).wall.slice(0, 16);
}

/**
 * A post: the same text, the accounts sent (all of them, and only them unless a content category
 * adds its own), draft or not as sent, the same scheduled minute, made after the first attempt.
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
	const matches = (post: IDataObject) => {
		const postContent = (post.content ?? {}) as IDataObject;
		const postScheduling = (post.scheduling ?? {}) as IDataObject;
		const ids = new Set(flattenAccounts(post).map((account) => String(account.account_id)));
		return (
			postContent.text === content.text &&
			accounts.every((id) => ids.has(id)) &&
			(byCategory || ids.size === accounts.length) &&
			(postScheduling.status === 'draft') === isDraft &&
			(sentMinute === undefined || minuteIn(postScheduling.scheduled_at, zone) === sentMinute)
		);
	};
	return {
		where: "the workspace's posts",
		when: 'before-resend',
		idOf: postIdOf,
		async find(since, claimed) {
			const post = await findInList(
				ctx,
				'posts',
				{ workspaceId },
				itemIndex,
				(each) => !claimed.has(postIdOf(each)) && createdSince(each, since) && matches(each),
			);
			return found(post, ['text', 'accounts', 'publish type', 'scheduled time', SINCE]);
		},
	};
}

/** A media item: the same name (and size, for a file), newest first, made after the first attempt. */
export function mediaLookup(
	ctx: IExecuteFunctions,
	workspaceId: string,
	{ name, size }: { name: string; size?: number },
	itemIndex: number,
): Lookup {
	return {
		where: "the media library's newest items",
		when: 'before-resend',
		idOf,
		async find(since, claimed) {
			const items = await getList.call(
				ctx,
				'media',
				{ workspaceId },
				{ itemIndex, limit: 100, qs: { sort: 'recent', search: name } },
			);
			const item = items.find(
				(each) =>
					!claimed.has(idOf(each)) &&
					each.name === name &&
					(size === undefined || Number(each.size) === size) &&
					createdSince(each, since),
			);
			return found(item, size === undefined ? ['name', SINCE] : ['name', 'size', SINCE]);
		},
	};
}

/** A comment: the same text and note flag, made after the first attempt. */
export function commentLookup(
	ctx: IExecuteFunctions,
	params: { workspaceId: string; postId: string },
	body: IDataObject,
	itemIndex: number,
): Lookup {
	return {
		where: "the post's comments",
		when: 'before-resend',
		idOf,
		async find(since, claimed) {
			const comment = await findInList(
				ctx,
				'comments',
				params,
				itemIndex,
				(each) =>
					!claimed.has(idOf(each)) &&
					each.comment === body.comment &&
					(each.is_note === true) === (body.is_note === true) &&
					createdSince(each, since),
			);
			return found(comment, ['text', 'note flag', SINCE]);
		},
	};
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
