// A change is an event however it is stamped. A service may stamp a change of status before a reader
// can see it (a publish job that stamps when it starts, an app server whose clock runs behind:
// stampTime=early), or in whole seconds (stampPrecision=seconds). Either gives a post that enters the
// state after a poll with a stamp at or before the newest stamp that poll read. Post Published, Failed
// and Rejected announce it on the next poll, once, in every list order, in both kinds of service, and
// with `date_from` on the day updated (the trigger then reads only what changed) or on the post's own
// day (it reads page 1 and one page more).
import type { Profile } from '../../sandbox/profile.cts';
import { LIST_ORDERS } from '../../sandbox/profile.cts';
import { useSandbox } from '../harness/sandbox.cts';

import { editPost, MAIN_WORKSPACE, U, Watcher, watching } from './fixtures.cts';

const sandbox = useSandbox();

const LIVES = [
	{ event: 'postPublished', status: 'published', enter: ['publish'] },
	{ event: 'postFailed', status: 'failed', enter: ['fail'] },
	{ event: 'postRejected', status: 'rejected', enter: ['enter_review', 'reject'] },
] as const;

/**
 * How the late stamp comes about: the job stamps 3 s before the change is visible, after an edit
 * stamped when visible 1 s before it; or both fall in the same whole second.
 */
const STAMPINGS = [
	{ stamps: 'early', profile: { stampTime: 'early', stampPrecision: 'ms' }, gapSeconds: 1 },
	{
		stamps: 'whole seconds',
		profile: { stampTime: 'visible', stampPrecision: 'seconds' },
		gapSeconds: 0.2,
	},
] as const;

/** Where status changes leave `updated_at` alone, the date filter changes nothing: one of them. */
const WORLDS = LIST_ORDERS.flatMap((listOrder) => [
	{ listOrder, statusStamps: 'moved', dateFilter: 'updated' } as const,
	{ listOrder, statusStamps: 'moved', dateFilter: 'created' } as const,
	{ listOrder, statusStamps: 'kept', dateFilter: 'updated' } as const,
]);

describe.each(WORLDS)(
	'posts listed $listOrder, status changes $statusStamps updated_at, date_from on the day $dateFilter',
	(world) => {
		describe.each(STAMPINGS)('stamped $stamps', (stamping) => {
			test.each(LIVES)('$event: announced on the next poll, once', async (life) => {
				const { control } = sandbox;
				const profile: Partial<Profile> = { ...world, ...stamping.profile };
				await control.profile(profile);
				// A shuffled list is read whole only when it fits a page: 80 posts there, 150 elsewhere.
				const count = world.listOrder === 'shuffled' ? 80 : 150;
				const old = await control.seed({
					workspace_id: MAIN_WORKSPACE,
					resource: 'posts',
					count,
					template: { status: life.status, history_days: 365, history_seed: 7 },
				});
				const [post] = await control.seed({
					workspace_id: MAIN_WORKSPACE,
					resource: 'posts',
					count: 1,
					template: { status: 'scheduled', approvers: [U.alex.id] },
				});
				// On a whole second, frozen: the stamps below fall where the test puts them.
				await control.clock({ now: new Date(Math.ceil(Date.now() / 1000) * 1000).toISOString() });
				await control.clock({ frozen: true, advanceSeconds: 0.1 });
				const watcher = new Watcher(sandbox, watching(life.event));
				expect((await watcher.tick()).ids).toEqual([]);
				expect((await watcher.tick()).ids).toEqual([]);

				// A teammate edits an old post: its stamp is the newest the next poll reads.
				await control.clock({ advanceSeconds: 0.1 });
				await editPost(sandbox, old[0], 'api');
				expect((await watcher.tick()).ids).toEqual([]);

				// The post enters the state after that poll, stamped at or before that edit.
				await control.clock({ advanceSeconds: stamping.gapSeconds });
				for (const action of life.enter) {
					await control.simulate({ action, workspace_id: MAIN_WORKSPACE, post_id: post } as never);
				}
				expect((await watcher.tick()).ids).toEqual([post]);
				for (let poll = 0; poll < 3; poll++) expect((await watcher.tick()).ids).toEqual([]);
			});
		});
	},
);
