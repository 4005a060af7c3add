import type { IDataObject } from 'n8n-workflow';

import { digest, firstId } from '../../shared/ids';
import { asObject } from '../../shared/records';
import { approversOf } from '../watch/post';

/**
 * A post's review round as last accounted for: who had acted, 4 characters (24 bits of a hash) each;
 * two approvers of a post share them 1 in 16.7 million times. Kept only when someone had: with
 * nobody, every reading is the same round, so a member with no mark needs none. That keeps the marks
 * within the members (one per post in review at most) with no cap to forget a round by.
 */
export type RoundMark = string;

/** An approval and the post's `updated_at` written by the same change may differ by a moment. */
export const SAME_CHANGE_MS = 1000;

/** An approver as one name: user ID, else e-mail, name, place in the list. */
const approverKey = (approver: IDataObject, at: number) =>
	firstId(approver, ['user_id', 'email', 'name']) || `#${at}`;

/** 4 characters of a hash of each approver who has acted. */
const actedBy = (post: IDataObject): string[] =>
	approversOf(post).flatMap((one, at) =>
		one.status === 'pending' ? [] : digest(approverKey(one, at)).slice(0, 4),
	);

export const roundMark = (post: IDataObject): RoundMark => actedBy(post).join('');

/**
 * Who the post asks to approve it, as 3 characters (18 bits) of a hash of them all, in any order:
 * a different set is a new request to people who were not told (1 in 262,144 would read the same).
 */
export const askedOf = (post: IDataObject): string =>
	digest(approversOf(post).map(approverKey).sort().join('\n')).slice(0, 3);

/**
 * Whether the post, seen again in the state, is still in the round accounted for: every approver
 * who had acted then still has, however often since. An edit changes no approval, so it never starts
 * a round; nor does a post sent for review again to the same people before anyone acted.
 */
export function sameRound(acted: RoundMark, post: IDataObject): boolean {
	const now = actedBy(post);
	return (acted.match(/.{4}/g) ?? []).every((key) => now.includes(key));
}

/** The saved marks; anything else is left out. */
export const savedRounds = (value: unknown) =>
	Object.fromEntries(
		Object.entries(asObject(value)).filter(([, mark]) => typeof mark === 'string' && mark !== ''),
	) as Record<string, RoundMark>;
