import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import type { Page } from '../../shared/api';
import { idOf } from '../../shared/ids';
import { PER_PAGE_MAX } from '../../shared/limits';
import type { Watch } from '../watch/settings';
import { headOf, lastFrom, readPage } from './pages';

/**
 * The idle poll's reasoning for a poll that finds k new posts where new posts land: the total grew by
 * k since the head, and k posts that are not members, taken off the landing page, leave the page as
 * it was then, either as it is (oldest first: the new posts went to its end, any beyond it to a new
 * next page) or with the first k of the next page put back (newest first: they were pushed down).
 * Then those k entered and nothing left the page. Answers the pages read, where new posts land now
 * and the IDs that entered; undefined when the pages do not add up (the whole list is read instead).
 */
export async function landingNow(
	ctx: IPollFunctions,
	watch: Watch,
	head: string,
	at: number,
	seen: Page,
	known: (post: IDataObject) => boolean,
): Promise<{ pages: Page[]; landing: number; entered: Set<string> } | undefined> {
	if (head === headOf(seen)) return { pages: [seen], landing: at, entered: new Set() };
	const total = Number(head.slice(0, head.indexOf(':')));
	const grown = (seen.total ?? NaN) - total;
	if (!Number.isInteger(total) || !(grown > 0 && grown <= PER_PAGE_MAX)) return undefined;
	const fresh = seen.items.filter((post) => !known(post));
	const takes = [fresh, fresh.filter(watch.event.matches)].filter((take) => take.length <= grown);
	const wasHead = (items: IDataObject[]) => headOf({ items, total, hasMore: false }) === head;
	const ids = (posts: IDataObject[]) => new Set(posts.map((post) => idOf(post)));
	const without = (take: IDataObject[]) => seen.items.filter((post) => !take.includes(post));
	for (const take of takes) {
		if (take.length === grown && wasHead(without(take)))
			return { pages: [seen], landing: at, entered: ids(take) };
	}
	if (lastFrom(seen, at) <= at) return undefined;
	const next = await readPage(ctx, watch, at + 1);
	const allNew = !next.hasMore && !next.items.some(known);
	for (const take of takes) {
		const rest = without(take);
		// Newest first: the posts pushed down open the next page.
		if (take.length === grown && wasHead([...rest, ...next.items.slice(0, grown)]))
			return { pages: [seen, next], landing: at, entered: ids(take) };
		// Oldest first: the page filled up, and the rest of the new posts started the next one.
		if (allNew && take.length + next.items.length === grown && wasHead(rest))
			return { pages: [seen, next], landing: at + 1, entered: ids([...take, ...next.items]) };
	}
	return undefined;
}
