// One event per thing that happened: Post Published, Failed and Rejected over a post's life, in every
// list order, with a service whose status changes move `updated_at` and one whose status changes
// leave it alone (statusStamps=kept: only edits stamp it), each with its own seed. An edit (text and
// labels from the service's screens, a comment through the API) of a post announced this week or a
// year ago emits nothing; a post that leaves the state, is seen out of it, and comes back is emitted
// again; the trigger's verdict on `updated_at` follows the service's answers.
import type { IDataObject } from 'n8n-workflow';

import { LIST_ORDERS } from '../../sandbox/profile.cts';
import type { Profile } from '../../sandbox/profile.cts';
import { useSandbox } from '../harness/sandbox.cts';

import { editPost, MAIN_WORKSPACE, pollUntilEmitted, U, Watcher, watching } from './fixtures.cts';

const sandbox = useSandbox();

/** How a post enters each state, and how it leaves it for another. */
const LIVES = [
	{ event: 'postPublished', status: 'published', enter: ['publish'], leave: ['fail'] },
	{ event: 'postFailed', status: 'failed', enter: ['fail'], leave: ['publish'] },
	{
		event: 'postRejected',
		status: 'rejected',
		enter: ['enter_review', 'reject'],
		leave: ['enter_review'],
	},
] as const;

const WORLDS = LIST_ORDERS.flatMap((listOrder) =>
	(['moved', 'kept'] as const).map((statusStamps) => ({ listOrder, statusStamps })),
);

describe.each(WORLDS)(
	'posts listed $listOrder, status changes $statusStamps updated_at',
	(world) => {
		test.each(LIVES)(
			'$event: once per entry, never for an edit',
			async (life) => {
				const { control } = sandbox;
				const profile: Partial<Profile> = { ...world, dateFilter: 'updated' };
				await control.profile(profile);
				const seed = WORLDS.indexOf(world) * 3 + LIVES.indexOf(life) + 1;
				// A shuffled list is read whole only when it fits a page: 80 posts there, 150 (2 pages) elsewhere.
				const count = world.listOrder === 'shuffled' ? 80 : 150;
				const old = await control.seed({
					workspace_id: MAIN_WORKSPACE,
					resource: 'posts',
					count,
					template: { status: life.status, history_days: 365, history_seed: seed },
				});
				const [post] = await control.seed({
					workspace_id: MAIN_WORKSPACE,
					resource: 'posts',
					count: 1,
					template: { status: 'scheduled', approvers: [U.alex.id] },
				});
				const change = async (actions: readonly string[], id = post) => {
					for (const action of actions) {
						await control.clock({ advanceSeconds: 60 });
						await control.simulate({ action, workspace_id: MAIN_WORKSPACE, post_id: id } as never);
					}
				};
				const edit = async (id: string) => {
					await control.clock({ advanceSeconds: 60 });
					await editPost(sandbox, id, 'screens');
					await editPost(sandbox, id, 'api');
				};
				const watcher = new Watcher(sandbox, watching(life.event));
				expect((await watcher.tick()).ids).toEqual([]);
				const cursor = () => watcher.staticData.cursor as IDataObject;
				// The verdict, from the answers: proven where status changes move updated_at, never where not.
				if (world.statusStamps === 'kept') expect(cursor().stamps).not.toBe('moved');

				const quiet = async () => {
					for (let poll = 0; poll < 3; poll++) expect((await watcher.tick()).ids).toEqual([]);
				};
				// Last year's post, edited: nothing.
				await edit(old[0]);
				await quiet();
				// It enters: once.
				await change(life.enter);
				expect((await pollUntilEmitted(watcher, [post])).ids).toEqual([post]);
				const members = String(cursor().members).length;
				// This week's post, edited: nothing.
				await edit(post);
				await quiet();
				// It leaves, a poll sees it out of the state, it comes back: once more.
				await change(life.leave);
				await watcher.tick();
				expect(cursor().members).toHaveLength(members - 9);
				await change(life.enter);
				expect((await pollUntilEmitted(watcher, [post])).ids).toEqual([post]);
				await quiet();
				if (world.statusStamps === 'kept') expect(cursor().stamps).not.toBe('moved');
				else if (life.event === 'postPublished') expect(cursor().stamps).toBe('moved');
			},
			60_000,
		);
	},
);
