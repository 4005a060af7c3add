// A year of history: 5,000 published, 300 failed and 300 rejected posts spread over 365 days (some
// published late, some edited after), in every list order, with `date_from` filtering on the day
// updated (where status changes move `updated_at`, the node proves both and reads only the recent
// days) and on another date (it must find that out and fall back), each combination with its own
// seed, under the start-up profile's kind of service. What an idle poll costs is exact
// (docs/trigger.md, Cost per poll). Then a soak: posts arrive (new, or created long ago), leave,
// swap places (one in, one out: the total stays), and tie (the same instant); each event is
// emitted once, on the next poll where README promises it, within the stated bound elsewhere.
import type { IDataObject } from 'n8n-workflow';

import { seededRandom } from '../../sandbox/profile.cts';
import type { Profile } from '../../sandbox/profile.cts';
import { useSandbox } from '../harness/sandbox.cts';

import { activate, MAIN_WORKSPACE, postsPath, Watcher, watching } from './fixtures.cts';

const sandbox = useSandbox();

const HISTORY = { published: 5000, failed: 300, rejected: 300, scheduled: 100 };
const EVENTS = { published: 'postPublished', failed: 'postFailed', rejected: 'postRejected' };
type Watched = keyof typeof EVENTS;
const STEPS = 10;

/** Every order, each with `updated` and one of the other dates (each of them in some order). */
const PROFILES: Array<Pick<Profile, 'listOrder' | 'dateFilter'>> = [
	{ listOrder: 'updated-desc', dateFilter: 'updated' },
	{ listOrder: 'updated-desc', dateFilter: 'scheduled' },
	{ listOrder: 'created-desc', dateFilter: 'updated' },
	{ listOrder: 'created-desc', dateFilter: 'created' },
	{ listOrder: 'created-asc', dateFilter: 'updated' },
	{ listOrder: 'created-asc', dateFilter: 'ignored' },
	{ listOrder: 'shuffled', dateFilter: 'updated' },
	{ listOrder: 'shuffled', dateFilter: 'scheduled' },
];

/** How many posts the list holds in a status, as the service says. */
async function totalIn(status: string): Promise<number> {
	const response = await fetch(
		`${sandbox.url}${postsPath()}?status[]=${status}&per_page=100&page=1`,
		{ headers: { 'X-API-Key': sandbox.credentials('full').apiKey } },
	);
	return ((await response.json()) as { total: number }).total;
}

/** Whether the node can prove `date_from` and `updated_at`, and so read only the recent days. */
const provable = (profile: Pick<Profile, 'dateFilter' | 'statusStamps'>) =>
	profile.dateFilter === 'updated' && profile.statusStamps === 'moved';

/**
 * The guide's cost of an idle poll: 2 with the date filter proven (the recent days fit a page, and
 * one page of the list in rotation checks the proof), else page 1 and one more; every page in a new
 * order for every request without it.
 */
function idleCost(profile: Profile, total: number) {
	if (provable(profile)) return 2;
	if (profile.listOrder === 'shuffled') return Math.ceil(total / 100);
	return Math.min(2, Math.ceil(total / 100));
}

