import type { IDataObject } from 'n8n-workflow';

import { timeOf } from '../shared/time';

/**
 * When the post last changed: `updated_at`, else `created_at`. A post with neither sorts oldest
 * (0, not -Infinity, which static data could not store as JSON).
 */
export function stampOf(post: IDataObject): number {
	const updated = timeOf(post.updated_at);
	if (!Number.isNaN(updated)) return updated;
	const created = timeOf(post.created_at);
	return Number.isNaN(created) ? 0 : created;
}

/** Reads a saved map of `[number, number]` marks by post ID; anything else is left out. */
export function savedPairs(value: unknown): Record<string, [number, number]> {
	if (value === null || typeof value !== 'object') return {};
	const marks: Record<string, [number, number]> = {};
	for (const [id, mark] of Object.entries(value as IDataObject)) {
		if (Array.isArray(mark) && typeof mark[0] === 'number' && typeof mark[1] === 'number') {
			marks[id] = [mark[0], mark[1]];
		}
	}
	return marks;
}
