import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { getPage } from '../shared/api';
import type { Page } from '../shared/api';
import { PER_PAGE_MAX } from '../shared/limits';
import type { TriggerEvent } from './events';
import { digest, postIdOf } from '../shared/ids';
import { stampOf } from './stamps';

/** What a poll watches, from the node's settings. */
export interface Watch {
	event: TriggerEvent;
	workspaceId: string;
	qs: IDataObject;
	/** Deadline events: how long before its time a post counts as overdue. */
	leadMs: number;
	/** Event, workspace and filters: the cursor belongs to exactly this. */
	scope: string;
}

/** What one poll read: the posts, and whether that was the whole list. */
export interface Reading {
	posts: IDataObject[];
	whole: boolean;
	/** How many posts the list said it holds (the largest count any page gave, when they differ). */
	total: number;
	/** The service's clock when it answered the first page, when it says (its Date header). */
	serviceTime?: number;
	/** The list's total and its first page, in a few characters (see headOf). */
	head: string;
}

/** Pages asked for at once: enough to keep a long list quick, few enough to spare the rate limit. */
const PAGES_AT_ONCE = 4;

/** One page of the posts list the watch reads, 100 posts to a page. */
export async function readPage(ctx: IPollFunctions, watch: Watch, page: number): Promise<Page> {
	return await getPage.call(
		ctx,
		'posts',
		{ workspaceId: watch.workspaceId },
		{ page, perPage: PER_PAGE_MAX, qs: watch.qs },
	);
}

/** The number of the list's last page, as a page says. */
export const lastPageOf = (page: Page): number => (page.hasMore ? (page.lastPage ?? 1) : 1);

/**
 * A page's `total` and its posts' IDs (in any order) as one short signature: equal signatures of
 * page 1 mean no post entered or left it (an edit does not count: it is no event).
 */
export const headOf = (page: Page): string =>
	`${String(page.total)}:${digest(page.items.map(postIdOf).sort().join(','))}`;

/**
 * Reads the whole posts list: page 1, then every further page it names (a few at a time). The API
 * states no order, so no page can be skipped. The reading is whole when it holds as many distinct
 * posts as the list's `total` says, with every page saying the same total. A list that changed
 * while it was read, or that comes in another order for every request, can repeat some posts and
 * leave out others: the reading then is not whole (see cursor.ts for what follows from that).
 */
export async function readPosts(ctx: IPollFunctions, watch: Watch, first?: Page): Promise<Reading> {
	const pages = [first ?? (await readPage(ctx, watch, 1))];
	const last = lastPageOf(pages[0]);
	for (let from = 2; from <= last; from += PAGES_AT_ONCE) {
		const numbers = Array.from(
			{ length: Math.min(PAGES_AT_ONCE, last - from + 1) },
			(_, i) => from + i,
		);
		pages.push(
			...(await Promise.all(numbers.map(async (page) => await readPage(ctx, watch, page)))),
		);
	}
	const posts = distinct(pages.flatMap((page) => page.items));
	const rows = pages.reduce((sum, page) => sum + page.items.length, 0);
	const totals = new Set(pages.map((page) => page.total));
	const [total] = totals;
	const whole =
		totals.size === 1 && (total === undefined ? posts.length === rows : posts.length >= total);
	const largest = Math.max(...pages.map((page) => page.total ?? rows));
	return {
		posts,
		whole,
		total: largest,
		serviceTime: pages[0].serviceTime,
		head: headOf(pages[0]),
	};
}

/** The same post can show up twice when the list shifts between pages; keep its newest copy. */
export function distinct(posts: IDataObject[]): IDataObject[] {
	const byId = new Map<string, IDataObject>();
	for (const post of posts) {
		const seen = byId.get(postIdOf(post));
		if (!seen || stampOf(post) > stampOf(seen)) byId.set(postIdOf(post), post);
	}
	return [...byId.values()];
}

/**
 * How often activation reads the list again when a reading was not whole: a post it leaves out
 * would be emitted later as news although it was there before. Readings stop once they hold the
 * total (about ln(total) + 1 of them); at 8, 3 of 10,000 posts stayed unlisted on average.
 */
const BASELINE_READINGS = 40;

/**
 * Reads the list again while the readings, added up, do not hold every post (a list in a new order
 * for every request), at most BASELINE_READINGS times; `first` is a reading already made.
 */
export async function readUntilWhole(
	ctx: IPollFunctions,
	watch: Watch,
	first?: Reading,
): Promise<Pick<Reading, 'posts' | 'serviceTime'>> {
	const present = new Map<string, IDataObject>();
	let whole = false;
	let serviceTime: number | undefined;
	for (let reading = 0; reading < BASELINE_READINGS && !whole; reading++) {
		const read = reading === 0 && first ? first : await readPosts(ctx, watch);
		for (const post of read.posts) present.set(postIdOf(post), post);
		whole = read.whole || present.size >= read.total;
		serviceTime = read.serviceTime;
	}
	return { posts: [...present.values()], serviceTime };
}
