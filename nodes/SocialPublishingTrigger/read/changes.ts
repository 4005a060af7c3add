import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import type { Cursor } from './cursor';
import { asObject } from './notification';
import type { Watch } from './reading';
import { headOf, lastPageOf, readPage, readPosts, readUntilWhole } from './reading';
import { actionTimes, SAME_CHANGE_MS } from './rounds';
import { postIdOf } from '../shared/ids';
import { instantIn, timeOf } from '../shared/time';

/**
 * How a poll of Post Published, Failed or Rejected reads what changed without reading the whole
 * history (README: Trigger, Cost per poll). `date_from` takes a day, on a date and in a zone the
 * description does not name; it is used only once the service's own answers showed that it filters
 * on `updated_at` (the moment a post entered the state). The zone can be any from UTC-12 to UTC+14:
 * an instant is surely on or after day D when it is in every such zone, surely before when in none.
 */
const WEST_MS = 12 * 3_600_000;
const EAST_MS = 14 * 3_600_000;

/** The latest day that every instant from `ms` on is surely on or after. */
const dayFrom = (ms: number) => new Date(ms - WEST_MS).toISOString().slice(0, 10);
const surelyBefore = (ms: number, day: string) => ms + EAST_MS < Date.parse(`${day}T00:00:00Z`);
const updatedOf = (post: IDataObject) => timeOf(post.updated_at);

/**
 * The watch narrowed to the posts changed from `day` on, in any status: a post that left the state
 * shows there too.
 */
const since = (watch: Watch, day: string): Watch => {
	const qs: IDataObject = { ...watch.qs, date_from: day };
	delete qs.status;
	return { ...watch, qs };
};

/** An answer for `date_from=day` holds no post updated surely before the day. */
const trusted = (posts: IDataObject[], day: string) =>
	posts.every((post) => !surelyBefore(updatedOf(post), day));

/**
 * What a poll read: whole (every post of the state's list), a `window` (the posts changed since the
 * last whole reading, in any status), or neither; and the cursor's new marks.
 */
export interface Changes {
	posts: IDataObject[];
	whole: boolean;
	window?: true;
	marks: Partial<Cursor>;
}

/**
 * The times a post carries that a change of its status wrote: `published_at`, the approvers'
 * actions, and for a post that went out or tried to, its scheduled time.
 */
function statusTimes(post: IDataObject): number[] {
	const scheduling = asObject(post.scheduling);
	const went = ['published', 'failed', 'partial'].includes(String(scheduling.status));
	return [
		timeOf(scheduling.published_at),
		went ? instantIn(scheduling.scheduled_at, scheduling.timezone) : NaN,
		...actionTimes(post),
	].filter((at) => !Number.isNaN(at));
}

/**
 * Whether a change of status moves `updated_at`, as the posts read show (README: Trigger): `kept`
 * for good once a post was updated before a time its status carries; `moved` once some post's
 * status changed after it was created and its `updated_at` followed; else as `was`.
 */
function stampsOf(posts: IDataObject[], was: Cursor['stamps']): Cursor['stamps'] {
	let verdict = was;
	for (const post of posts) {
		const updated = updatedOf(post);
		if (verdict === 'kept' || Number.isNaN(updated)) continue;
		for (const at of statusTimes(post)) {
			if (updated + SAME_CHANGE_MS < at) return 'kept';
			if (at > timeOf(post.created_at) + SAME_CHANGE_MS) verdict = 'moved';
		}
	}
	return verdict;
}

/**
 * A day that tells `updated_at` from the post's other dates: the latest day some post was created,
 * scheduled and published surely before, and updated surely on or after (published late, edited).
 */
function probeDay(posts: IDataObject[]): string | undefined {
	let best: string | undefined;
	for (const post of posts) {
		const updated = updatedOf(post);
		if (Number.isNaN(updated)) continue;
		const day = dayFrom(updated);
		const { scheduled_at, published_at } = asObject(post.scheduling);
		const others = [post.created_at, scheduled_at, published_at].map(timeOf);
		const before = others.filter((at) => !Number.isNaN(at));
		if (!Number.isNaN(others[0]) && before.every((at) => surelyBefore(at, day))) {
			if (best === undefined || day > best) best = day;
		}
	}
	return best;
}

