import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { idOf } from '../../shared/ids';
import { PER_PAGE_MAX } from '../../shared/limits';
import { asObject } from '../../shared/records';
import { timeOf } from '../../shared/time';
import type { Cursor } from '../remember/cursor';
import { emptyCursor } from '../remember/cursor';
import type { Members } from '../remember/members';
import { isMember } from '../remember/members';
import { SAME_CHANGE_MS } from '../remember/rounds';
import { actionTimes, dueAt } from '../watch/post';
import type { Watch } from '../watch/settings';
import { pagesLeft } from './budget';
import { landingNow } from './grown';
import type { Changes } from './onward';
import { readOn } from './onward';
import type { Pages, Reading } from './pages';
import {
	distinct,
	headOf,
	inRotation,
	lastPageOf,
	readPage,
	readPosts,
	readUntilWhole,
} from './pages';

/**
 * How a poll reads what changed without reading the whole list (docs/design/trigger.md). `date_from`
 * takes a day, on a date and in a zone the description does not name; it is used only once the
 * service's own answers showed that it filters on `updated_at`. The zone can be any from UTC-12 to
 * UTC+14: an instant is surely on or after day D when it is in every such zone, surely before when
 * in none.
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
 * The times a post carries that a change of its status wrote: `published_at`, the approvers'
 * actions, and for a post that went out or tried to, its scheduled time.
 */
function statusTimes(post: IDataObject): number[] {
	const scheduling = asObject(post.scheduling);
	const went = ['published', 'failed', 'partial'].includes(String(scheduling.status));
	return [timeOf(scheduling.published_at), went ? dueAt(post) : NaN, ...actionTimes(post)].filter(
		(at) => !Number.isNaN(at),
	);
}

/**
 * Whether a change of status moves `updated_at`, as the posts read show (README: Trigger): `kept`
 * for good once a post was updated before a time its status carries; `moved` once some post's
 * status changed after it was created and its `updated_at` followed; else as `was`.
 */
function stampsOf(posts: IDataObject[], was?: Cursor['stamps']): Cursor['stamps'] {
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
	if (day === undefined || (await pagesLeft(ctx)) < 1) return undefined;
	// An older post on the first page settles it: no need to read on.
	const asked = since(watch, day);
	const first = await readPage(ctx, asked, 1);
	if (!trusted(first.items, day)) return 'other';
	const answer = await readUntilWhole(ctx, asked, await readPosts(ctx, asked, [first]));
	if (answer.cut) return undefined;
	const listed = new Set(answer.posts.map((post) => idOf(post)));
	const holdsKnown = known.every((post) => {
		const updated = updatedOf(post);
		return Number.isNaN(updated) || dayFrom(updated) < day || listed.has(idOf(post));
	});
	return holdsKnown && trusted(answer.posts, day) ? 'updated' : 'other';
}

/**
 * A reading too long for one poll, going on (onward.ts), and what its posts tell of the service: at
 * activation it notes the posts, and tells only those entering where new posts land.
 */
export async function readOnward(
	ctx: IPollFunctions,
	watch: Watch,
	cursor: Cursor,
	members: Members,
	read: Pages = {},
): Promise<Changes> {
	const changes = await readOn(ctx, watch, cursor, members, read);
	const stamps = stampsOf(changes.posts, cursor.stamps);
	let { dateFilter } = cursor;
	if (changes.coverage === 'whole') dateFilter ??= await probe(ctx, watch, changes.posts);
	return { ...changes, marks: { ...changes.marks, stamps, dateFilter } };
}

/** Activation: every post in the state now, read until whole (readUntilWhole). */
export async function readExisting(ctx: IPollFunctions, watch: Watch): Promise<Changes> {
	// Page 1, read here, is the first page the reading over several polls needs too.
	const read: Pages = {};
	const first = await readPosts(ctx, watch, read);
	const reading = await readUntilWhole(ctx, watch, first);
	const noting = { ...emptyCursor(watch.scope), noting: true };
	if (reading.cut) return await readOnward(ctx, watch, noting, new Map(), read);
	const head = first.whole ? first.head : undefined;
	const [dateFilter, stamps] = [await probe(ctx, watch, reading.posts), stampsOf(reading.posts)];
	const marks = { dateFilter, stamps, head, landing: first.landing };
	return { ...reading, coverage: 'whole', complete: true, marks };
}

/**
 * Pages a poll may read in all to tell a member that left the state from one its pages did not
 * reach, in a list in a new order for every request: a list of up to 1,000 posts is read until whole
 * (about ln(total) + 1 readings), one of over 4,000 not again, which the key's quota would not allow.
 */
const PAGES_READ_AGAIN = 80;

/**
 * The whole list, read again while the reading leaves out more members than its `total` leaves room
 * for: then some member left the state, and only a whole reading tells which.
 */
