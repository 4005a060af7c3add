// What a poll reads where the service's `date_from` is proven to filter on the day a post was
// updated and more posts changed since that day than a page holds: the changes, the page read in
// turn, the landing page, and the list read over several polls when the changes do not fit the
// poll's budget (read/changes.ts, read/budget.ts). Each poll's pages are asserted exactly, the pages
// a poll reads past its budget among them (docs/trigger.md, What a check may read).
import { LIST_ORDERS } from '../../sandbox/profile.cts';
import { useSandbox } from '../harness/sandbox.cts';
import { listTotal } from '../library/fixtures.cts';

import { pagesOf } from './budgets.cts';
import { asked, datedFixtures, daysAsked, PROVEN } from './dated.cts';
import { firstPage, MAIN_WORKSPACE, publishNew, Watcher, watching } from './fixtures.cts';

const sandbox = useSandbox();
const { published, watchedWithDay } = datedFixtures(sandbox);

// A poll reads the first page of the changes and the page in turn without asking the budget, the
// rest of the changes only when they fit what is left (read/pages.ts: readPosts), and then, for more
// than one page of changes, the landing page without asking (read/changes.ts). Changes that fill all
// but one of the pages a poll may read leave none for it: the poll reads one page more than it may,
// at any budget. Here at 4.5 s (3 pages: 101 changes fill 2) and 6 s (4 pages: 201 changes fill 3),
// after n8n restarts with less time for each poll. In a list drawn anew for every request the pages
// of changes leave posts out by chance, and the poll reads more or fewer pages, so that order is
// left out. docs/trigger.md (What a check may read) states these pages as its limit.
describe.each(LIST_ORDERS.filter((order) => order !== 'shuffled'))(
	'posts listed %s, changes that fill all but one of the pages a poll may read',
	(listOrder) => {
		test.each([
			// The next poll's page in turn, newest first and oldest first: the list has 4 pages, then 6.
			{ budget: '4.5 s', pollBudgetMs: 4_500, changes: 101, seed: 34, inTurn: [2, 1] },
			{ budget: '6 s', pollBudgetMs: 6_000, changes: 201, seed: 35, inTurn: [5, 4] },
		])(
			'$budget, $changes changes: the poll reads them, the page in turn and the landing page, one page more than it may',
			async ({ pollBudgetMs, changes, seed, inTurn }) => {
				const { watcher, day, changed } = await watchedWithDay(listOrder, seed);
				const restarted = new Watcher(sandbox, watching('postPublished'), {
					pollBudgetMs,
					staticData: watcher.staticData,
				});
				const entering = await publishNew(sandbox, changes - changed);
				const pages = Math.ceil(
					(await listTotal(sandbox.control, 'posts', MAIN_WORKSPACE, {
						'status[]': 'published',
					})) / 100,
				);
				const landing = listOrder === 'created-asc' ? pages : 1;
				const changesPages = Math.ceil(changes / 100);

				const [burst, next] = [await restarted.tick(), await restarted.tick()];

				expect(burst.ids.sort()).toEqual([...entering].sort());
				expect(asked(burst)).toEqual(
					[
						...Array.from({ length: changesPages }, (_, i) => `${String(day)} page ${i + 1}`),
						'page 3',
						`page ${landing}`,
					].sort(),
				);
				expect(burst.requests).toHaveLength(changesPages + 2);
				// The day's changes are left until it moves on: the landing page and the next page in turn.
				expect(next.ids).toEqual([]);
				expect(asked(next)).toEqual(
					[`page ${landing}`, `page ${inTurn[listOrder === 'created-asc' ? 1 : 0]}`].sort(),
				);
			},
		);

		// With them a post in the state but not among the changes (restored with its old stamps) on
		// the page in turn: the poll reads the list instead, as in "a post that enters the state with
		// an old stamp", after the pages of changes have spent its pages, and without asking the budget:
		// page 1, where reading the list starts, and the last page, which tells where new posts land
		// (read/onward.ts). 5 pages at 4.5 s, two more than it may. The reading over several polls that
		// it starts fires the posts.
		test('4.5 s, 101 changes and a post restored onto the page in turn: the poll reads 5 pages, two more than it may', async () => {
			const { control } = sandbox;
			const { watcher, day, changed } = await watchedWithDay(listOrder, 34);
			const restarted = new Watcher(sandbox, watching('postPublished'), {
				pollBudgetMs: 4_500,
				staticData: watcher.staticData,
			});
			const entering = await publishNew(sandbox, 101 - changed);
			const beside = (await firstPage(sandbox, 'published', MAIN_WORKSPACE, 3)).data[50];
			const stamp = listOrder === 'updated-desc' ? beside.updated_at : beside.created_at;
			const now = await control.clock({ frozen: true });
			await control.clock({ now: String(stamp), frozen: true });
			const [restored] = await control.seed({
				workspace_id: MAIN_WORKSPACE,
				resource: 'posts',
				count: 1,
				template: { status: 'published' },
			});
			await control.clock({ now, frozen: true });
			const pages = Math.ceil(
				(await listTotal(sandbox.control, 'posts', MAIN_WORKSPACE, {
					'status[]': 'published',
				})) / 100,
			);

			const polls = [];
			for (let poll = 0; poll < 4; poll++) polls.push(await restarted.tick());

			expect(asked(polls[0])).toEqual(
				[
					`${String(day)} page 1`,
					`${String(day)} page 2`,
					'page 1',
					'page 3',
					`page ${pages}`,
				].sort(),
			);
			expect(polls.flatMap((tick) => tick.ids).sort()).toEqual([...entering, restored].sort());
		});
	},
);

