// What an event costs at 10,000 posts in the state (docs/trigger.md: How soon, and what it costs):
// the poll that announces new posts reads where they land and at most one page more than an idle
// poll, in every kind of service and each list order where a new post lands on a page the trigger
// can find. The whole list (101 pages) was read for every new post before.

import { useSandbox } from '../harness/sandbox.cts';

import { MAIN_WORKSPACE, Watcher, watching } from './fixtures.cts';
import type { Tick } from './fixtures.cts';

const sandbox = useSandbox();

const SIZE = 10_000;

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
				const idle = await watcher.tick();
				expect(idle.ids).toEqual([]);
				expect(idle.requests).toHaveLength(2);

				/** New posts, created now and then published, one after another. */
				const publishNew = async (count: number) => {
					const ids = await control.seed({
						workspace_id: MAIN_WORKSPACE,
						resource: 'posts',
						count,
						template: { status: 'scheduled' },
					});
					for (const id of ids) {
						await control.simulate({
							action: 'publish',
							workspace_id: MAIN_WORKSPACE,
							post_id: id,
						});
					}
					return ids;
				};
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
					const ids = await publishNew(count);
					published.push(...ids);
					const tick = await poll();
					expect(new Set(tick.ids)).toEqual(new Set(ids));
					expect(tick.ids).toHaveLength(count);
					// Where date_from is proven on updated_at, a poll reads the changes since the watermark's
					// day: as many pages as they fill, which depends on the history near that day's start,
					// so on the hour the test runs (a day boundary in the past). Each of those pages once,
					// and at most 2 pages of the list: the page in turn, and the landing page the polls after
					// start from when the changes fill more than one (docs/trigger.md).
					const window = tick.requests.filter((request) => request.query.date_from !== undefined);
					const pages = window.map((request) => Number(request.query.page));
					expect(pages).toEqual(pages.map((_, i) => i + 1));
					expect(tick.requests.length - window.length).toBeLessThanOrEqual(window.length ? 2 : 3);
					console.info(
						`${listOrder} ${statusStamps} ${dateFilter}: ${count} new, ${tick.requests.length} requests`,
					);
				}
				const quiet = await poll();
				expect(quiet.ids).toEqual([]);
				expect(quiet.requests).toHaveLength(2);
				expect([...announced.entries()].filter(([, times]) => times !== 1)).toEqual([]);
				expect(new Set(announced.keys())).toEqual(new Set(published));
			},
			180_000,
		);
	},
);
