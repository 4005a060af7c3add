// Lists as a service may answer them beyond what the API description shows (read/pages.ts). The
// description gives every list a `total`; a service may still answer without one, or with one its
// pages never add up to (a count kept apart from the list, say). Without it, a reading is whole
// when no post shows twice; with one that never adds up, activation reads the list at most 40
// times, then goes on with what it has. And a list that shifts while it is read shows a post
// twice, an older copy beside the newer: the newer is the post as it is, wherever each stands.
import type { IDataObject } from 'n8n-workflow';

import { useSandbox } from '../harness/sandbox.cts';

import { pagesOf } from './budgets.cts';
import {
	activate,
	firstPage,
	MAIN_WORKSPACE,
	postsPath,
	Watcher,
	watching,
	workspaceEvents,
} from './fixtures.cts';
import type { ListOrder } from './fixtures.cts';

const sandbox = useSandbox();

/** The published posts' one page, as the sandbox answers it now. */
async function publishedPage() {
	const page = await firstPage(sandbox, 'published');
	expect(page.last_page).toBe(1);
	return page;
}

/**
 * Sixty published posts on one page, each answer of the posts list from now on their page as the
 * sandbox holds it now, with `total` as `edit` makes it.
 */
async function answeredWithTotal(edit: (total: number) => number | undefined) {
	const { control } = sandbox;
	await control.seed({
		workspace_id: MAIN_WORKSPACE,
		resource: 'posts',
		count: 60,
		template: { status: 'published', history_days: 365, history_seed: 13 },
	});
	const page = await publishedPage();
	const body: IDataObject = { ...page, total: edit(page.total) };
	if (body.total === undefined) delete body.total;
	await control.fault({ method: 'GET', path: postsPath(), answer: 'body', body, times: 1000 });
}

test('a list answered without total: one reading of its one page is whole', async () => {
	await answeredWithTotal(() => undefined);

	const tick = await new Watcher(sandbox, watching('postPublished')).tick();

	expect(tick.error).toBeUndefined();
	expect(tick.ids).toEqual([]);
	// Page 1 once; the rest, if any, asks what `date_from` filters on.
	expect(pagesOf(tick).filter((page) => page !== 'date_from')).toEqual([1]);
});

test('a list whose total its pages never reach: activation reads it 40 times, then stops', async () => {
	await answeredWithTotal((total) => total + 5);

	const tick = await new Watcher(sandbox, watching('postPublished')).tick();

	expect(tick.error).toBeUndefined();
	expect(tick.ids).toEqual([]);
	expect(pagesOf(tick).filter((page) => page !== 'date_from')).toEqual(Array(40).fill(1));
});

// Under n8n's durable scheduler a poll of 6 s may read 4 pages (read/budget.ts): the first poll
// reads the list 4 times, then the reading goes on over several polls (read/onward.ts), a pass of
// the one page each, 40 passes in all, the first poll's readings being the first. Every poll stays
// within its 4 pages (it had read all 40 times in the first poll).
test('a list whose total its pages never reach, 4 pages a poll: read over several polls within the budget, then stops', async () => {
	await answeredWithTotal((total) => total + 5);
	const watcher = new Watcher(sandbox, watching('postPublished'), { pollBudgetMs: 6_000 });

	const ticks = await activate(watcher, 20);

	const pages = ticks.map((tick) => pagesOf(tick).filter((page) => page !== 'date_from'));
	expect(pages).toEqual([...Array(10).fill([1, 1, 1, 1]), [1, 1, 1]]);
	// After them, a reading that never added up tells nothing of where new posts land: the next
	// poll reads the list (its one page) and asks once what `date_from` filters on; the one after,
	// the page alone.
	const idle = [await watcher.tick(), await watcher.tick()];
	expect(idle.map((tick) => tick.ids)).toEqual([[], []]);
	expect(idle.map(pagesOf)).toEqual([[1, 'date_from'], [1]]);
});

describe.each(['before', 'after'] as const)(
	'a post listed twice, its older copy %s the newer',
	(where) => {
		test('the post that was published between two polls is announced, from its newer copy', async () => {
			const { control } = sandbox;
			const [post] = await control.seed({
				workspace_id: MAIN_WORKSPACE,
				resource: 'posts',
				count: 1,
				template: { status: 'scheduled' },
			});
			const watcher = new Watcher(sandbox, watching('postPublished'));
			expect((await watcher.tick()).ids).toEqual([]);
			await control.clock({ advanceSeconds: 60 });
			await workspaceEvents(sandbox).publish(post);
			// The page as it is now, with the post as it was a minute before beside it: still
			// scheduled, last updated then.
			const page = await publishedPage();
			const now = page.data.find((each) => String(each._id ?? each.id) === post) as IDataObject;
			const before: IDataObject = {
				...now,
				scheduling: { ...(now.scheduling as IDataObject), status: 'scheduled', published_at: null },
				updated_at: new Date(Date.parse(String(now.updated_at)) - 60_000).toISOString(),
			};
			const data = where === 'before' ? [before, ...page.data] : [...page.data, before];
			await control.fault({
				method: 'GET',
				path: postsPath(),
				answer: 'body',
				body: { ...page, data },
				times: 1,
			});

			const tick = await watcher.tick();

			expect(tick.error).toBeUndefined();
			expect(tick.ids).toEqual([post]);
			expect(tick.items[0].json).toMatchObject({ status: 'published' });
		});
	},
);

