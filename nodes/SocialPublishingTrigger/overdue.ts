import type { IDataObject } from 'n8n-workflow';

import { schedulingStatus } from './events';
import { asList, asObject, orNull } from './notification';
import type { Watch } from './reading';
import { instantIn } from '../shared/time';

const MINUTE_MS = 60_000;

/**
 * The instant of a post's `scheduling.scheduled_at`. The API writes it as a wall-clock time
 * (`YYYY-MM-DD HH:MM:SS`) in the post's `scheduling.timezone`; a time with an offset is read as
 * such, and a wall-clock time with no known zone as UTC. NaN when the post has no time.
 */
function dueAt(post: IDataObject): number {
	const scheduling = asObject(post.scheduling);
	return instantIn(scheduling.scheduled_at, scheduling.timezone);
}

/** Whether the post needs its approvers now, and why; null when it does not (yet). */
export function overdueReason(
	post: IDataObject,
	now: number,
	leadMs: number,
): 'due_soon' | 'past_due' | 'missed_review' | null {
	if (schedulingStatus(post) === 'missed_review') return 'missed_review';
	const due = dueAt(post);
	if (Number.isNaN(due)) return null;
	if (due <= now) return 'past_due';
	return due - now < leadMs ? 'due_soon' : null;
}

/** What an escalation message needs: why, when, and who has not acted yet. */
export function overdueFields(post: IDataObject, now: number, leadMs: number): IDataObject {
	const due = dueAt(post);
	const known = !Number.isNaN(due);
	return {
		overdue_reason: overdueReason(post, now, leadMs),
		due_at: known ? new Date(due).toISOString() : null,
		minutes_left: known && due > now ? Math.floor((due - now) / MINUTE_MS) : null,
		minutes_since: known && due <= now ? Math.floor((now - due) / MINUTE_MS) : null,
		pending_approvers: asList(asObject(post.approval).approvers)
			.filter((approver) => approver.status === 'pending')
			.map((approver) => ({
				user_id: orNull(approver.user_id),
				name: orNull(approver.name),
				email: orNull(approver.email),
			})),
	};
}

/** A post the event is about at `now`: in the state, and for a deadline event, overdue. */
export function matcherOf(watch: Watch, now: number): (post: IDataObject) => boolean {
	return (post) =>
		watch.event.matches(post) &&
		(!watch.event.deadline || overdueReason(post, now, watch.leadMs) !== null);
}
