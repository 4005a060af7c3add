import type { IDataObject } from 'n8n-workflow';

/**
 * Where the trigger stands, kept in the node's static data. An event is a post entering the watched
 * state, keyed by the post's ID and its `updated_at` at that moment: the same post seen again
 * unchanged is not news, and a post that left the state and came back carries a newer `updated_at`.
 *
 * The state is a watermark (the newest `updated_at` accounted for) plus the IDs of the posts at
 * exactly that instant, so its size does not grow with the workspace's history.
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
}

export function postIdOf(post: IDataObject): string {
	return String(post.id ?? post._id ?? '');
}

/** `YYYY-MM-DD HH:MM:SS` has no zone; read it as UTC so that comparisons do not depend on the host. */
function parseDateTime(value: unknown): number {
	if (typeof value !== 'string' || value.trim() === '') return NaN;
	const text = value.trim();
	const zoneless = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text);
	return Date.parse(zoneless ? `${text.replace(' ', 'T')}Z` : text);
}

/**
 * When the post last changed: `updated_at`, else `created_at`. A post with neither sorts oldest
 * (0, not -Infinity, which static data could not store as JSON).
 */
export function stampOf(post: IDataObject): number {
	const updated = parseDateTime(post.updated_at);
	if (!Number.isNaN(updated)) return updated;
	const created = parseDateTime(post.created_at);
	return Number.isNaN(created) ? 0 : created;
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

/** The cursor after `posts` (already sorted oldest first) were emitted or accounted for. */
export function advance(cursor: Cursor, posts: IDataObject[]): Cursor {
	let { watermark, watermarkText, boundaryIds } = cursor;
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
	}
	return { scope: cursor.scope, watermark, watermarkText, boundaryIds };
}

export function emptyCursor(scope: string): Cursor {
	return { scope, watermark: null, watermarkText: null, boundaryIds: [] };
}

/** Reads the saved cursor; anything unreadable counts as none. */
export function savedCursor(value: unknown): Cursor | undefined {
	if (value === null || typeof value !== 'object') return undefined;
	const { scope, watermark, watermarkText, boundaryIds } = value as IDataObject;
	if (typeof scope !== 'string' || !Array.isArray(boundaryIds)) return undefined;
	if (watermark !== null && typeof watermark !== 'number') return undefined;
	return {
		scope,
		watermark,
		watermarkText: typeof watermarkText === 'string' ? watermarkText : null,
		boundaryIds: boundaryIds.map(String),
	};
}
