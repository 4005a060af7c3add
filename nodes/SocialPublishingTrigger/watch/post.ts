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
