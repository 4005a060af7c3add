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
	expectAnnouncedWhenShown,
	MAIN_WORKSPACE,
	pagesRead,
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
			// By the first poll shown it, in any order.
			expectAnnouncedWhenShown((await pollUntilEmitted(watcher, [post], bound + 1)).ticks, [post]);
			for (let poll = 0; poll <= bound; poll++) expect((await watcher.tick()).ids).toEqual([]);

			// One more approver: other people again.
			await events.enterReview(post, [U.jordan.id, U.alex.id], 'all');
			expectAnnouncedWhenShown((await pollUntilEmitted(watcher, [post], bound + 1)).ticks, [post]);
		});

		test('back in review after a poll saw it gone: announced once', async () => {
			const { events, posts, watcher } = await activeWatcher();
			const post = posts[99];
			await events.leaveReview(post);
			expect((await watcher.tick()).ids).toEqual([]);
			await events.enterReview(post, [U.alex.id, U.jordan.id], 'all');
			// Within the bound, not by the first poll shown it: after the poll that saw it gone (which
			// read a list drawn anew until whole) a poll may read a page it then does not use.
			expect((await pollUntilEmitted(watcher, [post], bound + 1)).ids).toEqual([post]);
			for (let poll = 0; poll <= bound; poll++) expect((await watcher.tick()).ids).toEqual([]);
		});
	},
);

describe.each(WORLDS)(
	'Approval Overdue, posts listed $listOrder, status changes $statusStamps updated_at',
	(world) => {
		test('idle polls read two pages (every page, in a list drawn anew); a post coming due is announced once, by the first poll after it that is shown it', async () => {
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
			// 257 in the state (the demo's own besides): 3 pages.
			const shuffled = world.listOrder === 'shuffled';
			const idle = async () => {
				const tick = await watcher.tick();
				expect(tick.ids).toEqual([]);
				// No window of days: every post was created today, so none tells what `date_from`
				// filters on, and the trigger never trusts it here, whatever `updated_at` does.
				expect(tick.requests.filter((request) => 'date_from' in request.query)).toEqual([]);
				// The page where new posts land and one more; in a new order for every request nothing
				// short of every page shows that nothing changed: ceil(257/100) = 3 (docs/trigger.md).
				if (shuffled) expect(pagesRead(tick)).toEqual([1, 2, 3]);
				else expect(tick.requests).toHaveLength(2);
			};
			for (let poll = 0; poll < 4; poll++) await idle();
			// An hour and a minute later the post is within the lead time of two hours. The poll after
			// reads every page and, in a fixed order, announces it. In a new order for every request the
			// pages read may leave it out ((157/257)^3, about 1 time in 4); the poll stays due until a
			// poll is shown it, and that one announces it: within 12 polls (later about 1 in 5 * 10^7).
			await control.clock({ advanceSeconds: 3660 });
			const { ticks } = await pollUntilEmitted(watcher, [soon], shuffled ? 12 : 1);
			expectAnnouncedWhenShown(ticks, [soon]);
			for (const tick of ticks) expect(pagesRead(tick)).toEqual([1, 2, 3]);
			expect(ticks[ticks.length - 1].items[0].json.overdue_reason).toBe('due_soon');
			await idle();
			await idle();
		});
	},
);
