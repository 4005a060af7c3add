import type { IDataObject } from 'n8n-workflow';

import type { Changes } from './changes';
import type { Cursor } from './cursor';
import { oldestFirst } from './cursor';
import { digest, DIGITS, postIdOf } from '../shared/ids';
import type { RoundMark } from './rounds';
import { roundMark } from './rounds';
import { stampOf } from './stamps';

/**
 * The posts seen in the watched state and not seen out of it since: a post enters the state when it
 * is listed there and is not a member, so an edit never emits, and a post seen out of the state
 * (listed in another status, or not in a whole reading) that comes back does. One string of
 * 9-character records: a 48-bit hash of the post's ID (an entering post takes a member's hash with a
 * chance of 1 in 5.6 * 10^10 at 5,000 members), then how many readings in a row, none whole, left it out.
 */
export type Members = Map<string, number>;

/**
 * Then it counts as gone: only a list in a new order for every request leaves a post out that often
 * by chance (at most 1/e each time: below 1 in 10^17). Were it still there: a duplicate, not a miss.
 */
const UNSEEN_READINGS_FORGOTTEN = 40;

const keyOf = (post: IDataObject) => digest(postIdOf(post));

export function readMembers(saved: unknown): Members {
	const members: Members = new Map();
	const text = typeof saved === 'string' ? saved : '';
	for (let at = 0; at + 9 <= text.length; at += 9) {
		members.set(text.slice(at, at + 8), Math.max(DIGITS.indexOf(text[at + 8]), 0));
	}
	return members;
}

export const writeMembers = (members: Members): string =>
	[...members.keys()]
		.sort()
		.map((key) => key + DIGITS[members.get(key) as number])
		.join('');

export const isMember = (members: Members, post: IDataObject) => members.has(keyOf(post));

/**
 * The members after a reading of `read` posts, `inState` telling those in the state. A `whole`
 * reading of the state's list shows every member still there; a `window` (the posts changed since
 * the last whole one) says nothing of the members it does not list, which did not change; any other
 * reading counts toward forgetting the members it left out.
 */
export function nextMembers(
	members: Members,
	read: IDataObject[],
	inState: (post: IDataObject) => boolean,
	reading: 'whole' | 'window' | 'partial',
): Members {
	const listed = new Map(read.map((post) => [keyOf(post), inState(post)]));
	const next: Members = new Map();
	for (const [key, unseen] of reading === 'whole' ? [] : members) {
		const kept = reading === 'window' ? unseen : unseen + 1;
		if (!listed.has(key) && kept < UNSEEN_READINGS_FORGOTTEN) next.set(key, kept);
	}
	for (const [key, isIn] of listed) if (isIn) next.set(key, 0);
	return next;
}

/**
 * What a reading means: the posts that entered the state (oldest change first), and the cursor after.
 * With `sameRound` (events of a review round), a member whose round is new enters again. Where a
 * change of status is proven to move `updated_at`, a post not changed since the watermark was in the
 * state then: a member a reading not whole left out, no news.
 */
export function entered(
	from: Cursor,
	changes: Pick<Changes, 'posts' | 'whole' | 'window'> & Partial<Pick<Changes, 'marks'>>,
	inState: (post: IDataObject) => boolean,
	sameRound?: (mark: RoundMark, post: IDataObject) => boolean,
): { news: IDataObject[]; cursor: Cursor } {
	const marks = changes.marks ?? {};
	const members = readMembers(from.members);
	const floor = { ...from, ...marks }.stamps === 'moved' ? from.watermark : null;
	const isNew = (post: IDataObject) => {
		if (!inState(post)) return false;
		if (!isMember(members, post)) return floor === null || stampOf(post) > floor;
		const mark = from.rounds[keyOf(post)];
		return sameRound !== undefined && mark !== undefined && !sameRound(mark, post);
	};
	const news = oldestFirst(changes.posts.filter(isNew));
	const reading = changes.window ? 'window' : changes.whole ? 'whole' : 'partial';
	const next = nextMembers(members, changes.posts, inState, reading);
	// Marks of the members still in the state, as last read (a round moves on as approvers act).
	const rounds: Cursor['rounds'] = {};
	for (const [key, mark] of Object.entries(from.rounds)) if (next.has(key)) rounds[key] = mark;
	for (const post of sameRound ? changes.posts.filter(inState) : []) {
		const mark = roundMark(post);
		if (mark === '') delete rounds[keyOf(post)];
		else rounds[keyOf(post)] = mark;
	}
	const newest = oldestFirst(changes.posts).pop();
	const moves = changes.whole && newest && (from.watermark ?? -Infinity) < stampOf(newest);
	const watermark = moves
		? { watermark: stampOf(newest), watermarkText: String(newest.updated_at ?? newest.created_at) }
		: {};
	const cursor = { ...from, ...marks, ...watermark, members: writeMembers(next) };
	return { news, cursor: { ...cursor, rounds } };
}
