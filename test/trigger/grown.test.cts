// What an event costs at 10,000 posts in the state (docs/trigger.md: How soon, and what it costs):
// the poll that announces new posts reads where they land and at most one page more than an idle
// poll, in every kind of service and each list order where a new post lands on a page the trigger
// can find. The whole list (101 pages) was read for every new post before.

import type { IDataObject } from 'n8n-workflow';

import { useSandbox } from '../harness/sandbox.cts';
import { listTotal } from '../library/fixtures.cts';

import {
	deletePost,
	firstPage,
	MAIN_WORKSPACE,
	pagesRead,
	publishNew,
	Watcher,
	watching,
} from './fixtures.cts';
import type { Tick } from './fixtures.cts';

const sandbox = useSandbox();

const SIZE = 10_000;

/**
 * Where `date_from` is proven on updated_at, a poll also reads the posts changed since a day: it
 * must read each of that list's pages once, in order, as many as the service counts (one per 100
 * posts). Which day, and so how many pages, depends on the hour the test runs (before noon UTC the
 * day before is read, docs/trigger.md), so the count is asked of the service for the day read.
 * Returns how many pages of changes the poll read: 0 where it read none.
 */
async function changesRead(tick: Tick): Promise<number> {
	const window = tick.requests.filter((request) => request.query.date_from !== undefined);
	if (window.length === 0) return 0;
	// One list, read page by page: the same day and filters on each page, the day at most 2 before
	// today's (by UTC): the changes of the last day or so, not the whole history.
	const withoutPage = (query: IDataObject) => {
		const rest = { ...query };
		delete rest.page;
		return rest;
	};
	const query = withoutPage(window[0].query);
	expect(window.map((request) => withoutPage(request.query))).toEqual(window.map(() => query));
	const today = Date.parse(new Date().toISOString().slice(0, 10));
	expect(Date.parse(String(query.date_from))).toBeGreaterThanOrEqual(today - 2 * 86_400_000);
	const total = await listTotal(
		sandbox.control,
		'posts',
		MAIN_WORKSPACE,
		query as Record<string, string>,
	);
	const pages = Math.max(1, Math.ceil(total / 100));
	expect(window.map((request) => Number(request.query.page))).toEqual(
		Array.from({ length: pages }, (_, i) => i + 1),
	);
	return pages;
}

/**
 * A poll that finds nothing new: 2 requests (the landing page and the page read in turn), or, where
 * the changes are read, their pages and the landing page, and when they fill more than one page the
 * landing page once more.
 */
async function expectIdle(tick: Tick) {
	expect(tick.ids).toEqual([]);
	const changes = await changesRead(tick);
	expect(tick.requests.length - changes).toBe(changes === 1 ? 1 : 2);
}

/**
 * 250 published posts over a year (252 with the workspace's own) in the profile set, watched for
 * Post Published: activation and an idle poll done.
 */
async function watched(history_seed: number): Promise<Watcher> {
	await sandbox.control.seed({
		workspace_id: MAIN_WORKSPACE,
		resource: 'posts',
		count: 250,
		template: { status: 'published', history_days: 365, history_seed },
	});
	const watcher = new Watcher(sandbox, watching('postPublished'));
	expect((await watcher.tick()).ids).toEqual([]);
	await expectIdle(await watcher.tick());
	return watcher;
}

/** One post made and published 400 days ago, before every other post here: its ID. */
async function publishedLongAgo(): Promise<string[]> {
	const { control } = sandbox;
	await control.clock({ offsetSeconds: -400 * 86_400 });
	const ids = await control.seed({
		workspace_id: MAIN_WORKSPACE,
		resource: 'posts',
		count: 1,
		template: { status: 'published' },
	});
	await control.clock({ offsetSeconds: 0 });
	return ids;
}

/** The kinds of service: does a change of status move `updated_at`, and what `date_from` filters. */
const KINDS = [
	{ statusStamps: 'moved', dateFilter: 'updated' },
	{ statusStamps: 'moved', dateFilter: 'scheduled' },
	{ statusStamps: 'kept', dateFilter: 'updated' },
	{ statusStamps: 'kept', dateFilter: 'scheduled' },
] as const;

const ORDERS = ['created-desc', 'updated-desc', 'created-asc'] as const;

