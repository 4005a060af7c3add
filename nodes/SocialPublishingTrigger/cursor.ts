import type { IDataObject } from 'n8n-workflow';

import type { RoundMark } from './rounds';
import { postIdOf, stampOf } from './stamps';
import { keepLatestRounds, roundMark, savedRounds } from './rounds';

/**
 * Where the trigger stands, kept in the node's static data. An event is a post entering the watched
 * state, keyed by the post's ID and its `updated_at` at that moment: the same post seen again
 * unchanged is not news, and a post that left the state and came back carries a newer `updated_at`.
 *
 * The state is a watermark (the newest `updated_at` accounted for) plus the IDs of the posts at
 * exactly that instant, so its size does not grow with the workspace's history. For posts under
 * review it also keeps the review rounds of the latest posts (see rounds.ts), capped.
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
	/** Review rounds accounted for, by post ID (Post Pending Approval only). */
	rounds: Record<string, RoundMark>;
}

export function isNew(cursor: Cursor, post: IDataObject): boolean {
	if (cursor.watermark === null) return true;
	const stamp = stampOf(post);
	return (
		stamp > cursor.watermark ||
		(stamp === cursor.watermark && !cursor.boundaryIds.includes(postIdOf(post)))
	);
}

/**
 * Whether a further page may still hold news. Pages are read newest first; a page that reaches
 * below the watermark proves the rest is older. This is the only use made of the list's order.
 */
export function mayContinue(cursor: Cursor, page: IDataObject[]): boolean {
	const watermark = cursor.watermark;
	if (watermark === null) return true;
	return !page.some((post) => stampOf(post) < watermark);
}

/** Oldest first; ties in a stable order, so state and output agree. */
export function oldestFirst(posts: IDataObject[]): IDataObject[] {
	return [...posts].sort(
		(a, b) => stampOf(a) - stampOf(b) || postIdOf(a).localeCompare(postIdOf(b)),
	);
}

/**
 * The cursor after `posts` (sorted oldest first) were accounted for: emitted, or known not to be
 * news. With `trackRounds`, each post's review round is noted too.
 */
export function advance(cursor: Cursor, posts: IDataObject[], trackRounds = false): Cursor {
	let { watermark, watermarkText, boundaryIds } = cursor;
	const rounds = { ...cursor.rounds };
	for (const post of posts) {
		const stamp = stampOf(post);
		if (watermark === null || stamp > watermark) {
			watermark = stamp;
			watermarkText = String(post.updated_at ?? post.created_at ?? '');
			boundaryIds = [];
		}
		if (stamp === watermark && !boundaryIds.includes(postIdOf(post))) {
			boundaryIds = [...boundaryIds, postIdOf(post)];
		}
		if (trackRounds) rounds[postIdOf(post)] = roundMark(post);
	}
	return {
		scope: cursor.scope,
		watermark,
		watermarkText,
		boundaryIds,
		rounds: keepLatestRounds(rounds),
	};
}

export function emptyCursor(scope: string): Cursor {
	return { scope, watermark: null, watermarkText: null, boundaryIds: [], rounds: {} };
}

/** Reads the saved cursor; anything unreadable counts as none. */
export function savedCursor(value: unknown): Cursor | undefined {
	if (value === null || typeof value !== 'object') return undefined;
	const { scope, watermark, watermarkText, boundaryIds, rounds } = value as IDataObject;
	if (typeof scope !== 'string' || !Array.isArray(boundaryIds)) return undefined;
	if (watermark !== null && typeof watermark !== 'number') return undefined;
	return {
		scope,
		watermark,
		watermarkText: typeof watermarkText === 'string' ? watermarkText : null,
		boundaryIds: boundaryIds.map(String),
		rounds: savedRounds(rounds),
	};
}
