// Every poll within its budget (docs/trigger.md: How soon, and what it costs). n8n's durable
// scheduler hands a poll a budget (getPollBudgetMs) and abandons it past that; here the harness hands
// 6 s, which allows 4 pages a poll (read/budget.ts: a page per 1.5 s). 2,000 published posts take
// 21 pages: the first reading goes on over several polls, and so does any whole reading after it. In
// every list order and kind of service: no poll reads more than 4 pages, a post published while the
// first reading goes on is announced once (where new posts land, on the next poll), a post published
// after it once, and no post there before is ever announced. Then: a poll n8n abandons, n8n
// restarted, n8n keeping the static data only of polls that announce (its durable scheduler without
// durable cursors), a service whose `date_from` filters nothing (learnt with one request), a probe
// of `date_from` the budget cuts short, and a third of the quota a service states.
import { LIST_ORDERS } from '../../sandbox/profile.cts';
import { useSandbox } from '../harness/sandbox.cts';
import { listTotal } from '../library/fixtures.cts';

import { budgetFixtures, pagesOf, quietPolls, reading, SIZE } from './budgets.cts';
import {
	activate,
	editPost,
	firstPage,
	MAIN_WORKSPACE,
	publishNew,
	Watcher,
	watching,
} from './fixtures.cts';
import type { Tick } from './fixtures.cts';

const sandbox = useSandbox();
const { published, pagesNowAndOneMore } = budgetFixtures(sandbox);

const BUDGET_MS = 6_000;
const PAGES_A_POLL = 4;

/** The kinds of service: does a change of status move `updated_at`, and what `date_from` filters. */
const KINDS = [
	{ statusStamps: 'moved', dateFilter: 'updated' },
	{ statusStamps: 'kept', dateFilter: 'scheduled' },
] as const;

/** Post Published under the budget of the durable scheduler in these tests. */
const budgeted = () => new Watcher(sandbox, watching('postPublished'), { pollBudgetMs: BUDGET_MS });

/** The list orders where a post entering lands on a page the trigger can find. */
const FINDABLE = LIST_ORDERS.filter((order) => order !== 'shuffled');

describe.each(KINDS)(
	'2,000 published posts, status changes $statusStamps updated_at, date_from on $dateFilter',
	({ statusStamps, dateFilter }) => {
		test.each(LIST_ORDERS)(
			'listed %s: every poll reads at most 4 pages; what enters is announced once, nothing else',
			async (listOrder) => {
				const { control } = sandbox;
				await control.profile({ listOrder, statusStamps, dateFilter });
				const old = await control.seed({
					workspace_id: MAIN_WORKSPACE,
					resource: 'posts',
					count: SIZE,
					template: { status: 'published', history_days: 365, history_seed: 3 },
				});
				// Failed long ago, published again later: it comes back deep in a list by creation.
				const [comeback] = await control.seed({
					workspace_id: MAIN_WORKSPACE,
					resource: 'posts',
					count: 1,
					template: { status: 'failed', history_days: 365, history_seed: 4 },
				});
				const total = await listTotal(sandbox.control, 'posts', MAIN_WORKSPACE, {
					'status[]': 'published',
				});
				expect(total).toBeGreaterThan(20 * 100);
				const watcher = new Watcher(sandbox, watching('postPublished'), {
					pollBudgetMs: BUDGET_MS,
				});
				const announced = new Map<string, number>();
				const polls: Tick[] = [];
				const poll = async () => {
					const tick = await watcher.tick();
					expect(tick.error).toBeUndefined();
					expect(tick.requests.length).toBeLessThanOrEqual(PAGES_A_POLL);
					for (const id of tick.ids) announced.set(id, (announced.get(id) ?? 0) + 1);
					polls.push(tick);
					return tick;
				};
				const shuffled = listOrder === 'shuffled';

				// The first reading: over several polls, none announcing a post that was there.
				expect((await poll()).ids).toEqual([]);
				expect(reading(watcher)).toBe(true);
				const during: string[] = [];
				for (let step = 0; reading(watcher) && step < 150; step++) {
					if (step === 1 || step === 3) {
						// One published now and, two polls later, two more: where new posts land.
						const ids = await publishNew(sandbox, step === 1 ? 1 : 2);
						during.push(...ids);
						const tick = await poll();
						// Announced on the next poll, except in a list drawn anew for every request,
						// where the first reading cannot tell them from the posts that were there.
						if (!shuffled) expect(new Set(tick.ids)).toEqual(new Set(ids));
					} else if (step === 2) {
						// A post there before leaves meanwhile, from a page the first poll read: the posts
						// after it move up, one onto that page. Nothing is announced for any of them.
						const leaving = (polls[0].listed.at(-1) ?? [])[0];
						expect(old).toContain(leaving);
						await control.simulate({
							action: 'fail',
							workspace_id: MAIN_WORKSPACE,
							post_id: leaving,
						});
						expect((await poll()).ids).toEqual([]);
					} else await poll();
				}
				expect(reading(watcher)).toBe(false);
				expect(polls.length).toBeGreaterThan(5);
				if (!shuffled) expect(polls.length).toBeLessThanOrEqual(12);

				// After it: a post published now, and one that comes back deep in the list.
				const after = await publishNew(sandbox, 1);
				await control.simulate({
					action: 'publish',
					workspace_id: MAIN_WORKSPACE,
					post_id: comeback,
				});
				for (let step = 0; step < 30 && !after.every((id) => announced.has(id)); step++)
					await poll();
				for (let step = 0; step < 30 && !announced.has(comeback); step++) await poll();
				// A few more polls: nothing more is announced.
				const more = polls.length;
				for (let step = 0; step < 3; step++) await poll();
				expect(polls.slice(more).flatMap((tick) => tick.ids)).toEqual([]);

				const expected = shuffled ? [...after, comeback] : [...during, ...after, comeback];
				for (const id of expected) expect([id, announced.get(id)]).toEqual([id, 1]);
				// Nothing else, but in a shuffled list perhaps a post published during the first reading,
				// and at most one there before: one left meanwhile, and the count of posts listed that
				// ended the reading held it in place of one not yet listed (docs/trigger.md, What no
				// polling can see).
				const others = [...announced.keys()].filter((id) => !expected.includes(id));
				const there = others.filter((id) => !during.includes(id));
				if (shuffled) {
					expect(there.length).toBeLessThanOrEqual(1);
					expect(old).toEqual(expect.arrayContaining(there));
				} else expect(there).toEqual([]);
				expect([...announced.values()].filter((times) => times !== 1)).toEqual([]);
			},
			180_000,
		);
	},
);

