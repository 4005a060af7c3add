import type { IDataObject } from 'n8n-workflow';

import { asList, asObject } from './notification';
import { timeOf } from '../shared/time';
import { stampOf } from './stamps';

/**
 * A post's review round as last accounted for: its `updated_at` then, and how many approvers had
 * acted by then. Approving moves `updated_at` while the post stays under review; that is the same
 * round, not a new request for approval. Sending a post for review again starts a new round, in
 * which the approvers start afresh (their earlier actions are gone).
 */
export type RoundMark = [at: number, acted: number];

/** How many rounds are remembered: the latest ones, which are the ones still likely under review. */
const ROUNDS_KEPT = 500;

/** An approval and the post's `updated_at` written by the same change may differ by a moment. */
export const SAME_CHANGE_MS = 1000;

/** When each approver who acted did, and how. */
export function actionTimes(post: IDataObject): Array<{ at: number; status: unknown }> {
	return asList(asObject(post.approval).approvers)
		.map((approver) => ({ at: timeOf(approver.last_action_time), status: approver.status }))
		.filter((action) => !Number.isNaN(action.at));
}

export function roundMark(post: IDataObject): RoundMark {
	return [stampOf(post), actionTimes(post).length];
}

/**
 * Whether the post, seen again under review with a newer `updated_at`, is still in the round
 * accounted for: every approver who had acted still has, and the change is approvers approving.
 * Anything else (approvers reset, an edit with no approval) counts as entering review again: a
 * duplicate notification is better than a missed request for approval.
 */
export function sameRound(mark: RoundMark, post: IDataObject): boolean {
	const [markedAt, acted] = mark;
	const at = stampOf(post);
	if (at <= markedAt) return true;
	const actions = actionTimes(post);
	if (actions.filter((action) => action.at <= markedAt).length !== acted) return false;
	const since = actions.filter((action) => action.at > markedAt);
	if (since.length === 0 || since.some((action) => action.status !== 'approve')) return false;
	return at - Math.max(...since.map((action) => action.at)) <= SAME_CHANGE_MS;
}

/** Bounded: the rounds of the most recently changed posts. */
export function keepLatestRounds(rounds: Record<string, RoundMark>): Record<string, RoundMark> {
	const entries = Object.entries(rounds);
	if (entries.length <= ROUNDS_KEPT) return rounds;
	return Object.fromEntries(entries.sort((a, b) => b[1][0] - a[1][0]).slice(0, ROUNDS_KEPT));
}
