import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import type { Cursor } from './cursor';
import { isNew } from './cursor';
import { asObject } from './notification';
import type { Watch } from './reading';
import { distinct, headOf, lastPageOf, readPage, readPosts, readUntilWhole } from './reading';
import { postIdOf } from '../shared/ids';
import { timeOf } from '../shared/time';
import { stampOf } from './stamps';

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

/** The watch narrowed to the posts from `day` on. */
const since = (watch: Watch, day: string): Watch => ({
	...watch,
	qs: { ...watch.qs, date_from: day },
});

/** An answer for `date_from=day` holds no post updated surely before the day. */
const trusted = (posts: IDataObject[], day: string) =>
	posts.every((post) => !surelyBefore(updatedOf(post), day));

/** What a poll read, whether that was every post it needs (cursor.ts), and the cursor's new marks. */
export interface Changes {
	posts: IDataObject[];
	whole: boolean;
	marks: Partial<Cursor>;
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

/**
 * Activation: every post in the state now. A reading that is not whole (a new order for every
 * request) is completed by the posts from its newest day on when the date filter is proven, else
 * by reading the whole list again (readUntilWhole).
 */
export async function readExisting(ctx: IPollFunctions, watch: Watch): Promise<Changes> {
	const reading = await readPosts(ctx, watch);
	let dateFilter = await probe(ctx, watch, reading.posts);
	const head = reading.whole ? reading.head : undefined;
	if (!reading.whole && dateFilter === 'updated') {
		const day = dayFrom(reading.posts.reduce((newest, post) => Math.max(newest, stampOf(post)), 0));
		const recent = await readUntilWhole(ctx, since(watch, day));
		if (trusted(recent.posts, day)) {
			const posts = distinct([...reading.posts, ...recent.posts]);
			return { posts, whole: true, marks: { dateFilter, head } };
		}
		dateFilter = 'other';
	}
	const posts = reading.whole ? reading.posts : (await readUntilWhole(ctx, watch, reading)).posts;
	return { posts, whole: true, marks: { dateFilter, head } };
}

/**
 * One poll. With the date filter proven: the posts from the watermark's day on (a post entering the
 * state now is among them, in any order); an answer holding an older post ends the trust. Otherwise
 * page 1: the same total and page 1 as at the last whole reading, and no new post on it nor on one
 * further page (another each poll, in rotation), mean nothing changed; else the whole list is read.
 */
export async function readChanges(
	ctx: IPollFunctions,
	watch: Watch,
	cursor: Cursor,
): Promise<Changes> {
	let dateFilter = cursor.dateFilter;
	if (dateFilter === 'updated' && cursor.watermark !== null) {
		const day = dayFrom(cursor.watermark);
		const recent = await readPosts(ctx, since(watch, day));
		if (trusted(recent.posts, day)) {
			return { posts: recent.posts, whole: recent.whole, marks: { head: undefined } };
		}
		dateFilter = 'other';
	}
	const first = await readPage(ctx, watch, 1);
	const last = lastPageOf(first);
	if (cursor.head === headOf(first)) {
		const number = Math.min(Math.max(cursor.nextPage ?? 2, 2), last);
		const page = last > 1 ? await readPage(ctx, watch, number) : first;
		const news = [...first.items, ...page.items].some(
			(post) => watch.event.matches(post) && isNew(cursor, post),
		);
		if (page.total === first.total && !news) {
			const nextPage = number >= last ? 2 : number + 1;
			return { posts: [], whole: true, marks: { dateFilter, nextPage } };
		}
	}
	const reading = await readPosts(ctx, watch, first);
	dateFilter ??= await probe(ctx, watch, reading.posts);
	return {
		posts: reading.posts,
		whole: reading.whole,
		marks: { dateFilter, head: reading.whole ? reading.head : undefined },
	};
}
