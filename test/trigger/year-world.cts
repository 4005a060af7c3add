// A simulated year on the sandbox's clock: 365 days of 10 changes each (posts entering the state,
// leaving it, coming back, and edits among them), one poll a day, in every list order, with status
// changes moving `updated_at` and leaving it alone, each world on its own event and seed (Post
// Published, Failed, Rejected and Pending Approval, each in two orders, once in each kind of service).
// Every entry is emitted once, on the day's poll: 0 misses, 0 duplicates, 0 re-fires of an edit.
// Each list order's worlds run from a file of their own (year-*.test.cts), so that jest spreads them
// over its workers.
import type { IDataObject } from 'n8n-workflow';

import { LIST_ORDERS, seededRandom } from '../../sandbox/profile.cts';
import type { Profile } from '../../sandbox/profile.cts';
import { useSandbox } from '../harness/sandbox.cts';

import { MAIN_WORKSPACE, U, Watcher, watching } from './fixtures.cts';

const DAYS = 365;
const CHANGES_A_DAY = 10;
export const LIVES = [
	{ event: 'postPublished', status: 'published', enter: ['publish'], leave: 'fail' },
	{ event: 'postFailed', status: 'failed', enter: ['fail'], leave: 'publish' },
	{
		event: 'postRejected',
		status: 'rejected',
		enter: ['enter_review', 'reject'],
		leave: 'enter_review',
	},
] as const;
/** A review round's life: sent for review, approved (out of review), sent again; edits between. */
const REVIEW = {
	event: 'postPendingApproval',
	status: 'under_review',
	enter: ['enter_review'],
	leave: 'leave_review',
} as const;
/** Each event in two list orders, once with each kind of service. */
const WORLDS = LIST_ORDERS.flatMap((listOrder, order) =>
	(['moved', 'kept'] as const).map((statusStamps, kind) => ({
		listOrder,
		statusStamps,
		life: [...LIVES, REVIEW][(order + kind) % 4],
	})),
);

/** The static data's size as n8n saves it, in bytes. */
export const sizeOf = (staticData: IDataObject) => Buffer.byteLength(JSON.stringify(staticData));

/** The worlds listed in `listOrder`, on a sandbox of the calling test file. */
export function yearIn(listOrder: Profile['listOrder']): void {
	const sandbox = useSandbox();
	describe.each(WORLDS.filter((world) => world.listOrder === listOrder))(
		'posts listed $listOrder, status changes $statusStamps updated_at, $life.event',
		({ listOrder, statusStamps, life }) => {
			test('a year of changes: each entry once, no edit emitted', async () => {
				const { control } = sandbox;
				await control.profile({ listOrder, statusStamps, dateFilter: 'updated' });
				const world = WORLDS.findIndex(
					(w) => w.listOrder === listOrder && w.statusStamps === statusStamps,
				);
				const random = seededRandom(world + 11);
				const pick = <T,>(list: T[]) => list[Math.floor(random() * list.length)];
				// A shuffled list is read whole only when it fits a page.
				const base = listOrder === 'shuffled' ? 60 : 250;
				const inside = new Set(
					await control.seed({
						workspace_id: MAIN_WORKSPACE,
						resource: 'posts',
						count: base,
						template: {
							status: life.status,
							history_days: 365,
							history_seed: base,
							...(life === REVIEW ? { approvers: [U.alex.id] } : {}),
						},
					}),
				);
				// Posts out of the state, and the day they left: one comes back once a whole reading must
				// have seen it out (README: what polling cannot see).
				const outside = new Map<string, number>();
				// Posts that will enter the state for the first time, waiting as scheduled.
				const fresh = await control.seed({
					workspace_id: MAIN_WORKSPACE,
					resource: 'posts',
					count: Math.ceil(DAYS * CHANGES_A_DAY * 0.45),
					template: { status: 'scheduled', approvers: [U.alex.id] },
				});
				const simulate = (action: string, id: string) =>
					control.simulate({ action, workspace_id: MAIN_WORKSPACE, post_id: id } as never);
				const watcher = new Watcher(sandbox, watching(life.event));
				expect((await watcher.tick()).ids).toEqual([]);

				// Each entry not yet emitted, and the last day it may come: the same day where updated_at is
				// proven, else within README's rotation through the pages (one in, one out deep in the list).
				const due = new Map<string, number>();
				const within = () => (statusStamps === 'moved' ? 0 : Math.ceil((inside.size + 10) / 100));
				const misses: string[] = [];
				const duplicates: string[] = [];
				let emitted = 0;
				for (let day = 0; day < DAYS; day++) {
					// A day: its changes share one instant (ties), the poll comes after them.
					await control.clock({ advanceSeconds: 86_400 });
					const touched = new Set<string>();
					for (let change = 0; change < CHANGES_A_DAY; change++) {
						const roll = random();
						const back = [...outside]
							.filter(([id, left]) => !touched.has(id) && left + within() < day)
							.map(([id]) => id);
						const stay = [...inside].filter((id) => !touched.has(id));
						let id: string;
						if (roll < 0.2 || (roll < 0.4 && back.length === 0) || stay.length === 0) {
							id = fresh.pop() as string;
							for (const action of life.enter) await simulate(action, id);
							inside.add(id);
							due.set(id, day + within());
						} else if (roll < 0.4) {
							id = pick(back);
							for (const action of life.enter) await simulate(action, id);
							outside.delete(id);
							inside.add(id);
							due.set(id, day + within());
						} else if (roll < 0.8) {
							id = pick(stay);
							await simulate(life.leave, id);
							inside.delete(id);
							outside.set(id, day);
							due.delete(id);
						} else {
							id = pick(stay);
							await control.simulate({
								action: 'edit',
								workspace_id: MAIN_WORKSPACE,
								post_id: id,
								text: `Edited on day ${day}`,
							});
						}
						touched.add(id);
					}
					const tick = await watcher.tick();
					expect(tick.error).toBeUndefined();
					for (const id of tick.ids) {
						if (!due.delete(id)) duplicates.push(`${id} on day ${day}`);
						emitted += 1;
					}
					for (const [id, by] of due) if (by <= day) misses.push(`${id} by day ${by}`);
					for (const [id, by] of due) if (by <= day) due.delete(id);
				}
				expect(misses).toEqual([]);
				expect(duplicates).toEqual([]);
				expect(emitted).toBeGreaterThan(DAYS * 3);
				// Bounded: about the posts in the state now, not the year's changes.
				const cursor = watcher.staticData.cursor as IDataObject;
				// 9 characters a post, 12 for a review event (who was asked).
				const width = life === REVIEW ? 12 : 9;
				expect(String(cursor.members).length).toBeLessThanOrEqual(width * (inside.size + 10));
				console.info(
					`year ${listOrder} ${statusStamps} ${life.event}: ${emitted} events, ${inside.size} in the state, ${sizeOf(watcher.staticData)} bytes, stamps ${String(cursor.stamps)}`,
				);
			}, 300_000);
		},
	);
}