describe.each(KINDS)(
	'10,000 published posts, status changes $statusStamps updated_at, date_from on $dateFilter',
	({ statusStamps, dateFilter }) => {
		test.each(ORDERS)(
			'listed %s: a poll that announces new posts costs at most 3 requests, each announced once',
			async (listOrder) => {
				const { control } = sandbox;
				await control.profile({ listOrder, statusStamps, dateFilter });
				// The sandbox seeds at most 5,000 at a time.
				for (const history_seed of [11, 12]) {
					await control.seed({
						workspace_id: MAIN_WORKSPACE,
						resource: 'posts',
						count: SIZE / 2,
						template: { status: 'published', history_days: 365, history_seed },
					});
				}
				const watcher = new Watcher(sandbox, watching('postPublished'));
				expect((await watcher.tick()).ids).toEqual([]);
				await expectIdle(await watcher.tick());

				const announced = new Map<string, number>();
				const poll = async (): Promise<Tick> => {
					const tick = await watcher.tick();
					expect(tick.error).toBeUndefined();
					for (const id of tick.ids) announced.set(id, (announced.get(id) ?? 0) + 1);
					return tick;
				};
				// One post; then 3; then 100 at once (a whole page: in a list oldest first they start a
				// new last page); then 37, which fill that page further.
				const published: string[] = [];
				for (const count of [1, 3, 100, 37]) {
					const ids = await publishNew(sandbox, count);
					published.push(...ids);
					const tick = await poll();
					expect(new Set(tick.ids)).toEqual(new Set(ids));
					expect(tick.ids).toHaveLength(count);
					// Besides the pages of changes, at most 2 pages of the list: the page in turn, and the
					// landing page the polls after start from when the changes fill more than one.
					const changes = await changesRead(tick);
					expect(tick.requests.length - changes).toBeLessThanOrEqual(changes ? 2 : 3);
					console.info(
						`${listOrder} ${statusStamps} ${dateFilter}: ${count} new, ${tick.requests.length} requests`,
					);
				}
				await expectIdle(await poll());
				expect([...announced.entries()].filter(([, times]) => times !== 1)).toEqual([]);
				expect(new Set(announced.keys())).toEqual(new Set(published));
			},
			180_000,
		);
	},
);

// Oldest first, new posts fill the landing page (the last) and start a new one after it: the poll
// reads the landing page and the next, which together hold exactly what entered, and the page in
// turn; the next poll starts from the new last page. Where the changes are read (a change of status
// moves updated_at, and date_from filters on it) the pages of the list are not asked, so that kind
// is left out.
describe.each(
	KINDS.filter((kind) => kind.statusStamps !== 'moved' || kind.dateFilter !== 'updated'),
)(
	'252 published posts listed created-asc, status changes $statusStamps updated_at, date_from on $dateFilter',
	({ statusStamps, dateFilter }) => {
		test('posts that fill the last page and start the next: 3 requests, each post announced once', async () => {
			const { control } = sandbox;
			await control.profile({ listOrder: 'created-asc', statusStamps, dateFilter });
			const watcher = await watched(21);
			const total = await listTotal(control, 'posts', MAIN_WORKSPACE, { 'status[]': 'published' });
			expect(total).toBe(252);
			// 48 fill page 3, 10 start page 4.
			const entered = await publishNew(sandbox, 58);

			const tick = await watcher.tick();

			expect(new Set(tick.ids)).toEqual(new Set(entered));
			expect(tick.ids).toHaveLength(58);
			expect(tick.requests.map((request) => request.query.page)).toEqual(['3', '4', '2']);
			expect((await watcher.tick()).requests[0].query.page).toBe('4');
		});

		// A post made 400 days ago (before every other: page 1, which no page read shows) is
		// published as a post of the last page is deleted: the total grew by the posts the two pages
		// show, but the last page's own posts are not as they were. The whole list is read (the next
		// page once more: only the landing page is kept for the reading), and all fire in that poll.
		test('new posts fill the last page and start the next as a post there is deleted and one enters on page 1: the whole list read, each post announced once', async () => {
			const { control } = sandbox;
			await control.profile({ listOrder: 'created-asc', statusStamps, dateFilter });
			const watcher = await watched(22);
			const lastPage = await firstPage(sandbox, 'published', MAIN_WORKSPACE, 3);
			await deletePost(sandbox, String(lastPage.data[10]._id ?? lastPage.data[10].id));
			const restored = await publishedLongAgo();
			expect(
				(await firstPage(sandbox, 'published')).data.map((post) => post._id ?? post.id),
			).toContain(restored[0]);
			const entered = [...restored, ...(await publishNew(sandbox, 58))];

			const tick = await watcher.tick();

			expect(new Set(tick.ids)).toEqual(new Set(entered));
			expect(tick.ids).toHaveLength(59);
			expect(pagesRead(tick)).toEqual([1, 2, 3, 4, 4]);
		});
	},
);

// Newest first, new posts push the landing page's (page 1's) posts down onto page 2. A post made
// 400 days ago (the last page, which no page read shows) is published as a post of page 1 is
// deleted: the total grew by the new posts on page 1, but page 1's old posts and the first of page
// 2 are not page 1 as it was. The whole list is read, and all fire in that poll.
describe.each(
	KINDS.filter((kind) => kind.statusStamps !== 'moved' || kind.dateFilter !== 'updated').flatMap(
		(kind) =>
			(['created-desc', 'updated-desc'] as const).map((listOrder) => ({ ...kind, listOrder })),
	),
)(
	'250 published posts listed $listOrder, status changes $statusStamps updated_at, date_from on $dateFilter',
	({ statusStamps, dateFilter, listOrder }) => {
		test('30 new posts as a post of page 1 is deleted and one enters on the last page: the whole list read, each post announced once', async () => {
			const { control } = sandbox;
			await control.profile({ listOrder, statusStamps, dateFilter });
			const watcher = await watched(24);
			const first = await firstPage(sandbox, 'published');
			await deletePost(sandbox, String(first.data[50]._id ?? first.data[50].id));
			const restored = await publishedLongAgo();
			const entered = [...restored, ...(await publishNew(sandbox, 30))];

			const tick = await watcher.tick();

			expect(new Set(tick.ids)).toEqual(new Set(entered));
			expect(tick.ids).toHaveLength(31);
			expect(pagesRead(tick)).toEqual([1, 2, 2, 3]);
		});
	},
);
