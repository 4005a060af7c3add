import type { IDataObject } from 'n8n-workflow';

import { asList, asObject } from './notification';
import { digest, firstId } from '../shared/ids';
import { timeOf } from '../shared/time';

/**
 * A post's review round as last accounted for: who had acted, 4 characters (24 bits of a hash) each;
 * two approvers of a post share them 1 in 16.7 million times. Kept only when someone had: with
 * nobody, every reading is the same round, so a member with no mark needs none. That keeps the marks
 * within the members (one per post in review at most) with no cap to forget a round by.
 */
export type RoundMark = string;

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

export const roundMark = (post: IDataObject): RoundMark => actedBy(post).join('');

/**
 * Whether the post, seen again in the state, is still in the round accounted for: every approver
 * who had acted then still has, however often since. An edit changes no approval, so it never starts
 * a round; nor does a post sent for review again before anyone acted (to the API, an edit).
 */
export function sameRound(acted: RoundMark, post: IDataObject): boolean {
	const now = actedBy(post);
	return (acted.match(/.{4}/g) ?? []).every((key) => now.includes(key));
}

/** The saved marks; anything else is left out (a mark of an earlier build counts as none). */
export const savedRounds = (value: unknown) =>
	Object.fromEntries(
		Object.entries(asObject(value)).filter(([, mark]) => typeof mark === 'string' && mark !== ''),
	) as Record<string, RoundMark>;
