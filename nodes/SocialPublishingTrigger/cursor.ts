import type { IDataObject } from 'n8n-workflow';

import type { RoundMark } from './rounds';
import { postIdOf } from '../shared/ids';
import { savedPairs, stampOf } from './stamps';
import { keepLatestRounds, roundMark } from './rounds';

/**
 * A post accounted for above the watermark, after a reading that was not whole: its `updated_at`
 * then, and how many polls in a row have not seen it since.
 */
export type AboveMark = [at: number, unseen: number];

/**
 * A post above the watermark missing from this many polls in a row, none of them whole, counts as
 * gone. Only a service that lists in a new order for every request leaves a post out that often by
 * chance: each poll misses a given post with a chance of at most 1/e (a long list; 2/9 at 150 posts
 * on two pages), so 40 in a row is below 1 in 10^17. Were the post still there, it would be emitted
 * again: a duplicate, never a miss.
 */
const UNSEEN_POLLS_FORGOTTEN = 40;

/**
 * Where the trigger stands, kept in the node's static data. An event is a post entering the watched
 * state, keyed by the post's ID and its `updated_at` at that moment: the same post seen again
 * unchanged is not news, and a post that left the state and came back carries a newer `updated_at`.
 *
 * The watermark is the newest `updated_at` of the last whole reading (every post the list holds,
 * see poll.ts): every post at or below it is accounted for, except those at exactly that instant
 * that are not in `boundaryIds` (timestamps tie). A reading that is not whole cannot move it, since
 * a post it did not see may lie below; the posts it did account for above the watermark wait in
 * `above` until a whole reading moves the watermark past them. So the state holds about the posts
 * changed since the last whole reading, not the workspace's history; Post Published, Failed and
 * Rejected add a few marks of how to read what changed (changes.ts). For posts under review it also
 * keeps the review rounds of the latest posts (see rounds.ts), capped.
 */
export interface Cursor {
	/** The event, workspace and filters the cursor belongs to; any change starts afresh. */
	scope: string;
	/** Milliseconds since the epoch; null when no post was ever accounted for. */
	watermark: number | null;
	/** The watermark as the service wrote it, for a person reading the static data. */
	watermarkText: string | null;
	/** Posts at exactly the watermark already accounted for (timestamps can tie). */
	boundaryIds: string[];
	/** Posts accounted for above the watermark, by ID (only after a reading that was not whole). */
	above: Record<string, AboveMark>;
	/** Review rounds accounted for, by post ID (Post Pending Approval only). */
	rounds: Record<string, RoundMark>;
	/**
	 * What `date_from` filters on, as the service's own answers showed (changes.ts): `updated_at`, so
	 * a poll reads only the days since the watermark; another date; absent while not known.
	 */
	dateFilter?: 'updated' | 'other';
	/** Whether a change of status moves `updated_at`, as the answers showed (changes.ts). */
	stamps?: 'moved' | 'kept';
	/** Post Published, Failed and Rejected: the posts in the state (members.ts). */
	members?: string;
	/** The list's total and page 1 at the last whole reading (headOf): the same again means idle. */
	head?: string;
	/** The page an idle poll reads besides page 1, in rotation through the list. */
	nextPage?: number;
}

export function isNew(cursor: Cursor, post: IDataObject): boolean {
	const stamp = stampOf(post);
	if (cursor.above[postIdOf(post)]?.[0] === stamp) return false;
	if (cursor.watermark === null) return true;
	return (
		stamp > cursor.watermark ||
		(stamp === cursor.watermark && !cursor.boundaryIds.includes(postIdOf(post)))
	);
}

/** Oldest first; ties in a stable order, so state and output agree. */
export function oldestFirst(posts: IDataObject[]): IDataObject[] {
	return [...posts].sort(
		(a, b) => stampOf(a) - stampOf(b) || postIdOf(a).localeCompare(postIdOf(b)),
	);
}

/**
 * The cursor after a poll. `present` are the matching posts the poll read (each once), all of them
 * accounted for now; `changed` are those that were news, whose review round is noted with
 * `trackRounds`. `whole` says whether the reading held every post of the list.
 */
export function advance(
	cursor: Cursor,
	present: IDataObject[],
	changed: IDataObject[],
	whole: boolean,
	trackRounds = false,
): Cursor {
	const read = new Set(present.map(postIdOf));
	let { watermark, watermarkText, boundaryIds } = cursor;
	const above: Record<string, AboveMark> = {};
	if (whole) {
		for (const post of oldestFirst(present)) {
			const stamp = stampOf(post);
			if (watermark === null || stamp > watermark) {
				watermark = stamp;
				watermarkText = String(post.updated_at ?? post.created_at ?? '');
				boundaryIds = [];
			}
			if (stamp === watermark && !boundaryIds.includes(postIdOf(post))) {
				boundaryIds = [...boundaryIds, postIdOf(post)];
			}
		}
	} else {
		for (const [id, [at, unseen]] of Object.entries(cursor.above)) {
			if (!read.has(id) && unseen + 1 < UNSEEN_POLLS_FORGOTTEN) above[id] = [at, unseen + 1];
		}
		for (const post of present) {
			const stamp = stampOf(post);
			if (watermark === null || stamp > watermark) above[postIdOf(post)] = [stamp, 0];
			else if (stamp === watermark && !boundaryIds.includes(postIdOf(post))) {
				boundaryIds = [...boundaryIds, postIdOf(post)];
			}
		}
	}

	// Rounds of posts that left the state go: all those a whole reading did not see; after another
	// reading, those neither seen nor still kept above the watermark (a post at or below it may
	// simply not have been listed this time).
	const rounds: Record<string, RoundMark> = {};
	for (const [id, mark] of Object.entries(cursor.rounds)) {
		const kept = whole
			? read.has(id)
			: read.has(id) || id in above || (watermark !== null && mark[0] <= watermark);
		if (kept) rounds[id] = mark;
	}
	if (trackRounds) for (const post of changed) rounds[postIdOf(post)] = roundMark(post);
	return {
		...cursor,
		watermark,
		watermarkText,
		boundaryIds,
		above,
		rounds: keepLatestRounds(rounds),
	};
}

export function emptyCursor(scope: string): Cursor {
	return { scope, watermark: null, watermarkText: null, boundaryIds: [], above: {}, rounds: {} };
}

/** Reads the saved cursor; anything unreadable counts as none. */
export function savedCursor(value: unknown): Cursor | undefined {
	if (value === null || typeof value !== 'object') return undefined;
	const saved = value as IDataObject;
	const { scope, watermark, watermarkText, boundaryIds, dateFilter, stamps, members } = saved;
	const { head, nextPage } = saved;
	if (typeof scope !== 'string' || !Array.isArray(boundaryIds)) return undefined;
	if (watermark !== null && typeof watermark !== 'number') return undefined;
	return {
		...(dateFilter === 'updated' || dateFilter === 'other' ? { dateFilter } : {}),
		...(stamps === 'moved' || stamps === 'kept' ? { stamps } : {}),
		...(typeof members === 'string' ? { members } : {}),
		...(typeof head === 'string' ? { head } : {}),
		...(typeof nextPage === 'number' ? { nextPage } : {}),
		scope,
		watermark,
		watermarkText: typeof watermarkText === 'string' ? watermarkText : null,
		boundaryIds: boundaryIds.map(String),
		above: savedPairs(saved.above),
		rounds: savedPairs(saved.rounds),
	};
}
