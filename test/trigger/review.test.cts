// The review events on a list longer than a page, in every list order and both kinds of service: a
// post sent again to other people is a new request for review, announced once; one sent again to the
// same people with nobody having acted is an edit, announced never; a post back in review after a poll
// saw it gone is announced once, in a list drawn anew for every request too. Each within the bound
// the guide gives (docs/trigger.md): a turn through the pages, or a few polls in a list drawn anew.
import { wallClockInZone } from '../../sandbox/clock.cts';
import { DEMO } from '../../sandbox/demo-data.cts';
import type { Profile } from '../../sandbox/profile.cts';
import { LIST_ORDERS } from '../../sandbox/profile.cts';
import { useSandbox } from '../harness/sandbox.cts';

import {
	MAIN_WORKSPACE,
	pollUntilEmitted,
	U,
	Watcher,
	watching,
	workspaceEvents,
} from './fixtures.cts';

const sandbox = useSandbox();

const WORLDS = LIST_ORDERS.flatMap((listOrder) =>
	(['moved', 'kept'] as const).map((statusStamps) => ({ listOrder, statusStamps })),
);
/** 255 under review: three pages. */
const PAGES = 3;

describe.each(WORLDS)(
	'posts listed $listOrder, status changes $statusStamps updated_at',
	(world) => {
		/** Within a turn through the pages; in a list drawn anew, within 12 polls (1 in 10^9 later). */
		const bound = world.listOrder === 'shuffled' ? 12 : PAGES - 1;

		async function activeWatcher() {
			await sandbox.control.profile(world as Partial<Profile>);
			const events = workspaceEvents(sandbox);
			const posts = await events.sendForReview(250, [U.alex.id, U.jordan.id], U.maya.id, 'all');
			const watcher = new Watcher(sandbox, watching());
			expect((await watcher.tick()).ids).toEqual([]);
			return { events, posts, watcher };
		}

		test('sent again to other people while under review: announced once; to the same people: never', async () => {
			const { events, posts, watcher } = await activeWatcher();
			// Deep in the list in every order: the 100th sent.
			const post = posts[99];
			await events.enterReview(post, [U.alex.id, U.jordan.id], 'all');
			for (let poll = 0; poll <= bound; poll++) expect((await watcher.tick()).ids).toEqual([]);

			await events.enterReview(post, [U.jordan.id], 'all');
			const { ids } = await pollUntilEmitted(watcher, [post], bound + 1);
			expect(ids).toEqual([post]);
			for (let poll = 0; poll <= bound; poll++) expect((await watcher.tick()).ids).toEqual([]);

			// One more approver: other people again.
			await events.enterReview(post, [U.jordan.id, U.alex.id], 'all');
			expect((await pollUntilEmitted(watcher, [post], bound + 1)).ids).toEqual([post]);
		});

		test('back in review after a poll saw it gone: announced once', async () => {
			const { events, posts, watcher } = await activeWatcher();
			const post = posts[99];
			await events.leaveReview(post);
			expect((await watcher.tick()).ids).toEqual([]);
			await events.enterReview(post, [U.alex.id, U.jordan.id], 'all');
			expect((await pollUntilEmitted(watcher, [post], bound + 1)).ids).toEqual([post]);
			for (let poll = 0; poll <= bound; poll++) expect((await watcher.tick()).ids).toEqual([]);
		});
	},
);

describe.each(WORLDS)(
	'Approval Overdue, posts listed $listOrder, status changes $statusStamps updated_at',
	(world) => {
		test('idle polls read two pages; a post coming due is announced on the poll after, once', async () => {
			const { control } = sandbox;
			await control.profile(world as Partial<Profile>);
			const inHours = (hours: number) =>
				wallClockInZone(new Date(Date.now() + hours * 3_600_000), DEMO.workspaces.main.timezone);
			const pending = (count: number, scheduled_at: string) =>
				control.simulate({
					action: 'create_pending',
					workspace_id: MAIN_WORKSPACE,
					count,
					created_by_user_id: U.maya.id,
					approvers: [U.alex.id],
					scheduled_at,
				});
			await control.clock({ frozen: true });
			await pending(250, inHours(72));
			const [soon] = await pending(1, inHours(3));
			const watcher = new Watcher(sandbox, watching('approvalOverdue'));
			expect((await watcher.tick()).ids).toEqual([]);
			const idle = async () => {
				const tick = await watcher.tick();
				expect(tick.ids).toEqual([]);
				if (world.listOrder !== 'shuffled') expect(tick.requests).toHaveLength(2);
			};
			// All 251 posts changed today: where the date filter is proven, the first polls read the
			// day's changes once, then the list once; from then on nothing changed costs two pages.
			if (world.statusStamps === 'moved') for (let poll = 0; poll < 2; poll++) await watcher.tick();
			await idle();
			await idle();
			// An hour and a minute later the post is within the lead time of two hours.
			await control.clock({ advanceSeconds: 3660 });
			const due = await watcher.tick();
			expect(due.ids).toEqual([soon]);
			expect(due.items[0].json.overdue_reason).toBe('due_soon');
			await idle();
			await idle();
		});
	},
);