// n8n's durable scheduler drops what a poll past its budget did: its items and its static data. n8n
// restarted keeps the static data the last poll saved.
test.each(FINDABLE)(
	'listed %s: a reading over several polls survives an abandoned poll and a restart: what entered is announced once',
	async (listOrder) => {
		await published(listOrder, 6);
		let watcher = budgeted();
		const announced: string[] = [];
		const poll = async () => {
			const tick = await watcher.tick();
			expect(tick.error).toBeUndefined();
			announced.push(...tick.ids);
			return tick;
		};
		await poll();
		await poll();
		const first = await publishNew(sandbox, 1);
		// Abandoned: it announced the post, but n8n keeps neither that nor where the reading got to.
		const kept = watcher.staticData;
		expect((await watcher.tick()).ids).toEqual(first);
		watcher.staticData = kept;
		expect((await poll()).ids).toEqual(first);
		// n8n restarted between two polls; then a post enters.
		watcher = watcher.restarted();
		const second = await publishNew(sandbox, 1);
		expect((await poll()).ids).toEqual(second);
		for (let step = 0; reading(watcher) && step < 20; step++) await poll();
		expect(reading(watcher)).toBe(false);
		for (let step = 0; step < 3; step++) await poll();
		expect(announced).toEqual([...first, ...second]);
	},
);

// n8n's durable scheduler without durable cursors (2.41) keeps the static data only of a poll that
// announces: here every other poll's is dropped, the first one's too.
test.each(FINDABLE)(
	'listed %s: a reading over several polls goes on where n8n keeps the static data only of polls that announce',
	async (listOrder) => {
		await published(listOrder, 7);
		const watcher = budgeted();
		const announced: string[] = [];
		const poll = async () => {
			const kept = watcher.staticData;
			const tick = await watcher.tick();
			expect(tick.error).toBeUndefined();
			expect(tick.requests.length).toBeLessThanOrEqual(PAGES_A_POLL);
			if (tick.ids.length === 0) watcher.staticData = kept;
			announced.push(...tick.ids);
			return tick;
		};
		expect((await poll()).ids).toEqual([]);
		const during = await publishNew(sandbox, 1);
		expect((await poll()).ids).toEqual(during);
		// Then polls until one costs what an idle poll costs: the first reading is over.
		let polls = 2;
		while (polls < 15 && (await poll()).requests.length > 2) polls += 1;
		expect(polls).toBeLessThan(15);
		const after = await publishNew(sandbox, 1);
		expect((await poll()).ids).toEqual(after);
		for (let step = 0; step < 3; step++) await poll();
		expect(announced).toEqual([...during, ...after]);
	},
);

