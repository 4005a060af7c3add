// A change is an event however it is stamped. A service may stamp a change of status before a reader
// can see it (a publish job that stamps when it starts, an app server whose clock runs behind:
// stampTime=early), or in whole seconds (stampPrecision=seconds). Either gives a post that enters the
// state after a poll with a stamp at or before the newest stamp that poll read. Post Published, Failed
// and Rejected announce it on the next poll, once, in every list order, in both kinds of service, and
// with `date_from` on the day updated (the trigger then reads only what changed) or on the post's own
// day (it reads page 1 and one page more). And from a workspace west of UTC, with the newest stamp
// just after midnight, where the late stamp falls on the day before: only a window that reaches back
// far enough shows it (below).
import type { IDataObject } from 'n8n-workflow';

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

type Life = (typeof LIVES)[number];

/** `count` posts long in the life's state (a year of history), and one post to enter it later. */
async function seedLife(life: Life, count: number): Promise<{ old: string[]; post: string }> {
	const { control } = sandbox;
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
	return { old, post };
}

/** The post enters the life's state, as the service moves it. */
async function enter(life: Life, post: string): Promise<void> {
	for (const action of life.enter) {
		await sandbox.control.simulate({
			action,
			workspace_id: MAIN_WORKSPACE,
			post_id: post,
		} as never);
	}
}

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
				const { old, post } = await seedLife(life, count);
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
				await enter(life, post);
				expect((await watcher.tick()).ids).toEqual([post]);
				for (let poll = 0; poll < 3; poll++) expect((await watcher.tick()).ids).toEqual([]);
			});
		});
	},
);

/** Hawaii keeps no summer time: its wall clock is UTC-10 all year. */
const HONOLULU = { zone: 'Pacific/Honolulu', offsetHours: -10 };
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The next midnight, in UTC or on Honolulu's wall clock: computed from now, never a fixed date.
 * Seeds, polls and the late stamp are put around it on the sandbox's clock, after every stamp of
 * the demo's posts, which are made at the real time.
 */
const MIDNIGHTS = [
	{ at: 'UTC midnight', shiftMs: 0 },
	{ at: "the workspace's midnight", shiftMs: -HONOLULU.offsetHours * HOUR_MS },
] as const;
/** Requests with `date_from` first: the two reads of a poll go out at once, in either order. */
const byDateFrom = (a: IDataObject, b: IDataObject) =>
	Number('date_from' in b) - Number('date_from' in a);
const nextMidnight = (shiftMs: number) =>
	Math.ceil((Date.now() - shiftMs) / DAY_MS) * DAY_MS + shiftMs;

// A workspace west of UTC reads `date_from` as a day that starts later than UTC's: in Honolulu the
// day D starts at D 10:00 UTC. With the newest stamp just after midnight (UTC's, or Honolulu's),
// the post that enters the state next is stamped 3 s earlier, on the day before the newest stamp's
// (in UTC at the first midnight, in Honolulu at the second). Only a window that reaches back far
// enough lists it: the trigger asks from the UTC day of 12 hours before the newest stamp, which in
// Honolulu began 14 h (at UTC midnight) or 24 h (at Honolulu's) before that stamp. Posts are listed
// oldest created first: the late post, the newest created, is last, on page 2, and the one page the
// poll also reads in turn is page 1, so the window alone can show it; the poll's two requests show
// it read no more than that.
describe.each(MIDNIGHTS)(
	'a workspace in Honolulu (UTC-10), the newest stamp just after $at',
	(midnight) => {
		test.each(LIVES)(
			'$event: the post stamped 3 s earlier is announced on the next poll, once',
			async (life) => {
				const { control } = sandbox;
				await control.profile({
					listOrder: 'created-asc',
					statusStamps: 'moved',
					dateFilter: 'updated',
					stampTime: 'early',
					stampPrecision: 'ms',
				});
				await control.workspaceTimezone(MAIN_WORKSPACE, HONOLULU.zone);
				const at = nextMidnight(midnight.shiftMs);
				// Frozen 2 s before midnight: the history and the post to come are made before it.
				await control.clock({ now: new Date(at - 2_000).toISOString(), frozen: true });
				const { old, post } = await seedLife(life, 150);
				const watcher = new Watcher(sandbox, watching(life.event));
				expect((await watcher.tick()).ids).toEqual([]);
				expect((await watcher.tick()).ids).toEqual([]);

				// A teammate edits an old post 0.1 s after midnight: the newest stamp the next poll reads.
				await control.clock({ advanceSeconds: 2.1 });
				await editPost(sandbox, old[0], 'api');
				expect((await watcher.tick()).ids).toEqual([]);

				// 1 s later the post enters the state, stamped 3 s early: 1.9 s before midnight.
				await control.clock({ advanceSeconds: 1 });
				await enter(life, post);
				const announced = await watcher.tick();
				expect(announced.ids).toEqual([post]);
				// It read what changed from the UTC day before the newest stamp's (in Honolulu that day
				// began 14 or 24 hours before it), and page 1 of the state's list, where the post is not.
				const dayBefore = new Date(at - DAY_MS).toISOString().slice(0, 10);
				expect(announced.requests.map(({ query }) => query).sort(byDateFrom)).toEqual([
					{ date_from: dayBefore, page: '1', per_page: '100' },
					{ 'status[]': life.status, page: '1', per_page: '100' },
				]);
				for (let poll = 0; poll < 3; poll++) expect((await watcher.tick()).ids).toEqual([]);
			},
		);
	},
);
