import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import type { Cursor } from './cursor';
import { emptyCursor, oldestFirst } from './cursor';
import { overdueReason, sameOverdueRound } from './overdue';
import type { Watch } from './reading';
import { readPosts, readUntilWhole } from './reading';
import { keepLatestRounds, roundMark } from './rounds';
import { postIdOf } from '../shared/ids';
import { stampOf } from './stamps';

/** A post the event is about at `now`: in the state, and for a deadline event, overdue. */
export function matcherOf(watch: Watch, now: number): (post: IDataObject) => boolean {
	return (post) =>
		watch.event.matches(post) &&
		(!watch.event.deadline || overdueReason(post, now, watch.leadMs) !== null);
}

/**
 * A deadline event's poll: every overdue post not yet reported in its review round is news. The
 * cursor keeps one round mark per overdue post (`rounds`); no watermark, since a post becomes
 * overdue as time passes, without changing.
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
	const isOverdue = matcherOf(watch, now);
	const overdue = reading.posts.filter(isOverdue);
	const floor = from.watermark;
	const reported = (post: IDataObject) => {
		const mark = from.rounds[postIdOf(post)];
		if (mark !== undefined) return sameOverdueRound(mark, post);
		// A post in missed review stays listed for good: one older than the marks let go was reported.
		return (
			overdueReason(post, now, watch.leadMs) === 'missed_review' &&
			floor !== null &&
			stampOf(post) <= floor
		);
	};
	const news = noteOnly ? [] : oldestFirst(overdue.filter((post) => !reported(post)));
	// Marks of posts no longer overdue go; of posts not read, only a reading that was whole tells.
	const read = new Set(reading.posts.map(postIdOf));
	const marks: Cursor['rounds'] = {};
	if (!reading.whole) {
		for (const [id, mark] of Object.entries(from.rounds)) if (!read.has(id)) marks[id] = mark;
	}
	for (const post of overdue) marks[postIdOf(post)] = roundMark(post);
	const rounds = keepLatestRounds(marks);
	const letGo = Object.entries(marks)
		.filter(([id]) => !(id in rounds))
		.map(([, [at]]) => at);
	const watermark = letGo.length > 0 ? Math.max(floor ?? -Infinity, ...letGo) : floor;
	const cursor: Cursor = { ...emptyCursor(watch.scope), rounds, watermark };
	if (watermark !== null) cursor.watermarkText = new Date(watermark).toISOString();
	return { cursor, news, now };
}
