import type { IDataObject } from 'n8n-workflow';

import type { RoundMark } from './rounds';
import { postIdOf, savedPairs, stampOf } from './stamps';
import { keepLatestRounds, roundMark } from './rounds';

/**
 * A post accounted for above the watermark, after a reading that was not whole: its `updated_at`
 * then, and how many polls in a row have not seen it since.
 */
export type AboveMark = [at: number, unseen: number];

/**
 * A post missing from this many polls in a row, none of them whole, counts as gone. Only a service
 * that shuffles its list per request leaves a post out that often by chance (about 1 poll in 5 at
 * 150 posts, so 20 in a row is about 1 in 10^13); were the post still there, it would be emitted
 * again: a duplicate, never a miss.
 */
const UNSEEN_POLLS_FORGOTTEN = 20;

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
 * changed since the last whole reading, not the workspace's history. For posts under review it also
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
	const rounds: Record<string, RoundMark> = {};
	const read = new Set(present.map(postIdOf));
	// A whole reading shows which posts left the state; their rounds go. Otherwise all are kept (capped).
	for (const [id, mark] of Object.entries(cursor.rounds)) {
		if (!whole || read.has(id)) rounds[id] = mark;
	}
	if (trackRounds) for (const post of changed) rounds[postIdOf(post)] = roundMark(post);

	let { watermark, watermarkText, boundaryIds } = cursor;
	let above: Record<string, AboveMark> = {};
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
	return {
		scope: cursor.scope,
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

/** Reads the saved cursor; anything unreadable counts as none. A cursor saved before `above` reads as whole. */
export function savedCursor(value: unknown): Cursor | undefined {
	if (value === null || typeof value !== 'object') return undefined;
	const { scope, watermark, watermarkText, boundaryIds, above, rounds } = value as IDataObject;
	if (typeof scope !== 'string' || !Array.isArray(boundaryIds)) return undefined;
	if (watermark !== null && typeof watermark !== 'number') return undefined;
	return {
		scope,
		watermark,
		watermarkText: typeof watermarkText === 'string' ? watermarkText : null,
		boundaryIds: boundaryIds.map(String),
		above: savedPairs(above),
		rounds: savedPairs(rounds),
	};
}
