import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import type { Cursor } from './cursor';
import { entered } from './members';
import { overdueReason, sameOverdueRound } from './overdue';
import type { Watch } from './reading';
import { readPosts, readUntilWhole } from './reading';

/** A post the event is about at `now`: in the state, and for a deadline event, overdue. */
export function matcherOf(watch: Watch, now: number): (post: IDataObject) => boolean {
	return (post) =>
		watch.event.matches(post) &&
		(!watch.event.deadline || overdueReason(post, now, watch.leadMs) !== null);
}

/**
 * A deadline event's poll: every overdue post not yet reported in its review round is news. A post
 * becomes overdue as time passes, without changing: the state is "overdue now", read whole each poll.
 */
export async function pollDeadline(
	ctx: IPollFunctions,
	watch: Watch,
	from: Cursor,
	noteOnly: boolean,
): Promise<{ cursor: Cursor; news: IDataObject[]; now: number }> {
	const reading = noteOnly
		? { ...(await readUntilWhole(ctx, watch)), whole: true }
		: await readPosts(ctx, watch);
	// Overdue is judged by the service's clock (its Date header), which scheduled times are
	// written in; n8n's own when the service does not say.
	const now = reading.serviceTime ?? Date.now();
	const { news, cursor } = entered(from, reading, matcherOf(watch, now), sameOverdueRound);
	return { cursor, news: noteOnly ? [] : news, now };
}
