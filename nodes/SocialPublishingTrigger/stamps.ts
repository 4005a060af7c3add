import type { IDataObject } from 'n8n-workflow';

export { postIdOf } from '../shared/ids';

/** `YYYY-MM-DD HH:MM:SS` has no zone; read it as UTC so that comparisons do not depend on the host. */
export function timeOf(value: unknown): number {
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
	const updated = timeOf(post.updated_at);
	if (!Number.isNaN(updated)) return updated;
	const created = timeOf(post.created_at);
	return Number.isNaN(created) ? 0 : created;
}