/**
 * Asks once for the posts from a telling day on (probeDay), and compares with the posts `known`:
 * `updated` when the answer holds each known post updated surely on or after the day and none
 * updated surely before, `other` when not (also when a list in a new order for every request could
 * not be read whole: the safe side); undefined when no post tells.
 */
async function probe(
	ctx: IPollFunctions,
	watch: Watch,
	known: IDataObject[],
): Promise<Cursor['dateFilter']> {
	const day = probeDay(known);
	if (day === undefined) return undefined;
	// An older post on the first page settles it: no need to read on.
	const asked = since(watch, day);
	const first = await readPage(ctx, asked, 1);
	if (!trusted(first.items, day)) return 'other';
	const answer = await readUntilWhole(ctx, asked, await readPosts(ctx, asked, first));
	const listed = new Set(answer.posts.map(postIdOf));
	const holdsKnown = known.every((post) => {
		const updated = updatedOf(post);
		return Number.isNaN(updated) || dayFrom(updated) < day || listed.has(postIdOf(post));
	});
	return holdsKnown && trusted(answer.posts, day) ? 'updated' : 'other';
}

/** Activation: every post in the state now, read until whole (readUntilWhole). */
export async function readExisting(ctx: IPollFunctions, watch: Watch): Promise<Changes> {
	const reading = await readPosts(ctx, watch);
	const { posts } = await readUntilWhole(ctx, watch, reading);
	const head = reading.whole ? reading.head : undefined;
	const dateFilter = await probe(ctx, watch, posts);
	return { posts, whole: true, marks: { dateFilter, stamps: stampsOf(posts, undefined), head } };
}

/**
 * One poll. With `date_from` and `updated_at` both proven: the posts changed from the watermark's day
 * on, in any status (a post entering or leaving the state now is among them, in any order), and one
 * page of the state's list in rotation, which checks the proof again: an older post in the answer, a
 * post updated before its status's time, or one in the state neither known nor changed ends the
 * trust. Otherwise page 1: the same total and page 1 as at the last whole reading, and no post on it
 * nor on one further page (another each poll, in rotation) that is not `known`, mean nothing
 * changed; else the whole list is read.
 */
export async function readChanges(
	ctx: IPollFunctions,
	watch: Watch,
	cursor: Cursor,
	known: (post: IDataObject) => boolean,
): Promise<Changes> {
	let { dateFilter, stamps } = cursor;
	const unknown = (posts: IDataObject[]) =>
		posts.some((post) => watch.event.matches(post) && !known(post));
	if (dateFilter === 'updated' && stamps === 'moved' && cursor.watermark !== null) {
		const day = dayFrom(cursor.watermark);
		const [recent, sample] = await Promise.all([
			readPosts(ctx, since(watch, day)),
			readPage(ctx, watch, cursor.nextPage ?? 1),
		]);
		const changed = new Set(recent.posts.map(postIdOf));
		stamps = stampsOf([...recent.posts, ...sample.items], stamps);
		if (!trusted(recent.posts, day)) dateFilter = 'other';
		else if (
			stamps === 'moved' &&
			!unknown(sample.items.filter((p) => !changed.has(postIdOf(p))))
		) {
			const nextPage =
				(cursor.nextPage ?? 1) >= lastPageOf(sample) ? 1 : (cursor.nextPage ?? 1) + 1;
			const marks = { head: undefined, stamps, nextPage };
			return { posts: recent.posts, whole: recent.whole, window: true, marks };
		}
	}
	const first = await readPage(ctx, watch, 1);
	const last = lastPageOf(first);
	if (cursor.head === headOf(first)) {
		const number = Math.min(Math.max(cursor.nextPage ?? 2, 2), last);
		const page = last > 1 ? await readPage(ctx, watch, number) : first;
		if (page.total === first.total && !unknown([...first.items, ...page.items])) {
			const nextPage = number >= last ? 2 : number + 1;
			return { posts: [], whole: true, window: true, marks: { dateFilter, nextPage } };
		}
	}
	const reading = await readPosts(ctx, watch, first);
	dateFilter ??= await probe(ctx, watch, reading.posts);
	stamps = stampsOf(reading.posts, stamps);
	const head = reading.whole ? reading.head : undefined;
	return { posts: reading.posts, whole: reading.whole, marks: { dateFilter, stamps, head } };
}
