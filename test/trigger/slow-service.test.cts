// A slow service: every request takes seconds, and a poll's time runs out before its pages do
// (docs/trigger.md: "No check reads more than it may"). A poll starts no page once half its budget
// has gone, and the next poll goes on from where it stopped. Apart from `budget.test.cts`, whose
// polls end by their page count: these wait out real seconds (about 2.5 minutes in all), and a
// file of their own runs beside the others and keeps them out of the `read/` row under mutation
// (scripts/mutation.cts).
import { useSandbox } from '../harness/sandbox.cts';

import { budgetFixtures, pagesOf, quietPolls, reading } from './budgets.cts';
import { MAIN_WORKSPACE, publishNew, Watcher, watching } from './fixtures.cts';

const sandbox = useSandbox();
const { published, pagesNowAndOneMore } = budgetFixtures(sandbox);

// A slow service: the budget's time runs out before its pages do. 16 s allow 10 pages, and no page
// starts past half of it (8 s). Every request takes 3 s: page 1 (3 s), the last page (6 s), then
// four pages at once (9 s); then none.
test('a poll on a slow service starts no page past half its budget', async () => {
	await published('created-desc', 8);
	await sandbox.control.latency(3_000);
	const watcher = new Watcher(sandbox, watching('postPublished'), { pollBudgetMs: 16_000 });
	const tick = await watcher.tick();
	expect(tick.error).toBeUndefined();
	expect(pagesOf(tick)).toEqual([1, 21, 2, 3, 4, 5]);
});

// The same service, with a list whose pages the budget allows: its time runs out first. 8 pages
// (10 allowed); every request takes 5 s: page 1 (5 s), four pages at once (10 s, past half of 16 s),
// then the last page, which tells where new posts land; none after it. The next poll goes on from
// the page before where this one stopped (a post entering newest first pushes the posts down by
// one); in a list drawn anew for every request, until the posts listed add up.
test.each([
	{ listOrder: 'created-desc', next: [1, 2, 5, 6, 7, 8] },
	{ listOrder: 'updated-desc', next: [1, 2, 5, 6, 7, 8] },
	// The post entering goes to the end of the last page, read first.
	{ listOrder: 'created-asc', next: [8, 5, 6, 7] },
	{ listOrder: 'shuffled', next: undefined },
] as const)(
	'listed $listOrder: a poll on a slow service that runs out of time before its pages do goes on at the next poll',
	async ({ listOrder, next }) => {
		const { control } = sandbox;
		await published(listOrder, 11, 700);
		expect(await pagesNowAndOneMore()).toEqual([8, 8]);
		await control.latency(5_000);
		const watcher = new Watcher(sandbox, watching('postPublished'), { pollBudgetMs: 16_000 });
		const first = await watcher.tick();
		expect(first.error).toBeUndefined();
		expect(first.ids).toEqual([]);
		expect(pagesOf(first)).toEqual([1, 2, 3, 4, 5, 8]);
		await control.latency(0);
		const entering = await publishNew(sandbox, 1);
		const second = await watcher.tick();
		expect(second.error).toBeUndefined();
		const announced = [...second.ids];
		if (next) {
			expect(second.ids).toEqual(entering);
			// Perhaps a request to learn what `date_from` filters on after them.
			expect(pagesOf(second).filter((page) => page !== 'date_from')).toEqual(next);
		}
		for (let step = 0; reading(watcher) && step < 20; step++) {
			const tick = await watcher.tick();
			expect(tick.requests.length).toBeLessThanOrEqual(10);
			announced.push(...tick.ids);
		}
		expect(reading(watcher)).toBe(false);
		const idle = await watcher.tick();
		expect(idle.ids).toEqual([]);
		// In a list drawn anew, the post entering during the first reading counts as there before.
		if (next) expect(announced).toEqual(entering);
		else {
			expect(announced.length).toBeLessThanOrEqual(1);
			expect(entering).toEqual(expect.arrayContaining(announced));
		}
	},
);

// The same later: a post leaving deep in the list makes a poll read the whole list again (read/
// changes.ts), and the time runs out after page 5. The pages it read count: the next poll goes on
// from page 5, not from page 1.
test('a whole reading again on a slow service goes on after the pages it read', async () => {
	const { control } = sandbox;
	await published('created-desc', 11, 700);
	const watcher = new Watcher(sandbox, watching('postPublished'), { pollBudgetMs: 16_000 });
	const activation = await watcher.tick();
	expect(pagesOf(activation).filter((page) => page !== 'date_from')).toEqual([
		1, 2, 3, 4, 5, 6, 7, 8,
	]);
	const leaving = activation.listed[4][0];
	await control.simulate({ action: 'fail', workspace_id: MAIN_WORKSPACE, post_id: leaving });
	await control.latency(5_000);
	const cut = await watcher.tick();
	expect(cut.error).toBeUndefined();
	expect(cut.ids).toEqual([]);
	expect(pagesOf(cut)).toEqual([1, 2, 3, 4, 5, 8]);
	await control.latency(0);
	const after = await watcher.tick();
	expect(after.ids).toEqual([]);
	expect(pagesOf(after).filter((page) => page !== 'date_from')).toEqual([1, 5, 6, 7, 8]);
	expect(reading(watcher)).toBe(false);
	const entering = await publishNew(sandbox, 1);
	const next = await watcher.tick();
	expect(next.ids).toEqual(entering);
	expect(next.requests.length).toBeLessThanOrEqual(3);
});

// A list drawn anew for every request, 5 s a request under 16 s (a batch of 4 pages after the
// first): a pass over the pages lists only some of the posts (read/onward.ts; budget.test.cts has
// the same list at 4 pages a poll), and the second poll's time runs out as it reaches the last page. The next poll starts the next pass at
// page 1, and the one after goes on from the page before where it stopped.
test('listed shuffled: a poll whose time runs out on the last page leaves the next pass to the next poll', async () => {
	await published('shuffled', 11, 700);
	await sandbox.control.latency(5_000);
	const watcher = new Watcher(sandbox, watching('postPublished'), { pollBudgetMs: 16_000 });
	const polls = await quietPolls(watcher, 4);
	const landing = polls[1][0];
	expect(polls).toEqual(
		landing === 1
			? [
					[1, 2, 3, 4, 5, 8],
					[1, 5, 6, 7, 8],
					[1, 2, 3, 4],
					[1, 4, 5, 6, 7],
				]
			: [
					[1, 2, 3, 4, 5, 8],
					[8, 5, 6, 7],
					[8, 1, 2, 3, 4],
					[8, 4, 5, 6, 7],
				],
	);
}, 90_000);