// Each poll reads where new posts land first, then from the page before where the last one stopped
// (read/onward.ts). The first poll finds where new posts land by reading the last page too.
test.each([
	{ listOrder: 'created-desc', landsOn: 'first' },
	{ listOrder: 'updated-desc', landsOn: 'first' },
	{ listOrder: 'created-asc', landsOn: 'last' },
] as const)(
	'listed $listOrder: a first reading over several polls asks for each page once but the one before where it stopped',
	async ({ listOrder, landsOn }) => {
		await published(listOrder, 9, 900, { statusStamps: 'kept', dateFilter: 'scheduled' });
		// Room on the last page for the post published below: no page is added.
		expect(await pagesNowAndOneMore()).toEqual([10, 10]);
		const watcher = budgeted();
		const polls: (number | string)[][] = [];
		const announced: string[] = [];
		for (let step = 0; step < 7; step++) {
			const entering = step === 1 ? await publishNew(sandbox, 1) : [];
			const tick = await watcher.tick();
			expect(tick.error).toBeUndefined();
			expect(tick.ids).toEqual(entering);
			announced.push(...tick.ids);
			polls.push(pagesOf(tick));
		}
		expect(announced.length).toBe(1);
		if (landsOn === 'first') {
			expect(polls).toEqual([
				[1, 10, 2, 3],
				// The post entering pushes one down: page 2 shows it, and is not asked for again.
				[1, 2, 3, 4],
				[1, 4, 5, 6],
				[1, 6, 7, 8],
				// The last: no budget left to learn what `date_from` filters on.
				[1, 8, 9, 10],
				// Idle: where new posts land, and one other page in turn.
				[1, 2],
				[1, 3],
			]);
		} else {
			expect(polls).toEqual([
				[1, 10, 2, 3],
				// The post entering goes to the end of the last page: nothing else to read for it.
				[10, 3, 4, 5],
				[10, 5, 6, 7],
				[10, 7, 8, 9],
				// Page 10 read first: the reading is whole after page 9 (none past the last is asked
				// for), and the budget left learns what `date_from` filters on.
				[10, 9, 'date_from'],
				[10, 1],
				[10, 2],
			]);
		}
	},
);

// Where `date_from` filters on the day updated, a poll reads the changes since the UTC day of 12
// hours before the newest change the trigger has seen (docs/trigger.md). A first reading over
// several polls ends whole: the newest change it saw counts, and the polls after it read changes.
// 8 pages, 4 a poll: the last poll of the reading has a page left to learn what `date_from` filters
// on (a reading that ends with none left learns it at a later whole reading).
test('listed created-desc, date_from on the day updated: after a first reading over several polls, a poll reads what changed', async () => {
	await published('created-desc', 15, 700, { statusStamps: 'moved', dateFilter: 'updated' });
	expect(await pagesNowAndOneMore()).toEqual([8, 8]);
	const watcher = budgeted();
	expect((await activate(watcher, 12)).map(pagesOf)).toEqual([
		[1, 8, 2, 3],
		[1, 3, 4, 5],
		[1, 5, 6, 7],
		[1, 7, 8, 'date_from'],
	]);
	expect(watcher.staticData.cursor).toMatchObject({ dateFilter: 'updated', stamps: 'moved' });
	const entering = await publishNew(sandbox, 1);
	expect((await watcher.tick()).ids).toEqual(entering);
	const [newest] = (await firstPage(sandbox, 'published')).data;
	expect(String(newest.id ?? newest._id)).toBe(entering[0]);
	const day = new Date(Date.parse(String(newest.updated_at)) - 12 * 3_600_000);

	const idle = await watcher.tick();

	expect(idle.ids).toEqual([]);
	expect(idle.requests).toHaveLength(2);
	const days = idle.requests.flatMap((request) => request.query.date_from ?? []);
	expect(days).toEqual([day.toISOString().slice(0, 10)]);
});

