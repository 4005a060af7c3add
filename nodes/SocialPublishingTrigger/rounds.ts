import type { IDataObject } from 'n8n-workflow';

import { asList, asObject } from './notification';
import { timeOf } from '../shared/time';
import { stampOf } from './stamps';

/**
 * A post's review round as last accounted for: the latest time it carried then (its `updated_at`
 * or an approver's action), and how many approvers had acted by then. Approving is the same round;
 * sending a post for review again resets its approvers (their earlier actions are gone).
 */
export type RoundMark = [at: number, acted: number];

/** How many rounds are remembered: the latest ones, which are the ones still likely under review. */
const ROUNDS_KEPT = 500;

/** An approval and the post's `updated_at` written by the same change may differ by a moment. */
export const SAME_CHANGE_MS = 1000;

/** When each approver who acted did. */
export const actionTimes = (post: IDataObject): number[] =>
	asList(asObject(post.approval).approvers)
		.map((approver) => timeOf(approver.last_action_time))
		.filter((at) => !Number.isNaN(at));

export const roundMark = (post: IDataObject): RoundMark => [
	Math.max(stampOf(post), ...actionTimes(post)),
	actionTimes(post).length,
];

/**
 * Whether the post, seen again in the state, is still in the round accounted for: every approver
 * who had acted then still has. An edit changes no approval, so it never starts a round; nor does
 * a post sent for review again before anyone acted, which the API's answers cannot tell from an edit.
 */
export const sameRound = ([markedAt, acted]: RoundMark, post: IDataObject): boolean =>
	actionTimes(post).filter((at) => at <= markedAt).length >= acted;

/** Bounded: the rounds of the most recently changed posts. */
export function keepLatestRounds(rounds: Record<string, RoundMark>): Record<string, RoundMark> {
	const entries = Object.entries(rounds);
	if (entries.length <= ROUNDS_KEPT) return rounds;
	return Object.fromEntries(entries.sort((a, b) => b[1][0] - a[1][0]).slice(0, ROUNDS_KEPT));
}