describe.each(PROFILES)('posts listed $listOrder, date_from on $dateFilter', (profile) => {
	test('idle polls cost what the guide says; every event once, on time', async () => {
		const { control } = sandbox;
		const world = await control.profile(profile);
		const proven = provable(world);
		const seed = PROFILES.indexOf(profile) + 1;
		const ids = {} as Record<keyof typeof HISTORY, string[]>;
		for (const [status, count] of Object.entries(HISTORY)) {
			ids[status as keyof typeof HISTORY] = await control.seed({
				workspace_id: MAIN_WORKSPACE,
				resource: 'posts',
				count,
				template: { status, history_days: 365, history_seed: seed * 7 + count },
			});
		}
		const totals = {} as Record<Watched, number>;
		const watchers = {} as Record<Watched, Watcher>;
		for (const status of Object.keys(EVENTS) as Watched[]) {
			totals[status] = await totalIn(status);
			watchers[status] = new Watcher(sandbox, watching(EVENTS[status]));
			await activate(watchers[status], 10);
			const cursor = watchers[status].staticData.cursor as IDataObject;
			expect(cursor.dateFilter).toBe(profile.dateFilter === 'updated' ? 'updated' : 'other');
			// Idle: exactly README's cost, twice in a row (the rotation moves on).
			for (let poll = 0; poll < 2; poll++) {
				const tick = await watchers[status].tick();
				expect(tick.ids).toEqual([]);
				expect(tick.requests.length).toBe(idleCost(world, totals[status]));
				const days = tick.requests.flatMap((request) => request.query.date_from ?? []);
				if (proven) expect(days).toEqual([expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/)]);
				else expect(days).toEqual([]);
			}
		}
		expect(totals.published).toBeGreaterThanOrEqual(HISTORY.published);

		// The soak, on Post Published. `due`: each event not yet emitted, and the poll it must come by.
		const watcher = watchers.published;
		const random = seededRandom(seed);
		const pick = (list: string[]) => list.splice(Math.floor(random() * list.length), 1)[0];
		const published = [...ids.published];
		const waiting = [...ids.scheduled];
		const entries = new Map<string, number>();
		const due = new Map<string, number>();
		const emitted = new Set<string>();
		const duplicates: string[] = [];
		const late: string[] = [];
		const shuffled = profile.listOrder === 'shuffled' && !proven;
		// README's bound: one rotation through the pages, or a later poll in a shuffled list.
		const bound = shuffled ? 20 : Math.ceil(totals.published / 100) - 1;
		let poll = 0;
		const entered = (id: string, within: number) => {
			entries.set(id, (entries.get(id) ?? 0) + 1);
			due.set(`${id}#${entries.get(id)}`, poll + within);
			published.push(id);
		};
		const publish = async (id: string, within: number) => {
			await control.simulate({ action: 'publish', workspace_id: MAIN_WORKSPACE, post_id: id });
			entered(id, within);
		};
		const leave = async () => {
			const id = pick(published);
			await control.simulate({ action: 'fail', workspace_id: MAIN_WORKSPACE, post_id: id });
			waiting.push(id);
		};
		const next = proven || !shuffled ? 1 : bound;
		const tick = async () => {
			poll += 1;
			const result = await watcher.tick();
			expect(result.error).toBeUndefined();
			for (const id of result.ids) {
				const key = `${id}#${entries.get(id)}`;
				if (emitted.has(key) || !due.has(key)) duplicates.push(`${key} at poll ${poll}`);
				emitted.add(key);
				due.delete(key);
			}
			for (const [key, by] of due) if (by <= poll) late.push(`${key} by poll ${by}`);
			return result;
		};

		const steps = ['new', 'old', 'swap', 'tie', 'leave', 'idle'];
		// A shuffled list without the filter is read whole on every poll (51 requests): fewer steps.
		for (let step = 0; step < (shuffled ? steps.length : STEPS); step++) {
			const change = steps[step < steps.length ? step : Math.floor(random() * steps.length)];
			if (change === 'new') {
				const [id] = await control.seed({
					workspace_id: MAIN_WORKSPACE,
					resource: 'posts',
					count: 1,
					template: { status: 'published' },
				});
				entered(id, next);
			}
			if (change === 'old') await publish(pick(waiting), next);
			if (change === 'leave') await leave();
			// One in, one out: the total stays. Page 1 shows it only when listed by an updated time that
			// a change of status moves.
			if (change === 'swap') {
				const onPage1 = profile.listOrder === 'updated-desc' && world.statusStamps === 'moved';
				await leave();
				await publish(pick(waiting), proven || onPage1 ? 1 : bound);
			}
			if (change === 'tie') {
				await control.clock({ frozen: true });
				await publish(pick(waiting), next);
				await publish(pick(waiting), next);
				await control.clock({ frozen: false });
			}
			const idle = change === 'idle' && due.size === 0;
			const result = await tick();
			if (idle) {
				expect(result.requests.length).toBe(idleCost(world, await totalIn('published')));
			}
		}
		for (let more = 0; more < bound && due.size > 0; more++) await tick();
		expect(duplicates).toEqual([]);
		expect(late).toEqual([]);
		expect([...due.keys()]).toEqual([]);
		expect(emitted.size).toBeGreaterThanOrEqual(5);
	}, 180_000);
});

describe('the rotation, on 250 published posts listed created-desc, date_from on the scheduled day', () => {
	test('an idle poll reads page 1 and the next page in turn; a cursor saved before the rotation reads whole once', async () => {
		const { control } = sandbox;
		await control.profile({ listOrder: 'created-desc', dateFilter: 'scheduled' });
		await control.seed({
			workspace_id: MAIN_WORKSPACE,
			resource: 'posts',
			count: 250,
			template: { status: 'published', history_days: 365, history_seed: 3 },
		});
		const pages = Math.ceil((await totalIn('published')) / 100);
		expect(pages).toBe(3);
		const watcher = new Watcher(sandbox, watching('postPublished'));
		await watcher.tick();
		const read = async () => (await watcher.tick()).requests.map((each) => each.query.page);
		expect([await read(), await read(), await read()]).toEqual([
			['1', '2'],
			['1', '3'],
			['1', '2'],
		]);
		// As saved before: no signature, no verdict. One whole reading (and the question), then idle.
		const cursor = watcher.staticData.cursor as IDataObject;
		delete cursor.head;
		delete cursor.dateFilter;
		delete cursor.turn;
		const whole = await read();
		expect(whole.slice(0, pages)).toEqual(['1', '2', '3']);
		expect((watcher.staticData.cursor as IDataObject).dateFilter).toBe('other');
		expect(await read()).toEqual(['1', '2']);
	});
});