// 4.5 s allow 3 pages: the first poll stops at page 2, where the next poll's pages start. The page
// that shows a post pushed down is that page: read once for both, and the third goes on to page 3.
test('listed created-desc: the page that shows a post pushed down is not asked for twice', async () => {
	await published('created-desc', 10);
	const watcher = new Watcher(sandbox, watching('postPublished'), { pollBudgetMs: 4_500 });
	expect(pagesOf(await watcher.tick())).toEqual([1, 21, 2]);
	const entering = await publishNew(sandbox, 1);
	const tick = await watcher.tick();
	expect(tick.ids).toEqual(entering);
	expect(pagesOf(tick)).toEqual([1, 2, 3]);
});

// A list that fits what a poll may read is read whole in one poll, in batches of 4 pages after
// page 1 (read/pages.ts), however exactly it fits: a poll whose budget allows as many pages as the
// list has (5 pages in 7.5 s, 6 in 9 s) reads them all, and so does a poll with time to spare.
test.each([
	{ count: 400, pages: 5, pollBudgetMs: 7_500, budget: '7.5 s' },
	{ count: 500, pages: 6, pollBudgetMs: 9_000, budget: '9 s' },
	{ count: SIZE, pages: 21, pollBudgetMs: undefined, budget: 'n8n’s default' },
])(
	'a list of $pages pages under a budget of $budget: the first poll reads it whole',
	async ({ count, pages, pollBudgetMs }) => {
		await published('created-desc', 13, count);
		expect(await pagesNowAndOneMore()).toEqual([pages, pages]);
		const watcher = new Watcher(sandbox, watching('postPublished'), { pollBudgetMs });
		const first = await watcher.tick();
		expect(first.error).toBeUndefined();
		expect(pagesOf(first).filter((page) => page !== 'date_from')).toEqual(
			Array.from({ length: pages }, (_, i) => i + 1),
		);
		expect(reading(watcher)).toBe(false);
		const entering = await publishNew(sandbox, 1);
		expect((await watcher.tick()).ids).toEqual(entering);
	},
);

// An edit is no event: in a list by update, the post edited moves to the top of page 1, where new
// posts land, and the page holds the same posts in another order. The next poll costs what an idle
// poll costs (read/pages.ts: the page's signature takes its IDs in any order).
test('listed updated-desc: an edit that reorders the page where new posts land costs an idle poll', async () => {
	await published('updated-desc', 14);
	const watcher = new Watcher(sandbox, watching('postPublished'));
	const first = await watcher.tick();
	expect(first.error).toBeUndefined();
	expect(reading(watcher)).toBe(false);
	// Pages of the list, besides any pages of the changes since a day (`date_from`).
	const listPages = (tick: Tick) => pagesOf(tick).filter((page) => page !== 'date_from');
	expect(listPages(await watcher.tick())).toHaveLength(2);
	// The last post of page 1 goes to its top.
	const pageOne = first.listed[0];
	await editPost(sandbox, pageOne[pageOne.length - 1], 'screens');
	const edited = await watcher.tick();
	expect(edited.error).toBeUndefined();
	expect(edited.ids).toEqual([]);
	expect(listPages(edited)).toHaveLength(2);
	expect(listPages(edited)[0]).toBe(1);
});

// Where new posts land is the list's only page: when what changed there does not add up (two
// posts entered, one left), the poll reads the list whole, and asks for no page past the last
// (read/grown.ts reads the next page only where there is one).
test('a list of one page where two posts enter and one leaves: no page past the last is asked for', async () => {
	const { control } = sandbox;
	await published('created-desc', 15, 40);
	expect(await pagesNowAndOneMore()).toEqual([1, 1]);
	const watcher = new Watcher(sandbox, watching('postPublished'));
	const first = await watcher.tick();
	expect(first.error).toBeUndefined();
	const leaving = first.listed[0][5];
	await control.simulate({ action: 'fail', workspace_id: MAIN_WORKSPACE, post_id: leaving });
	const entering = await publishNew(sandbox, 2);
	const tick = await watcher.tick();
	expect(tick.error).toBeUndefined();
	expect([...tick.ids].sort()).toEqual([...entering].sort());
	expect(pagesOf(tick).filter((page) => page !== 'date_from')).toEqual([1]);
});

