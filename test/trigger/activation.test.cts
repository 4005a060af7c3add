// Activation in a list drawn in a new order for every request, where nothing proves `date_from` or
// that a change of status moves `updated_at`: each reading of the pages leaves a post out with a
// chance of about 1/e, so activation reads again until its readings hold the list's total. A post
// none of them listed would be announced later as if it had just entered (seen at 10,000 posts when
// activation stopped after 8 readings). Here: 10,000 rejected posts, two series of shuffles; the
// readings take several polls, each within its budget.
import { useSandbox } from '../harness/sandbox.cts';

import { activate, MAIN_WORKSPACE, postsPath, Watcher, watching } from './fixtures.cts';

const sandbox = useSandbox();

const POSTS = 10_000;

describe.each([1, 2])('10,000 rejected posts in a new order per request, shuffle %i', (seed) => {
	test('activation reads until it holds every post; the idle polls after it announce none', async () => {
		const { control } = sandbox;
		await control.profile({ listOrder: 'shuffled', dateFilter: 'scheduled', statusStamps: 'kept' });
		for (let seeded = 0; seeded < POSTS; seeded += 5000) {
			await control.seed({
				workspace_id: MAIN_WORKSPACE,
				resource: 'posts',
				count: 5000,
				template: { status: 'rejected', history_days: 365, history_seed: seed * 10 + seeded },
			});
		}
		// Each list answered draws the next shuffle: a different series of orders per seed.
		let total = 0;
		for (let skipped = 0; skipped < seed * 7; skipped++) {
			const answer = await fetch(`${sandbox.url}${postsPath()}?status[]=rejected&per_page=100`, {
				headers: { 'X-API-Key': sandbox.credentials('full').apiKey },
			});
			({ total } = (await answer.json()) as { total: number });
		}
		// The demo's own rejected posts, and the seeded ones.
		expect(total).toBeGreaterThanOrEqual(POSTS);
		const pages = Math.ceil(total / 100);
		const watcher = new Watcher(sandbox, watching('postRejected'));
		// Readings of every page (more than 8 were needed here), and nothing more, over several
		// polls: a poll reads at most 200 pages (read/budget.ts), each the page where new posts land
		// first, and the first poll page 1 and the last page once more.
		const activation = await activate(watcher, 40);
		const listed = activation.map(
			(tick) => tick.requests.filter((request) => request.query.date_from === undefined).length,
		);
		expect(Math.max(...listed)).toBeLessThanOrEqual(200);
		const read = listed.reduce((sum, each) => sum + each, 0) - activation.length - 2;
		expect(read / pages).toBeGreaterThan(8);
		expect(read / pages).toBeLessThanOrEqual(40);
		for (let poll = 0; poll < 2; poll++) {
			const idle = await watcher.tick();
			expect(idle.error).toBeUndefined();
			expect(idle.ids).toEqual([]);
			expect(idle.requests.length).toBe(pages);
		}
	}, 120_000);
});
