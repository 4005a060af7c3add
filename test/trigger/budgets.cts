// What the tests of a poll's budget share: `budget.test.cts` (pages and polls) and
// `slow-service.test.cts` (a service whose answers take seconds: the budget's time runs out first).
import type { IDataObject } from 'n8n-workflow';

import type { LIST_ORDERS } from '../../sandbox/profile.cts';
import type { SandboxHandle } from '../harness/sandbox.cts';
import { listTotal } from '../library/fixtures.cts';

import { MAIN_WORKSPACE } from './fixtures.cts';
import type { Tick, Watcher } from './fixtures.cts';

/** The published posts these tests seed unless told: 21 pages. */
export const SIZE = 2_000;

export function budgetFixtures(sandbox: SandboxHandle) {
	return {
		/** Published posts (a year of history; 2,000 unless told) in a list in `listOrder`: their IDs. */
		async published(
			listOrder: (typeof LIST_ORDERS)[number],
			history_seed: number,
			count = SIZE,
			profile: Record<string, string> = {},
		): Promise<string[]> {
			await sandbox.control.profile({ listOrder, ...profile });
			return await sandbox.control.seed({
				workspace_id: MAIN_WORKSPACE,
				resource: 'posts',
				count,
				template: { status: 'published', history_days: 365, history_seed },
			});
		},

		/** The pages of the published posts' list, now and with one post more. */
		async pagesNowAndOneMore(): Promise<number[]> {
			const total = await listTotal(sandbox.control, 'posts', MAIN_WORKSPACE, {
				'status[]': 'published',
			});
			return [Math.ceil(total / 100), Math.ceil((total + 1) / 100)];
		},
	};
}

/** Is a reading over several polls going on? */
export const reading = (watcher: Watcher) =>
	(watcher.staticData.cursor as IDataObject | undefined)?.readAt !== undefined;

/** A poll's requests: the page of the state's list each asked for, or `date_from` for the probe. */
export const pagesOf = (tick: Tick) =>
	tick.requests.map(({ query }) =>
		query.date_from === undefined ? Number(query.page ?? 1) : 'date_from',
	);

/** `count` polls that announce nothing: the pages each asked for. */
export async function quietPolls(watcher: Watcher, count: number) {
	const polls: (number | string)[][] = [];
	for (let step = 0; step < count; step++) {
		const tick = await watcher.tick();
		expect(tick.error).toBeUndefined();
		expect(tick.ids).toEqual([]);
		polls.push(pagesOf(tick));
	}
	return polls;
}