// A limit a second, told in the headers without the window's length: the gate counts it as a
// quota a minute until a 429 tells the window (5 a minute: a third is 1 page). A poll still reads
// 3 pages: where new posts land, the page before where the last poll stopped, and one more, so a
// reading over several polls moves on. The polls come a second and more apart, as n8n's do, so
// no request is refused and nothing teaches the window. Its own key: a gate of its own.
test('a service that tells a limit of 5 a second: a reading over several polls moves on each poll', async () => {
	const { control } = sandbox;
	await published('created-desc', 12, 500);
	expect(await pagesNowAndOneMore()).toEqual([6, 6]);
	await control.rateLimit({ limit: 5, windowSeconds: 1, headers: true });
	const watcher = new Watcher(sandbox, watching('postPublished'), { keyName: 'workspace' });
	const polls: (number | string)[][] = [];
	for (let step = 0; step < 6; step++) {
		await new Promise((resolve) => setTimeout(resolve, 1_100));
		const entering = step === 5 ? await publishNew(sandbox, 1) : [];
		const tick = await watcher.tick();
		expect(tick.error).toBeUndefined();
		expect(tick.ids).toEqual(entering);
		const refused = (await control.requests()).filter((request) => request.status === 429);
		expect(refused).toEqual([]);
		polls.push(pagesOf(tick));
	}
	expect(polls).toEqual([
		[1, 6, 2],
		[1, 2, 3],
		[1, 3, 4],
		[1, 4, 5],
		[1, 5, 6],
		// Idle, with the post that entered: where new posts land, and one other page in turn.
		[1, 2],
	]);
});

// A first reading in a list drawn anew for every request: a pass over the pages lists only some of
// the posts, and another pass begins at page 1 (read/onward.ts). Where new posts land, L, is 1 or
// the last page by chance (the first poll compares the two); each later poll asks for it first.
// 8 pages, 4 a poll: the fourth poll reaches the last page with a page of its budget left, and
// starts the next pass there, asking for page 1 again.
test('listed shuffled: a pass that does not add up starts the next at page 1 in the same poll', async () => {
	await published('shuffled', 11, 700);
	expect(await pagesNowAndOneMore()).toEqual([8, 8]);
	const watcher = budgeted();
	const polls = await quietPolls(watcher, 5);
	const landing = polls[1][0];
	expect(polls).toEqual(
		landing === 1
			? [
					[1, 8, 2, 3],
					[1, 3, 4, 5],
					[1, 5, 6, 7],
					[1, 7, 8, 1],
					[1, 2, 3, 4],
				]
			: [
					[1, 8, 2, 3],
					[8, 3, 4, 5],
					[8, 5, 6, 7],
					// Page 8, read first, is not asked for again: two pages left for the next pass.
					[8, 7, 1, 2],
					[8, 2, 3, 4],
				],
	);
});

// In a list drawn anew for every request, where `date_from` filters on the scheduled day, every poll
// goes on with a whole reading over several polls: after the first, 2 passes each (7 polls here),
// which leave about 1 post in 12 out and so never add up. A member a reading left out counts one
// reading toward being forgotten, not one poll (docs/trigger.md: 32 readings): were it dropped at
// the end of a reading, or counted each poll, a post that left the state and came back 6 readings
// (over 32 polls) later would be announced again, and so would the posts a reading missed.
test('listed shuffled, date_from on the scheduled day: readings that never add up announce no post that was there', async () => {
	const [gone] = await published('shuffled', 12, 700, {
		statusStamps: 'kept',
		dateFilter: 'scheduled',
	});
	expect(await pagesNowAndOneMore()).toEqual([8, 8]);
	const watcher = budgeted();
	// The polls each reading took (after its last, none is going on); the first is activation's.
	const took: number[] = [];
	let polls = 0;
	/** Polls, none announcing, until `readings` readings in all have ended. */
	const pollsUntilEnded = async (readings: number) => {
		for (let poll = 1; took.length < readings && poll <= 100; poll++) {
			const tick = await watcher.tick();
			expect([poll, tick.error, tick.ids]).toEqual([poll, undefined, []]);
			expect(tick.requests.length).toBeLessThanOrEqual(PAGES_A_POLL);
			polls += 1;
			if (!reading(watcher)) {
				took.push(polls);
				polls = 0;
			}
		}
		expect(took).toHaveLength(readings);
	};
	await pollsUntilEnded(1);
	await sandbox.control.simulate({ action: 'fail', workspace_id: MAIN_WORKSPACE, post_id: gone });
	await pollsUntilEnded(7);
	await sandbox.control.simulate({
		action: 'publish',
		workspace_id: MAIN_WORKSPACE,
		post_id: gone,
	});
	await pollsUntilEnded(9);
	// Each reading after the first took 7 polls: 42 polls left the post out.
	expect(took.slice(1)).toEqual([7, 7, 7, 7, 7, 7, 7, 7]);
});

