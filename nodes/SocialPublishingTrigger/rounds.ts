import type { IDataObject } from 'n8n-workflow';

import { asList, asObject } from './notification';
import { digest, firstId } from '../shared/ids';
import { timeOf } from '../shared/time';
import { stampOf } from './stamps';

/**
 * A post's review round as last accounted for: the latest time it carried (`updated_at` or an
 * approver's action), which ranks the rounds kept, and who had acted (24 bits of a hash each: two
 * approvers share them 1 in 16.7 million times). Saved as a count before: how many had acted.
 */
export type RoundMark = [at: number, acted: string | number];

/** How many rounds are remembered: the latest ones, which are the ones still likely under review. */
const ROUNDS_KEPT = 500;

/** An approval and the post's `updated_at` written by the same change may differ by a moment. */
export const SAME_CHANGE_MS = 1000;

/** When each approver who acted did. */
export const actionTimes = (post: IDataObject): number[] =>
	asList(asObject(post.approval).approvers)
		.map((approver) => timeOf(approver.last_action_time))
		.filter((at) => !Number.isNaN(at));

/** 4 characters of a hash of each approver who has acted: user ID, else e-mail, name, place. */
const actedBy = (post: IDataObject): string[] =>
	asList(asObject(post.approval).approvers).flatMap((one, at) =>
		one.status === 'pending'
			? []
			: digest(firstId(one, ['user_id', 'email', 'name']) || `#${at}`).slice(0, 4),
	);

export const roundMark = (post: IDataObject): RoundMark => [
	Math.max(stampOf(post), ...actionTimes(post)),
	actedBy(post).join(''),
];

/**
 * Whether the post, seen again in the state, is still in the round accounted for: every approver
 * who had acted then still has, however often since. An edit changes no approval, so it never starts
 * a round; nor does a post sent for review again before anyone acted (to the API, an edit).
 */
export function sameRound([, acted]: RoundMark, post: IDataObject): boolean {
	const now = actedBy(post);
	if (typeof acted === 'number') return now.length >= acted;
	return (acted.match(/.{4}/g) ?? []).every((key) => now.includes(key));
}

/** The saved marks; anything else is left out. */
export const savedRounds = (value: unknown) =>
	Object.fromEntries(
		Object.entries(asObject(value)).filter(
			([, mark]) =>
				Array.isArray(mark) &&
				typeof mark[0] === 'number' &&
				['number', 'string'].includes(typeof mark[1]),
		),
	) as Record<string, RoundMark>;

/** Bounded: the rounds of the most recently changed posts. */
export function keepLatestRounds(rounds: Record<string, RoundMark>): Record<string, RoundMark> {
	const entries = Object.entries(rounds);
	if (entries.length <= ROUNDS_KEPT) return rounds;
	return Object.fromEntries(entries.sort((a, b) => b[1][0] - a[1][0]).slice(0, ROUNDS_KEPT));
}
