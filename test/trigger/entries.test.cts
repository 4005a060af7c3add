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
				// 150 posts: 2 pages, which a list in a new order for every request rarely shows whole.
				const count = 150;
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

// Between two polls one post leaves the state as another enters: the list's total is as before. A
// reading that leaves posts out (a list in a new order for every request) tells a member that left
// from one its pages did not show only by counting: the members it did not list, against the room
// its total leaves. The post that entered is no member, so it is not counted as one; counted, the
// one that left would pass for unlisted, and back in the state it would not fire again.
describe.each(LIST_ORDERS)('150 rejected posts listed %s', (listOrder) => {
	test('Post Rejected: one leaves as another enters between two polls; each entry fires once, and the one back fires again', async () => {
		const { control } = sandbox;
		// Dates that prove nothing: no list of changes shows the post that left.
		await control.profile({ listOrder, dateFilter: 'scheduled', statusStamps: 'kept' });
		await control.seed({
			workspace_id: MAIN_WORKSPACE,
			resource: 'posts',
			count: 150,
			template: { status: 'rejected', history_days: 365, history_seed: 91 },
		});
		const [leaving, entering] = await control.seed({
			workspace_id: MAIN_WORKSPACE,
			resource: 'posts',
			count: 2,
			template: { status: 'scheduled', approvers: [U.alex.id] },
		});
		const change = async (id: string, ...actions: ('enter_review' | 'reject')[]) => {
			for (const action of actions) {
				await control.clock({ advanceSeconds: 60 });
				await control.simulate({ action, workspace_id: MAIN_WORKSPACE, post_id: id });
			}
		};
		await change(leaving, 'enter_review', 'reject');
		const watcher = new Watcher(sandbox, watching('postRejected'));
		expect((await watcher.tick()).ids).toEqual([]);

		await change(leaving, 'enter_review');
		await change(entering, 'enter_review', 'reject');
		const first = await pollUntilEmitted(watcher, [entering], 5);
		await change(leaving, 'reject');
		const back = await pollUntilEmitted(watcher, [leaving], 5);

		expect(first.ids).toEqual([entering]);
		expect(back.ids).toEqual([leaving]);
	});
});