// What `date_from` filters on is learnt with one request where its first page already tells: a
// service that filters on nothing answers with posts updated long before the day asked.
test('a service whose date_from filters nothing: activation learns it with one request, not a reading', async () => {
	const { control } = sandbox;
	await control.profile({ dateFilter: 'ignored' });
	// 300 posts over a year, a tenth edited up to 30 days after they went out: a post edited a
	// day or more after it was created, scheduled and published tells the day to ask from.
	await control.seed({
		workspace_id: MAIN_WORKSPACE,
		resource: 'posts',
		count: 300,
		template: { status: 'published', history_days: 365, history_seed: 6 },
	});
	const tick = await new Watcher(sandbox, watching('postPublished')).tick();
	expect(tick.error).toBeUndefined();
	expect(tick.ids).toEqual([]);
	// The whole list first (3 pages, more readings in a list drawn anew for every request), then
	// one page of `date_from`: it holds posts older than the day, so the filter is not on updates.
	expect(pagesOf(tick).filter((page) => page === 'date_from')).toEqual(['date_from']);
});

// A probe the budget cuts short judges nothing (read/changes.ts: probe). 50 published posts are one
// page, read whole in the first poll with 3 of its 4 pages left; the changes from the day the probe
// asks fill 5 pages (400 drafts made now besides), so after their first page the probe stops. A
// verdict from that page alone would be kept for good: `updated` (then each poll asks for changes
// from it), or `other` (then no poll ever asks again). Instead each whole reading asks again: here the
// one after a post leaves.
test.each(LIST_ORDERS)(
	'listed %s: a probe the budget cuts short decides nothing: the next whole reading asks again',
	async (listOrder) => {
		const { control } = sandbox;
		const posts = await published(listOrder, 16, 50, {
			statusStamps: 'moved',
			dateFilter: 'updated',
		});
		await control.seed({
			workspace_id: MAIN_WORKSPACE,
			resource: 'posts',
			count: 400,
			template: { status: 'draft' },
		});
		const watcher = budgeted();
		const polls = [await watcher.tick(), await watcher.tick()];
		await control.simulate({ action: 'fail', workspace_id: MAIN_WORKSPACE, post_id: posts[0] });
		polls.push(await watcher.tick());

		expect(polls.map((tick) => [tick.error, tick.ids])).toEqual([
			[undefined, []],
			[undefined, []],
			[undefined, []],
		]);
		// Activation: the list, and the first page of the probe; an idle poll: the landing page only;
		// the poll after a post left: the list, and the probe again.
		expect(polls.map(pagesOf)).toEqual([[1, 'date_from'], [1], [1, 'date_from']]);
		const [day] = polls[0].requests.flatMap(({ query }) => query.date_from ?? []);
		const changed = await listTotal(control, 'posts', MAIN_WORKSPACE, { date_from: String(day) });
		expect(Math.ceil(changed / 100)).toBe(5);
	},
);

// Last in this file: the key's gate keeps what the service told it for the rest of the process.
test('under n8n’s default budget, a poll reads at most a third of the quota a minute the service states', async () => {
	const { control } = sandbox;
	await control.profile({ listOrder: 'created-desc' });
	// 32 requests a minute: 10 pages a poll (a third is 10 2/3: whole pages only). The polls here
	// follow each other at once, inside one window, and stay under its 32: nothing is refused.
	await control.rateLimit({ limit: 32, windowSeconds: 60, headers: true });
	await control.seed({
		workspace_id: MAIN_WORKSPACE,
		resource: 'posts',
		count: SIZE,
		template: { status: 'published', history_days: 365, history_seed: 5 },
	});
	const watcher = new Watcher(sandbox, watching('postPublished'));
	const polls = await activate(watcher, 5);
	// The first two use all 10 (21 pages to read); the last what is left, and perhaps a request
	// to learn what `date_from` filters on.
	const sent = polls.map((tick) => tick.requests.length);
	expect(sent.slice(0, 2)).toEqual([10, 10]);
	expect(sent.length).toBe(3);
	expect(sent[2]).toBeLessThanOrEqual(10);
});
