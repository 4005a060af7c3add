// Approval Overdue judges "now" by the service's clock (its Date header), which scheduled times are
// written in, not by n8n's: here only the sandbox's clock moves, and n8n's stays where it is.
import { wallClockInZone } from '../../sandbox/clock.cts';
import { DEMO } from '../../sandbox/demo-data.cts';
import { useSandbox } from '../harness/sandbox.cts';
import { byId } from '../library/fixtures.cts';

import { MAIN_WORKSPACE, members, SECOND_WORKSPACE, U, Watcher, watching } from './fixtures.cts';

const sandbox = useSandbox();

const HOUR_S = 3600;

/** Priya sends a post for Alex's review in `workspace`, at a wall-clock time in its zone. */
async function sendForReview(workspace: string, scheduledAt: string) {
	const [id] = await sandbox.control.simulate({
		action: 'create_pending',
		workspace_id: workspace,
		created_by_user_id: U.priya.id,
		approvers: [U.alex.id],
		approve_option: 'anyone',
		scheduled_at: scheduledAt,
	});
	return id;
}

test("the lead time passes on the service's clock, not n8n's: one item, once", async () => {
	const now = await sandbox.control.clock({ frozen: true });
	const due = new Date(Date.parse(now) + 5 * HOUR_S * 1000);
	const id = await sendForReview(
		MAIN_WORKSPACE,
		wallClockInZone(due, DEMO.workspaces.main.timezone),
	);
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

test('the same wall-clock time in two zones is two instants: due in 3 h in Berlin, later in New York', async () => {
	const now = await sandbox.control.clock({ frozen: true });
	// One wall-clock text, three hours ahead in Berlin: in New York (five or six hours behind
	// Berlin, as their clocks change on different days) the same text comes that much later.
	const text = wallClockInZone(
		new Date(Date.parse(now) + 3 * HOUR_S * 1000),
		DEMO.workspaces.main.timezone,
	);
	const dueIn = async (workspace: string) => {
		const watcher = new Watcher(
			sandbox,
			watching('approvalOverdue', {
				workspaceId: byId(workspace),
				leadTimeMinutes: 240,
				requestedBy: 'chosen',
				requesterMembers: members(U.priya.id),
			}),
		);
		expect((await watcher.tick()).ids).toEqual([]);
		const id = await sendForReview(workspace, text);
		return { id, tick: await watcher.tick() };
	};
	const berlin = await dueIn(MAIN_WORKSPACE);
	expect(berlin.tick.error).toBeUndefined();
	expect(berlin.tick.ids).toEqual([berlin.id]);
	expect(berlin.tick.items?.[0].json).toMatchObject({
		overdue_reason: 'due_soon',
		minutes_left: 180,
		scheduled_at: text,
	});
	// Read after Berlin's, in the same n8n process: 8 or 9 hours ahead, outside the lead time.
	const newYork = await dueIn(SECOND_WORKSPACE);
	expect(newYork.tick.error).toBeUndefined();
	expect(newYork.tick.ids).toEqual([]);
});
