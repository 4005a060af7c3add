import type { IDataObject } from 'n8n-workflow';

import { digest, DIGITS, idOf } from '../../shared/ids';
import type { TriggerEvent } from '../watch/events';
import { dueAt, oldestFirst, stampOf } from '../watch/post';
import type { Watch } from '../watch/settings';
import { isDue } from '../watch/settings';
import type { Cursor } from './cursor';
import { askedOf, roundMark, sameRound } from './rounds';

/**
 * The posts seen in the watched state and not seen out of it since: a post listed in the state that
 * is not a member is news, whatever its stamps say, so an edit never announces, and a post seen out
 * of the state (listed in another status, or not in a whole reading) that comes back does. Saved as
 * one string of records: 8 characters of a 48-bit hash of the post's ID (an entering post takes a
 * member's hash 1 in 5.6 * 10^10 times at 5,000 members); one character for how many readings in a
 * row, none whole, left it out, and whether it was announced (a deadline event's post is a member
 * before it comes due); for the events of a review round, 3 characters of who was asked (askedOf).
 */
export interface Member {
	unseen: number;
	announced: boolean;
	asked: string;
}
export type Members = Map<string, Member>;

/**
 * Then it counts as gone: only a list in a new order for every request leaves a post out that often
 * by chance (at most 1/e each time: about 1 in 10^14). Were it still there: a duplicate, not a miss.
 */
const UNSEEN_READINGS_FORGOTTEN = 32;
const ANNOUNCED = 32;

const keyOf = (post: IDataObject) => digest(idOf(post));
const widthOf = (event: TriggerEvent) => (event.tracksRounds ? 12 : 9);

export function readMembers(saved: unknown, event: TriggerEvent): Members {
	const members: Members = new Map();
	const text = typeof saved === 'string' ? saved : '';
	const width = widthOf(event);
	for (let at = 0; at + width <= text.length; at += width) {
		const state = Math.max(DIGITS.indexOf(text[at + 8]), 0);
		const member = { unseen: state % ANNOUNCED, announced: state >= ANNOUNCED };
		members.set(text.slice(at, at + 8), { ...member, asked: text.slice(at + 9, at + width) });
	}
	return members;
}

const writeMembers = (members: Members): string =>
	[...members.entries()]
		.sort(([a], [b]) => (a < b ? -1 : 1))
		.map(
			([key, { unseen, announced, asked }]) =>
				key + DIGITS[unseen + (announced ? ANNOUNCED : 0)] + asked,
		)
		.join('');

export const isMember = (members: Members, post: IDataObject) => members.has(keyOf(post));

/**
 * What a reading covers of the state's list: `whole`, every post in it (a member it leaves out has
 * left); a `window` of it (the posts changed since the last whole reading, or a few pages), which says
 * nothing of the members it does not list; `partial`, the whole list read, but some posts may be
 * missing, so a member left out counts one reading toward being forgotten.
 */
export interface Seen {
	posts: IDataObject[];
	coverage: 'whole' | 'window' | 'partial';
	/** Whether the reading held all it asked for: only then may the watermark move. */
	complete: boolean;
	/** A reading over several polls (read/onward.ts): the keys its earlier polls listed. */
	earlier?: Set<string>;
}

/**
 * What a reading means: the posts to announce (oldest change first), and the cursor after. A post
 * listed in the state is announced when it is not a member, or when its review round is new (the
 * events of a review round: other people asked, or approvals reset), or, for a deadline event, when
 * it comes due unannounced in its round.
 */
export function entered(
	from: Cursor,
	seen: Seen & { marks?: Partial<Cursor> },
	watch: Watch,
	now: number,
): { news: IDataObject[]; cursor: Cursor } {
	const { event } = watch;
	const members = readMembers(from.members, event);
	const listed = new Map(seen.posts.map((post) => [keyOf(post), post]));
	const next: Members = new Map();
	for (const [key, member] of members) {
		const earlier = seen.earlier?.has(key) === true;
		const unseen = seen.coverage === 'window' || earlier ? member.unseen : member.unseen + 1;
		const kept = seen.coverage !== 'whole' || earlier;
		if (kept && !listed.has(key) && unseen < UNSEEN_READINGS_FORGOTTEN)
			next.set(key, { ...member, unseen });
	}
	// Marks of the members still in the state, as last read (a round moves on as approvers act).
	const rounds: Cursor['rounds'] = {};
	for (const [key, mark] of Object.entries(from.rounds)) if (next.has(key)) rounds[key] = mark;
	const due = isDue(watch, now);
	const news: IDataObject[] = [];
	let dueBy = seen.coverage === 'whole' && !seen.earlier ? Infinity : (from.dueBy ?? Infinity);
	for (const [key, post] of listed) {
		if (!event.matches(post)) continue;
		const was = members.get(key);
		const asked = event.tracksRounds ? askedOf(post) : '';
		const same =
			was !== undefined &&
			(!event.tracksRounds || (was.asked === asked && sameRound(from.rounds[key] ?? '', post)));
		const announced = (same && was.announced) || due(post);
		if (announced && !(same && was.announced)) news.push(post);
		else if (!announced && !Number.isNaN(dueAt(post)))
			dueBy = Math.min(dueBy, dueAt(post) - watch.leadMs);
		next.set(key, { unseen: 0, announced, asked });
		const mark = event.tracksRounds ? roundMark(post) : '';
		if (mark !== '') rounds[key] = mark;
		else delete rounds[key];
	}
	const newest = oldestFirst(seen.posts).pop();
	const moves = seen.complete && newest && (from.watermark ?? -Infinity) < stampOf(newest);
	const watermark = moves
		? { watermark: stampOf(newest), watermarkText: String(newest.updated_at ?? newest.created_at) }
		: {};
	const cursor: Cursor = {
		...from,
		...seen.marks,
		...watermark,
		members: writeMembers(next),
		rounds,
	};
	if (event.deadline && Number.isFinite(dueBy)) cursor.dueBy = dueBy;
	else delete cursor.dueBy;
	return { news: oldestFirst(news), cursor };
}