/** `count` published posts over a year, listed in `listOrder`. */
async function publishedIn(listOrder: ListOrder, count: number, history_seed: number) {
	await sandbox.control.profile({ listOrder });
	await sandbox.control.seed({
		workspace_id: MAIN_WORKSPACE,
		resource: 'posts',
		count,
		template: { status: 'published', history_days: 365, history_seed },
	});
}

// Where new posts land is told by the newest `created_at` on page 1 and on the last page: the last
// page in a list oldest first. A post whose `created_at` does not read as a time (here on page 1,
// answered once at activation) tells nothing, and stops nothing: idle polls read the landing page
// first. A list drawn anew for every request has no landing page to find, so it is left out.
describe.each(['updated-desc', 'created-desc', 'created-asc'] as const)(
	'300 published posts listed %s',
	(listOrder) => {
		test('a post on page 1 whose created_at is not a time: idle polls read the landing page first', async () => {
			const { control } = sandbox;
			await publishedIn(listOrder, 300, 14);
			const page = await firstPage(sandbox, 'published');
			const [odd, ...rest] = page.data;
			const data = [{ ...odd, created_at: 'not a time' }, ...rest];
			await control.fault({
				method: 'GET',
				path: postsPath(),
				answer: 'body',
				body: { ...page, data },
				times: 1,
			});
			const watcher = new Watcher(sandbox, watching('postPublished'));
			expect((await watcher.tick()).ids).toEqual([]);

			const idle = await watcher.tick();

			expect(idle.ids).toEqual([]);
			const [first] = idle.requests.filter(({ query }) => query.date_from === undefined);
			expect(first.query.page).toBe(listOrder === 'created-asc' ? String(page.last_page) : '1');
		});
	},
);

// A list that changed while it was read: its pages tell different totals. The larger stands: a
// reading that holds fewer posts than it is not whole, and activation reads the list again. In a
// list drawn anew for every request, two pages rarely hold every post whatever they count, and are
// read until whole either way: that order is left out here.
describe.each(['updated-desc', 'created-desc', 'created-asc'] as const)(
	'150 published posts listed %s',
	(listOrder) => {
		test('pages that tell different totals: a reading short of the larger is read again', async () => {
			const { control } = sandbox;
			await publishedIn(listOrder, 150, 15);
			const page = await firstPage(sandbox, 'published');
			expect(page.last_page).toBe(2);
			// Page 1 counted before a post left the list: one more than page 2 counts.
			const body = { ...page, total: page.total + 1 };
			await control.fault({ method: 'GET', path: postsPath(), answer: 'body', body, times: 1 });

			const tick = await new Watcher(sandbox, watching('postPublished')).tick();

			expect(tick.error).toBeUndefined();
			expect(tick.ids).toEqual([]);
			expect(pagesOf(tick).filter((at) => at !== 'date_from')).toEqual([1, 2, 1, 2]);
		});

		// And where page 1 counted one post fewer (made after it was read) and page 2 was read after
		// a post moved from it: the reading holds page 1's count, but not the larger. Taken as whole,
		// the post left out would be announced at a later poll, though it was there before.
		test('pages that tell different totals: a reading that holds only the smaller is read again', async () => {
			const { control } = sandbox;
			await publishedIn(listOrder, 150, 16);
			const first = await firstPage(sandbox, 'published');
			const second = await firstPage(sandbox, 'published', MAIN_WORKSPACE, 2);
			const faults = [
				{ ...first, total: first.total - 1 },
				{ ...second, data: second.data.slice(1) },
			];
			// One after the other: each fault meets the first request that finds it.
			for (const body of faults)
				await control.fault({ method: 'GET', path: postsPath(), answer: 'body', body, times: 1 });
			const watcher = new Watcher(sandbox, watching('postPublished'));

			const activation = await watcher.tick();
			const idle = [await watcher.tick(), await watcher.tick(), await watcher.tick()];

			expect(activation.error).toBeUndefined();
			expect(pagesOf(activation).filter((at) => at !== 'date_from')).toEqual([1, 2, 1, 2]);
			expect([activation, ...idle].flatMap((tick) => tick.ids)).toEqual([]);
		});
	},
);
