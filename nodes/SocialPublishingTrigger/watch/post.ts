import type { IDataObject } from 'n8n-workflow';

import { idOf } from '../../shared/ids';
import { asList, asObject } from '../../shared/records';
import { instantIn, timeOf } from '../../shared/time';

/**
 * When the post last changed: `updated_at`, else `created_at`. A post with neither sorts oldest
 * (0, not -Infinity, which static data could not store as JSON).
 */
export function stampOf(post: IDataObject): number {
	const updated = timeOf(post.updated_at);
	const at = Number.isNaN(updated) ? timeOf(post.created_at) : updated;
	return Number.isNaN(at) ? 0 : at;
}

/** Oldest change first; ties in a stable order, so state and output agree. Each stamp read once. */
export const oldestFirst = (posts: IDataObject[]): IDataObject[] =>
	posts
		.map((post) => ({ post, at: stampOf(post), id: idOf(post) }))
		.sort((a, b) => a.at - b.at || a.id.localeCompare(b.id))
		.map(({ post }) => post);

/** The `status` of the post's `scheduling` or `approval`, when it is a string. */
export function statusIn(post: IDataObject, field: 'scheduling' | 'approval'): string | undefined {
	const { status } = asObject(post[field]);
	return typeof status === 'string' ? status : undefined;
}

export const approversOf = (post: IDataObject) => asList(asObject(post.approval).approvers);

/** When each approver who acted did. */
export const actionTimes = (post: IDataObject): number[] =>
	approversOf(post)
		.map((approver) => timeOf(approver.last_action_time))
		.filter((at) => !Number.isNaN(at));

/**
 * The instant of the post's `scheduling.scheduled_at`: a wall-clock time (`YYYY-MM-DD HH:MM:SS`) in
 * the post's `scheduling.timezone`, a time with an offset as such, one with no known zone as UTC.
 * NaN when the post has no time.
 */
export function dueAt(post: IDataObject): number {
	const scheduling = asObject(post.scheduling);
	return instantIn(scheduling.scheduled_at, scheduling.timezone);
}

/** Whether the post needs its approvers at `now`, and why; null when it does not (yet). */
export function overdueReason(
	post: IDataObject,
	now: number,
	leadMs: number,
): 'due_soon' | 'past_due' | 'missed_review' | null {
	if (statusIn(post, 'scheduling') === 'missed_review') return 'missed_review';
	const due = dueAt(post);
	if (Number.isNaN(due)) return null;
	if (due <= now) return 'past_due';
	return due - now < leadMs ? 'due_soon' : null;
}
