import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { getPage } from '../../shared/api';
import type { Page } from '../../shared/api';
import { digest, idOf } from '../../shared/ids';
import { PER_PAGE_MAX } from '../../shared/limits';
import { timeOf } from '../../shared/time';
import { stampOf } from '../watch/post';
import type { Watch } from '../watch/settings';
import { countPage, pagesLeft } from './budget';

/** What one poll read: the posts, and whether that was the whole list. */
export interface Reading {
	posts: IDataObject[];
	whole: boolean;
	/** How many posts the list said it holds (the largest count any page gave, when they differ). */
	total: number;
	/** The service's clock when it answered the first page, when it says (its Date header). */
	serviceTime?: number;
	/** The list's total and the page where a new post lands, in a few characters (see headOf). */
	head: string;
	/** Where a new post lands: the last page when it holds a later post than page 1 (oldest first). */
	landing: number;
	/** Past this poll's budget (budget.ts): not every page was read, or the readings until whole stopped. */
	cut?: boolean;
}

/** Pages a poll already read, by number less one. */
export type Pages = Partial<Record<number, Page>>;

/** Pages asked for at once: enough to keep a long list quick, few enough to spare the rate limit. */
export const PAGES_AT_ONCE = 4;

/** One page of the posts list the watch reads, 100 posts to a page. */
export async function readPage(ctx: IPollFunctions, watch: Watch, page: number): Promise<Page> {
	countPage(ctx);
	return await getPage.call(
		ctx,
		'posts',
		{ workspaceId: watch.workspaceId },
		{ page, perPage: PER_PAGE_MAX, qs: watch.qs },
	);
}

/** The number of the list's last page, as a page says. */
export const lastPageOf = (page: Page): number => (page.hasMore ? (page.lastPage ?? 1) : 1);
/** The same, as page `at` says: a page without `last_page` has no more (api: `hasMore`). */
export const lastFrom = (page: Page, at: number) => page.lastPage ?? at;

const newest = (page: Page) =>
	Math.max(-Infinity, ...page.items.map((post) => timeOf(post.created_at)).filter(Number.isFinite));
/** Where new posts land: the last page when it holds a later post than page 1 (oldest first). */
export const landingOf = (first: Page, last: Page, lastNumber: number) =>
	newest(last) > newest(first) ? lastNumber : 1;

/**
 * The page an idle poll reads besides the landing page, in turn through the others: `turn` counts
 * the polls; answers the page and the next turn.
 */
export function inRotation(turn: number | undefined, last: number, landing: number) {
	const others = Array.from({ length: last }, (_, i) => i + 1).filter((page) => page !== landing);
	const at = (turn ?? 0) % Math.max(others.length, 1);
	return { page: others[at] ?? landing, turn: at + 1 };
}

/**
 * A page's `total` and its posts' IDs (in any order) as one short signature: equal signatures of
 * the landing page mean no post entered or left it (an edit does not count: it is no event).
 */
export const headOf = (page: Page): string =>
	`${String(page.total)}:${digest(
		page.items
			.map((post) => idOf(post))
			.sort()
			.join(','),
	)}`;

/**
 * Reads the whole posts list: page 1, then every further page it names (a few at a time). The API
 * states no order, so no page can be skipped. The reading is whole when it holds as many distinct
 * posts as the list's `total` says, with every page saying the same total. A list that changed
 * while it was read, or that comes in another order for every request, can repeat some posts and
 * leave out others: the reading is then not whole (remember/members.ts). Pages in `read` are reused,
 * and the pages read are added to it.
 */
export async function readPosts(
	ctx: IPollFunctions,
	watch: Watch,
	read: Pages = {},
): Promise<Reading> {
	const page = async (at: number) => (read[at - 1] ??= await readPage(ctx, watch, at));
	const pages = [await page(1)];
	const rest = Array.from({ length: lastPageOf(pages[0]) - 1 }, (_, i) => i + 2);
	let cut = rest.filter((at) => !read[at - 1]).length > (await pagesLeft(ctx));
	for (let at = 0; !cut && at < rest.length; at += PAGES_AT_ONCE) {
		pages.push(...(await Promise.all(rest.slice(at, at + PAGES_AT_ONCE).map(page))));
		// A slow service, or a wait for the rate limit, can spend the budget's time before its pages.
		cut = at + PAGES_AT_ONCE < rest.length && (await pagesLeft(ctx)) < 1;
	}
	const posts = distinct(pages.flatMap((page) => page.items));
	const rows = pages.reduce((sum, page) => sum + page.items.length, 0);
	const totals = new Set(pages.map((page) => page.total));
	const [total] = totals;
	const whole =
		!cut &&
		totals.size === 1 &&
		(total === undefined ? posts.length === rows : posts.length >= total);
	const largest = Math.max(...pages.map((page) => page.total ?? rows));
	const landing = landingOf(pages[0], pages[pages.length - 1], pages.length);
	const head = headOf(pages[landing - 1]);
	return { posts, whole, total: largest, serviceTime: pages[0].serviceTime, head, landing, cut };
}

/** The same post can show up twice when the list shifts between pages; keep its newest copy. */
export function distinct(posts: IDataObject[]): IDataObject[] {
	const byId = new Map<string, IDataObject>();
	for (const post of posts) {
		const seen = byId.get(idOf(post));
		if (!seen || stampOf(post) > stampOf(seen)) byId.set(idOf(post), post);
	}
	return [...byId.values()];
}

/**
 * How often activation reads the list at most when a reading was not whole (a list in a new order for
 * every request): a post left out would be announced later although it was there before. Readings
 * stop once they hold the total (about ln(total) + 1 of them).
 */
export const READINGS_AT_MOST = 40;

/**
 * Reads the list again while the readings, added up, do not hold every post, at most `most` readings
 * in all; `first` is a reading already made.
 */
export async function readUntilWhole(
	ctx: IPollFunctions,
	watch: Watch,
	first?: Reading,
	most = READINGS_AT_MOST,
): Promise<Reading> {
	const present = new Map<string, IDataObject>();
	let read = first ?? (await readPosts(ctx, watch));
	for (let reading = 1; ; reading++) {
		for (const post of read.posts) present.set(idOf(post), post);
		const whole = read.whole || present.size >= read.total;
		// A list of one page is read with no check of the budget (readPosts): check it here.
		const cut = !whole && (read.cut || (await pagesLeft(ctx)) < 1);
		if (whole || reading >= most || cut)
			return { ...read, posts: [...present.values()], whole, cut };
		read = await readPosts(ctx, watch);
	}
}
