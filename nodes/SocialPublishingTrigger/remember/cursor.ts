import { asObject } from '../../shared/records';
import type { RoundMark } from './rounds';
import { savedRounds } from './rounds';

/** The cursor's layout; a cursor saved in another counts as none (its first poll announces nothing). */
const LAYOUT = 2;
/** The marks a cursor may hold besides, and the type each is read back as. */
const MARKS = {
	...{ dateFilter: 'string', stamps: 'string', head: 'string', wideDay: 'string' },
	...{ landing: 'number', turn: 'number', dueBy: 'number', seq: 'number' },
	...{ readAt: 'number', readKeys: 'string', passes: 'number', noting: 'boolean' },
};

/**
 * Where the trigger stands, kept in the node's static data. An event is a post entering the watched
 * state: it is listed there and is not among the posts seen there before (`members`, members.ts).
 * For the events of a review round, a post seen there before enters again when its round is new
 * (`rounds`). A few marks say how to read what changed (read/changes.ts).
 */
export interface Cursor {
	layout: typeof LAYOUT;
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
	/** The list's total and landing page at the last whole reading (headOf): the same means idle. */
	head?: string;
	/** Where a new post lands in the list (read/pages.ts): the page an idle poll reads first. */
	landing?: number;
	/** How many idle polls read a further page, in turn through the list. */
	turn?: number;
	/** The watermark's day when the changes since it were more than a page: the window waits. */
	wideDay?: string;
	/** Deadline events: when the next member not yet announced comes due (ms, the service's clock). */
	dueBy?: number;
	/**
	 * A reading too long for one poll (read/onward.ts): the page it goes on at, the keys of the posts
	 * it listed so far, which pass it is in, and whether it notes the posts (the first reading).
	 */
	readAt?: number;
	readKeys?: string;
	passes?: number;
	noting?: boolean;
	/** How many times a poll changed the cursor: the later of two copies has the higher (poll.ts). */
	seq?: number;
}

export function emptyCursor(scope: string): Cursor {
	return { layout: LAYOUT, scope, members: '', rounds: {}, watermark: null, watermarkText: null };
}

/**
 * Reads the saved cursor; anything unreadable counts as none, and so does one of another layout (its
 * first poll notes the posts in the state again, and announces nothing).
 */
export function savedCursor(value: unknown): Cursor | undefined {
	const saved = asObject(value);
	const { scope, members, watermark, watermarkText } = saved;
	if (saved.layout !== LAYOUT || typeof scope !== 'string' || typeof members !== 'string') return;
	if (watermark !== null && typeof watermark !== 'number') return undefined;
	const marks = Object.entries(MARKS).filter(([key, type]) => typeof saved[key] === type);
	return {
		...(Object.fromEntries(marks.map(([key]) => [key, saved[key]])) as Partial<Cursor>),
		layout: LAYOUT,
		scope,
		members,
		rounds: savedRounds(saved.rounds),
		watermark,
		watermarkText: typeof watermarkText === 'string' ? watermarkText : null,
	};
}
