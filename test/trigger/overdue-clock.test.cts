// Approval Overdue judges "now" by the service's clock (its Date header), which scheduled times are
// written in, not by n8n's: here only the sandbox's clock moves, and n8n's stays where it is.
import { wallClockInZone } from '../../sandbox/clock.cts';
import { DEMO } from '../../sandbox/demo-data.cts';
import { useSandbox } from '../harness/sandbox.cts';

import { MAIN_WORKSPACE, members, U, Watcher, watching } from './fixtures.cts';

const sandbox = useSandbox();

const HOUR_S = 3600;

test("the lead time passes on the service's clock, not n8n's: one item, once", async () => {
	const now = await sandbox.control.clock({ frozen: true });
	const due = new Date(Date.parse(now) + 5 * HOUR_S * 1000);
	const [id] = await sandbox.control.simulate({
		action: 'create_pending',
		workspace_id: MAIN_WORKSPACE,
		created_by_user_id: U.priya.id,
		approvers: [U.alex.id],
		approve_option: 'anyone',
		scheduled_at: wallClockInZone(due, DEMO.workspaces.main.timezone),
	});
	const watcher = new Watcher(
		sandbox,
		watching('approvalOverdue', {
			leadTimeMinutes: 120,
			requestedBy: 'chosen',
			requesterMembers: members(U.priya.id),
		}),
	);
	expect((await watcher.tick()).ids).toEqual([]);
	// Three hours and five minutes on the service's clock: the post is due in 1 h 55, inside the
	// lead time of two hours.
	await sandbox.control.clock({ advanceSeconds: 3 * HOUR_S + 300, frozen: true });
	const due2h = await watcher.tick();
	expect(due2h.error).toBeUndefined();
	expect(due2h.ids).toEqual([id]);
	expect(due2h.items?.[0].json).toMatchObject({ overdue_reason: 'due_soon', minutes_left: 115 });
	await sandbox.control.clock({ advanceSeconds: 60, frozen: true });
	expect((await watcher.tick()).ids).toEqual([]);
});
