// The static data's size and an idle poll's cost at 5,000 posts in the state, and at 5,000 under
// review, against the goal (README: Trigger, State).

import { wallClockInZone } from '../../sandbox/clock.cts';
import { DEMO } from '../../sandbox/demo-data.cts';
import { useSandbox } from '../harness/sandbox.cts';

import { approveAsAlex, DEMO_PENDING, MAIN_WORKSPACE, U, Watcher, watching } from './fixtures.cts';
import { LIVES, sizeOf } from './year-world.cts';

const sandbox = useSandbox();

describe.each(['moved', 'kept'] as const)(
	'5,000 posts in the state, status changes %s updated_at',
	(statusStamps) => {
		test.each(LIVES)(
			'$event: the static data within 64 KB',
			async (life) => {
				const { control } = sandbox;
				await control.profile({ listOrder: 'created-desc', statusStamps, dateFilter: 'updated' });
				await control.seed({
					workspace_id: MAIN_WORKSPACE,
					resource: 'posts',
					count: 5000,
					template: { status: life.status, history_days: 365, history_seed: 5 },
				});
				const watcher = new Watcher(sandbox, watching(life.event));
				expect((await watcher.tick()).ids).toEqual([]);
				const idle = await watcher.tick();
				expect(idle.ids).toEqual([]);
				expect(idle.requests.length).toBe(2);
				const size = sizeOf(watcher.staticData);
				expect(size).toBeLessThanOrEqual(64 * 1024);
				console.info(
					`5000 ${statusStamps} ${life.event}: ${size} bytes, idle ${idle.requests.length} requests`,
				);
			},
			120_000,
		);
	},
);

describe.each(['moved', 'kept'] as const)(
	'5,000 posts under review, status changes %s updated_at',
	(statusStamps) => {
		test.each(['postPendingApproval', 'approvalOverdue'])(
			'%s: an idle poll costs 2 requests; the static data within 64 KB, and 18 bytes more for each post an approver acted on',
			async (event) => {
				const { control } = sandbox;
				await control.profile({ listOrder: 'created-desc', statusStamps });
				// Due in an hour: within Approval Overdue's lead time of two hours.
				const scheduled_at = wallClockInZone(
					new Date(Date.now() + 3_600_000),
					DEMO.workspaces.main.timezone,
				);
				const ids = await control.simulate({
					action: 'create_pending',
					workspace_id: MAIN_WORKSPACE,
					count: 5000 - DEMO_PENDING.length,
					created_by_user_id: U.maya.id,
					approvers: [U.alex.id, U.jordan.id],
					approve_option: 'all',
					scheduled_at,
				});
				const watcher = new Watcher(sandbox, watching(event));
				expect((await watcher.tick()).ids).toEqual([]);
				// Idle: the page where new posts land and one page more.
				const quiet = await watcher.tick();
				expect(quiet.ids).toEqual([]);
				expect(quiet.requests).toHaveLength(2);
				const empty = sizeOf(watcher.staticData);
				// 12 characters a post under review (remember/members.ts), and the cursor's few marks.
				expect(empty).toBeLessThanOrEqual(64 * 1024);
				expect(empty - 5000 * 12).toBeLessThan(400);
				// Alex approves 1,000; Jordan has not yet, so they stay under review, each in its round.
				for (let at = 0; at < 1000; at += 50) {
					await Promise.all(ids.slice(at, at + 50).map((id) => approveAsAlex(sandbox, id)));
				}
				// Approvals change neither the total nor the first page: each post's mark is taken when
				// its page is read, on a turn through the 50 pages.
				for (let poll = 0; poll < 50; poll++) {
					const idle = await watcher.tick();
					expect(idle.ids).toEqual([]);
					expect(idle.requests).toHaveLength(2);
				}
				const size = sizeOf(watcher.staticData);
				// A mark per post an approver acted on, with one approver: `"8 chars":"4 chars"`, 17
				// bytes, and the commas between.
				expect(size - empty).toBe(1000 * 17 + 999);
				console.info(
					`5000 under review ${statusStamps} ${event}: ${empty} bytes, ${size} with 1,000 approved by one`,
				);
			},
			120_000,
		);
	},
);
