// What the tests of a service whose `date_from` filters on the day a post was updated share
// (trigger/dates, trigger/changes-budget): the service proven so, the days a poll asked the changes
// from, a poll's requests as text, and a workspace watched until the changes are read each poll.
import type { IDataObject } from 'n8n-workflow';

import type { LIST_ORDERS } from '../../sandbox/profile.cts';
import type { SandboxHandle } from '../harness/sandbox.cts';
import { listTotal } from '../library/fixtures.cts';

import { budgetFixtures } from './budgets.cts';
import { MAIN_WORKSPACE, publishNew, Watcher, watching } from './fixtures.cts';

/** `date_from` on the day updated, and a change of status moving `updated_at`: the changes read. */
export const PROVEN = { dateFilter: 'updated', statusStamps: 'moved' } as const;

/** The poll's requests for what changed since a day: the days asked. */
export const daysAsked = (requests: { query: IDataObject }[]) =>
	requests.filter(({ query }) => query.date_from !== undefined).map(({ query }) => query.date_from);

/** A poll's requests, sorted: `page N` of the state's list, `DAY page N` of the changes since DAY. */
export const asked = (tick: { requests: { query: IDataObject }[] }) =>
	tick.requests
		.map(({ query }) =>
			query.date_from === undefined
				? `page ${String(query.page ?? 1)}`
				: `${String(query.date_from)} page ${String(query.page ?? 1)}`,
		)
		.sort();

export function datedFixtures(sandbox: SandboxHandle) {
	const { published } = budgetFixtures(sandbox);

	/**
	 * On the sandbox's clock, stopped now: after activation, a post published and fired (the newest
	 * stamp is now) and an idle poll, the day asked and how many posts changed since. A burst now is
	 * on that day, so the next poll asks from it again.
	 */
	async function watchedWithDay(listOrder: (typeof LIST_ORDERS)[number], seed: number) {
		await sandbox.control.clock({ now: new Date().toISOString(), frozen: true });
		await published(listOrder, seed, 300, PROVEN);
		const watcher = new Watcher(sandbox, watching('postPublished'));
		expect((await watcher.tick()).ids).toEqual([]);
		const first = await publishNew(sandbox, 1);
		expect((await watcher.tick()).ids).toEqual(first);
		const idle = await watcher.tick();
		expect(idle.ids).toEqual([]);
		const [day] = daysAsked(idle.requests);
		const changed = await listTotal(sandbox.control, 'posts', MAIN_WORKSPACE, {
			date_from: String(day),
		});
		return { watcher, day, changed };
	}

	return { published, watchedWithDay };
}
