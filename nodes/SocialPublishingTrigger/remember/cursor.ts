import type { IDataObject } from 'n8n-workflow';

import type { RoundMark } from './rounds';
import { savedRounds } from './rounds';
import { postIdOf } from '../shared/ids';
import { stampOf } from './stamps';

/**
 * Where the trigger stands, kept in the node's static data. An event is a post entering the watched
 * state: it is listed there and is not among the posts seen there before (`members`, members.ts).
 * For the events of a review round, a post seen there before enters again when its round is new
 * (`rounds`). Post Published, Failed and Rejected add a few marks of how to read what changed
 * (changes.ts). README: Trigger, State, gives the sizes.
 */
export interface Cursor {
	/** The event, workspace and filters the cursor belongs to; any change starts afresh. */
	scope: string;
	/** The posts in the state (members.ts). */
	members: string;
	/**
	 * Review rounds accounted for, by the member's 8 characters, of the members an approver had acted
	 * on (Post Pending Approval and Approval Overdue; rounds.ts).
	 */
	rounds: Record<string, RoundMark>;
	/** The newest `updated_at` (ms) of the last whole reading: where changes start, when proven. */
	watermark: number | null;
	/** The watermark as the service wrote it, for a person reading the static data. */
	watermarkText: string | null;
	/**
	 * What `date_from` filters on, as the service's own answers showed (changes.ts): `updated_at`, so
	 * a poll reads only the days since the watermark; another date; absent while not known.
	 */
	dateFilter?: 'updated' | 'other';
	/** Whether a change of status moves `updated_at`, as the answers showed (changes.ts). */
	stamps?: 'moved' | 'kept';
	/** The list's total and page 1 at the last whole reading (headOf): the same again means idle. */
	head?: string;
	/** The page an idle poll reads besides page 1, in rotation through the list. */
	nextPage?: number;
}

/** Oldest first; ties in a stable order, so state and output agree. */
export function oldestFirst(posts: IDataObject[]): IDataObject[] {
	return [...posts].sort(
		(a, b) => stampOf(a) - stampOf(b) || postIdOf(a).localeCompare(postIdOf(b)),
	);
}

export function emptyCursor(scope: string): Cursor {
	return { scope, members: '', rounds: {}, watermark: null, watermarkText: null };
}

/**
 * Reads the saved cursor; anything unreadable counts as none, and so does one saved before members
 * were kept (its first poll notes the posts in the state again, and emits nothing).
 */
export function savedCursor(value: unknown): Cursor | undefined {
	if (value === null || typeof value !== 'object') return undefined;
	const saved = value as IDataObject;
	const { scope, members, watermark, watermarkText, dateFilter, stamps, head, nextPage } = saved;
	if (typeof scope !== 'string' || typeof members !== 'string') return undefined;
	if (watermark !== null && typeof watermark !== 'number') return undefined;
	return {
		...(dateFilter === 'updated' || dateFilter === 'other' ? { dateFilter } : {}),
		...(stamps === 'moved' || stamps === 'kept' ? { stamps } : {}),
		...(typeof head === 'string' ? { head } : {}),
		...(typeof nextPage === 'number' ? { nextPage } : {}),
		scope,
		members,
		rounds: savedRounds(saved.rounds),
		watermark,
		watermarkText: typeof watermarkText === 'string' ? watermarkText : null,
	};
}