// More changes since the watermark's day than a poll may read (4 pages under a budget of 6 s,
// read/budget.ts): the first page of them and the page read in turn leave 2 pages, and 301 changes
// fill 4. The poll reads no more of them: it reads the list instead, over several polls, where new
// posts land first, then page after page (docs/trigger.md: a longer reading goes on at the next
// check), and fires each post that entered as it reaches its page. Here the page in turn shows
// nothing the changes read do not account for, so only the cut tells the poll to leave them. In a
// list drawn anew for every request that reading leaves posts out by chance (they fire some polls
// later), so that order is left out.
describe.each(LIST_ORDERS.filter((order) => order !== 'shuffled'))(
	'posts listed %s, more changes than a poll may read',
	(listOrder) => {
		test('the list is read over several polls, which fire every post that entered as they reach it', async () => {
			await published(listOrder, 33, 150, PROVEN);
			const watcher = new Watcher(sandbox, watching('postPublished'), { pollBudgetMs: 6_000 });
			expect((await watcher.tick()).ids).toEqual([]);
			// One post fired from the changes, then a poll with none: the two read the list's 2 pages
			// in turn, so the next reads page 1, which shows, newest first, the newest of the burst
			// (among the changes it reads), oldest first, posts there before.
			const first = await publishNew(sandbox, 1);
			expect((await watcher.tick()).ids).toEqual(first);
			const idle = await watcher.tick();
			expect(idle.ids).toEqual([]);
			const burst = await publishNew(sandbox, 300);

			const polls = [await watcher.tick(), await watcher.tick(), await watcher.tick()];

			// One page of the changes, from the day asked before: no more fit the budget.
			expect(daysAsked(polls[0].requests)).toEqual(daysAsked(idle.requests));
			expect(polls.flatMap((tick) => tick.ids).sort()).toEqual([...burst].sort());
			// Newest first, the burst's poll reads page 1 (its newest 100), the next the 3 pages after
			// it. Oldest first they end the list: the burst's poll reads its last page and page 1, the
			// next 3 pages from page 1 on, the third the rest.
			const reached = listOrder === 'created-asc' ? 3 : 2;
			expect(
				polls
					.slice(0, reached)
					.flatMap((tick) => tick.ids)
					.sort(),
			).toEqual([...burst].sort());
		});
	},
);

// The same burst at the 3-page minimum (4.5 s here; a quota of 11 a minute or less reads as few).
// The burst's poll reads the first page of the changes and the page in turn (page 1), which leave
// one page, so it leaves the changes (301 fill 4) for the list, and reads 2 pages without asking the
// budget (read/changes.ts): page 1 again, where reading the list starts (the page in turn is not
// kept for it), and the last page, which tells where new posts land for the reading over several
// polls (read/onward.ts). That reading keeps to 3 pages a poll. After it the changes since the day
// still fill more than a poll may read, so until the day moves on every poll asks for their first
// page and the page in turn, leaves them, and reads the landing page and the list's own page in
// turn: 4 pages. One of them is asked for twice: newest first page 1, when it is the page in turn;
// oldest first the page in turn, every poll (both turns count from page 1, the landing page is the
// last). docs/trigger.md (What a check may read) states the fourth page as its limit.
describe.each(LIST_ORDERS.filter((order) => order !== 'shuffled'))(
	'posts listed %s, more changes than a poll may read, at the 3-page minimum',
	(listOrder) => {
		test('the burst’s poll and every poll after the reading read 4 pages, one more than they may', async () => {
			await published(listOrder, 33, 150, PROVEN);
			const watcher = new Watcher(sandbox, watching('postPublished'), { pollBudgetMs: 4_500 });
			expect((await watcher.tick()).ids).toEqual([]);
			const first = await publishNew(sandbox, 1);
			expect((await watcher.tick()).ids).toEqual(first);
			expect((await watcher.tick()).ids).toEqual([]);
			const burst = await publishNew(sandbox, 300);

			const polls = [];
			for (let poll = 0; poll < 7; poll++) polls.push(await watcher.tick());

			const oldestFirst = listOrder === 'created-asc';
			expect(polls.map(pagesOf)).toEqual(
				oldestFirst
					? [
							['date_from', 1, 1, 5],
							[5, 1, 2],
							[5, 2, 3],
							[5, 3, 4],
							[5, 4],
							['date_from', 1, 5, 1],
							['date_from', 2, 5, 2],
						]
					: [
							['date_from', 1, 1, 5],
							[1, 2, 3],
							[1, 3, 4],
							[1, 4, 5],
							['date_from', 1, 1, 2],
							['date_from', 2, 1, 3],
							['date_from', 3, 1, 4],
						],
			);
			// Each post of the burst fires once, as the reading reaches its page.
			expect(polls.map((tick) => tick.ids.length)).toEqual(
				oldestFirst ? [53, 47, 100, 100, 0, 0, 0] : [100, 200, 0, 0, 0, 0, 0],
			);
			expect(polls.flatMap((tick) => tick.ids).sort()).toEqual([...burst].sort());
		});
	},
);