async function readWhole(
	ctx: IPollFunctions,
	watch: Watch,
	members: Members,
	read: Pages,
): Promise<Reading> {
	const reading = await readPosts(ctx, watch, read);
	const inState = reading.posts.filter(watch.event.matches);
	const listedMembers = inState.filter((post) => isMember(members, post)).length;
	const leftOut = members.size - listedMembers;
	if (reading.whole || leftOut <= reading.total - inState.length) return reading;
	const pages = Math.ceil(reading.total / PER_PAGE_MAX);
	return await readUntilWhole(ctx, watch, reading, Math.floor(PAGES_READ_AGAIN / pages));
}

/**
 * One poll. With `date_from` and `updated_at` both proven: the posts changed from the watermark's day
 * on, in any status (a post entering or leaving the state now is among them, in any order, and so is
 * a change stamped up to 12 hours before the watermark), and one page of the state's list in turn,
 * which checks the proof again: an older post in the answer, a post updated before its status's time,
 * or one in the state neither known nor changed ends the trust. Otherwise the landing page: as at the
 * last reading, or grown by new posts only (landingNow), and no other unknown post on it nor on one
 * further page (another each poll, in turn), mean nothing else entered; the pages read still show a
 * new review round. Else, or when a post comes due (`dueBy`), the whole list.
 */
export async function readChanges(
	ctx: IPollFunctions,
	watch: Watch,
	cursor: Cursor,
	members: Members,
): Promise<Changes> {
	let { dateFilter, stamps } = cursor;
	const unknown = (posts: IDataObject[]) =>
		posts.some((post) => watch.event.matches(post) && !isMember(members, post));
	const comesDue = (serviceTime?: number) =>
		(cursor.dueBy ?? Infinity) <= (serviceTime ?? Date.now());
	const day = cursor.watermark === null ? undefined : dayFrom(cursor.watermark);
	if (dateFilter === 'updated' && stamps === 'moved' && day && cursor.wideDay !== day) {
		const turn = cursor.turn ?? 0;
		const [recent, sample] = await Promise.all([
			readPosts(ctx, since(watch, day)),
			readPage(ctx, watch, 1 + turn),
		]);
		const changed = new Set(recent.posts.map((post) => idOf(post)));
		stamps = stampsOf([...recent.posts, ...sample.items], stamps);
		if (!trusted(recent.posts, day)) dateFilter = 'other';
		else if (
			!recent.cut &&
			stamps === 'moved' &&
			!comesDue(recent.serviceTime) &&
			!unknown(sample.items.filter((post) => !changed.has(idOf(post))))
		) {
			// More changes since that day than a page holds: read the state's list instead until the
			// watermark's day moves on, which costs less while nothing changes. Its landing page, read
			// now, is where the next poll starts (landingNow): the last, in a list oldest first.
			const wideDay = recent.total > PER_PAGE_MAX ? day : undefined;
			const landing = (cursor.landing ?? 1) > 1 ? Math.max(sample.lastPage ?? 1, 2) : 1;
			const landed = wideDay ? await readPage(ctx, watch, landing) : undefined;
			const next = (turn + 1) % lastPageOf(sample);
			const marks = { head: landed && headOf(landed), landing, stamps, wideDay, turn: next };
			const posts = distinct([...recent.posts, ...(landed?.items ?? [])]);
			return { ...recent, posts, coverage: 'window', complete: recent.whole, marks };
		}
	}
	const landing = cursor.head === undefined ? 1 : (cursor.landing ?? 1);
	const seen = await readPage(ctx, watch, landing);
	const found =
		cursor.head === undefined || comesDue(seen.serviceTime)
			? undefined
			: await landingNow(ctx, watch, cursor.head, landing, seen, (post) => isMember(members, post));
	if (found) {
		const last = found.landing > 1 ? Math.max(seen.lastPage ?? 1, found.landing) : lastPageOf(seen);
		const { page, turn } = inRotation(cursor.turn, last, found.landing);
		const read = (number: number) => found.pages[number - landing];
		const other = read(page) ?? (await readPage(ctx, watch, page));
		const posts = distinct([...found.pages, other].flatMap((each) => each.items));
		const left = posts.filter((post) => !found.entered.has(idOf(post)));
		if (other.total === seen.total && !unknown(left)) {
			// After an event the head is the landing page as read now.
			const head = headOf(read(found.landing));
			const marks = { dateFilter, stamps, turn, head, landing: found.landing };
			return { posts, coverage: 'window', complete: false, serviceTime: seen.serviceTime, marks };
		}
	}
	const read: Pages = { [landing - 1]: seen };
	const reading = await readWhole(ctx, watch, members, read);
	if (reading.cut)
		return await readOnward(ctx, watch, { ...cursor, dateFilter, stamps }, members, read);
	dateFilter ??= await probe(ctx, watch, reading.posts);
	stamps = stampsOf(reading.posts, stamps);
	const head = reading.whole ? reading.head : undefined;
	const coverage = reading.whole ? 'whole' : 'partial';
	const marks = { dateFilter, stamps, head, landing: reading.landing };
	return { ...reading, coverage, complete: reading.whole, marks };
}
