// Approval Overdue: a post still under review whose time comes within the lead time, or that passed
// into missed review; once per post per review round. Time moves by the test's clock: only `Date` is
// faked, so the node's "now" and the sandbox's clock move together, and nothing waits.
import { wallClockInZone } from '../../sandbox/clock.cts';
import { DEMO } from '../../sandbox/demo-data.cts';
import { useSandbox } from '../harness/sandbox.cts';

import {
	activate,
	approveAsAlex,
	fakeDate,
	inEachListOrder,
	passes,
	pagesRead,
	listRequest,
	members,
	MAIN_WORKSPACE,
	U,
	Watcher,
	watching,
} from './fixtures.cts';
import type { Tick } from './fixtures.cts';

const sandbox = useSandbox();

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const ZONE = DEMO.workspaces.main.timezone;
/** Only Priya's requests are watched: the demo's own posts under review are someone else's. */
const PRIYAS = { requestedBy: 'chosen', requesterMembers: members(U.priya.id) };
const overdueQuery = {
	'status[]': ['under_review', 'missed_review'],
	'approval_requested_by[]': U.priya.id,
};

function overdueWatcher(leadTimeMinutes = 120, rest = {}) {
	return new Watcher(sandbox, watching('approvalOverdue', { leadTimeMinutes, ...PRIYAS, ...rest }));
}

/** Priya sends a post for review, due `dueIn` from now (wall-clock in the workspace's zone). */
async function sendForReview(
	dueIn: number,
	approvers: string[] = [U.alex.id],
	approveOption: 'anyone' | 'all' = 'anyone',
) {
	const [id] = await sandbox.control.simulate({
		action: 'create_pending',
		workspace_id: MAIN_WORKSPACE,
		created_by_user_id: U.priya.id,
		approvers,
		approve_option: approveOption,
		scheduled_at: wallClockInZone(new Date(Date.now() + dueIn), ZONE),
	});
	return id;
}

/** A change to a post, a second after the last one (the test's clock stands still otherwise). */
async function change(
	action: 'leave_review' | 'enter_review' | 'miss_review',
	postId: string,
	approvers?: string[],
) {
	passes(1000);
	await sandbox.control.simulate({
		action,
		workspace_id: MAIN_WORKSPACE,
		post_id: postId,
		...(approvers ? { approvers, approve_option: 'all' } : {}),
	});
}

const approve = (postId: string) => approveAsAlex(sandbox, postId);

const alex = { user_id: U.alex.id, name: U.alex.name, email: U.alex.email };
const jordan = { user_id: U.jordan.id, name: U.jordan.name, email: U.jordan.email };

function quiet(tick: Tick) {
	expect(tick.error).toBeUndefined();
	expect(tick.ids).toEqual([]);
}

beforeEach(fakeDate);
afterEach(() => jest.useRealTimers());

inEachListOrder(sandbox, () => {
	test('the lead time crossed between polls: emitted once, with the approvers still to act and the time left', async () => {
		const watcher = overdueWatcher();
		const early = await sendForReview(90 * MINUTE);
		const later = await sendForReview(3 * HOUR);
		const first = await watcher.tick();
		// Already within the lead time at activation: noted, not emitted (Include Existing Posts is off).
		quiet(first);
		expect(first.requests).toEqual([listRequest(1, overdueQuery)]);

		passes(59 * MINUTE);
		quiet(await watcher.tick());
		passes(2 * MINUTE);
		const crossed = await watcher.tick();
		expect(crossed.ids).toEqual([later]);
		expect(crossed.requests).toEqual([listRequest(1, overdueQuery)]);
		expect(crossed.items[0].json).toMatchObject({
			event: 'approvalOverdue',
			id: later,
			status: 'under_review',
			overdue_reason: 'due_soon',
			due_at: new Date(Date.now() + 119 * MINUTE).toISOString(),
			minutes_left: 119,
			minutes_since: null,
			pending_approvers: [alex],
		});

		// Its time passes while it is still under review: the same round, not emitted again.
		passes(3 * HOUR);
		quiet(await watcher.tick());
		expect(early).not.toBe(later);
	});

	test('Include Existing Posts: posts already overdue at activation are emitted; past due ones say how long ago', async () => {
		const pastDue = await sendForReview(-30 * MINUTE);
		const dueSoon = await sendForReview(30 * MINUTE);
		await sendForReview(5 * HOUR);
		const watcher = overdueWatcher(120, { options: { includeExisting: true } });
		const first = await watcher.tick();
		expect(first.ids.sort()).toEqual([pastDue, dueSoon].sort());
		const byId = Object.fromEntries(first.items.map((item) => [item.json.id, item.json]));
		expect(byId[pastDue]).toMatchObject({
			overdue_reason: 'past_due',
			minutes_left: null,
			minutes_since: 30,
		});
		expect(byId[dueSoon]).toMatchObject({
			overdue_reason: 'due_soon',
			minutes_left: 30,
			minutes_since: null,
		});
		quiet(await watcher.tick());
	});

	test('a post approved just before its lead time is never emitted', async () => {
		const watcher = overdueWatcher();
		const id = await sendForReview(2 * HOUR + 10 * MINUTE);
		quiet(await watcher.tick());
		passes(5 * MINUTE);
		await approve(id);
		passes(10 * MINUTE);
		quiet(await watcher.tick());
		passes(3 * HOUR);
		quiet(await watcher.tick());
	});

	test('one approver of two has approved: emitted naming the other; later approvals in the round are not news', async () => {
		const watcher = overdueWatcher();
		const id = await sendForReview(3 * HOUR, [U.alex.id, U.jordan.id], 'all');
		quiet(await watcher.tick());
		await approve(id);
		passes(61 * MINUTE);
		const tick = await watcher.tick();
		expect(tick.ids).toEqual([id]);
		expect(tick.items[0].json.pending_approvers).toEqual([jordan]);
		quiet(await watcher.tick());
	});

	test('re-review: a new round once seen out of review, or once approvals were reset; out and back between two polls with nobody having acted looks like an edit: no item', async () => {
		const watcher = overdueWatcher();
		const both = [U.alex.id, U.jordan.id];
		const id = await sendForReview(60 * MINUTE, both, 'all');
		quiet(await watcher.tick());
		// Left and came back between two polls, nobody having acted: the answers of an edit.
		await change('leave_review', id);
		await change('enter_review', id, both);
		quiet(await watcher.tick());

		// Alex approves; the post is sent back and for review again between two polls: his approval
		// is gone, a new round.
		await approve(id);
		quiet(await watcher.tick());
		await change('leave_review', id);
		await change('enter_review', id, both);
		expect((await watcher.tick()).ids).toEqual([id]);
		quiet(await watcher.tick());

		// Seen leaving, then back.
		await change('leave_review', id);
		quiet(await watcher.tick());
		await change('enter_review', id, [U.alex.id]);
		expect((await watcher.tick()).ids).toEqual([id]);
		quiet(await watcher.tick());
	});

	test('missed review: emitted when a post passes into it unreported; not again when it was reported as due, nor when sent for review again with nobody having acted (the answers of an edit)', async () => {
		const watcher = overdueWatcher();
		const reported = await sendForReview(3 * HOUR);
		const unreported = await sendForReview(5 * HOUR);
		quiet(await watcher.tick());
		passes(61 * MINUTE);
		expect((await watcher.tick()).ids).toEqual([reported]);

		await change('miss_review', reported);
		await change('miss_review', unreported);
		const missed = await watcher.tick();
		expect(missed.ids).toEqual([unreported]);
		expect(missed.items[0].json).toMatchObject({
			status: 'missed_review',
			overdue_reason: 'missed_review',
			// Due 5 hours after the start; 61 minutes and 2 seconds have passed.
			minutes_left: 238,
		});
		quiet(await watcher.tick());

		// Sent for review again from missed review between two polls, nobody having acted in either
		// round: the answers of an edit, no item.
		await change('enter_review', reported, [U.alex.id]);
		quiet(await watcher.tick());
	});

	test('restarts: the saved marks carry over; what crossed while n8n was down is emitted once', async () => {
		const before = overdueWatcher();
		const a = await sendForReview(3 * HOUR);
		const b = await sendForReview(4 * HOUR);
		quiet(await before.tick());
		passes(61 * MINUTE);
		expect((await before.tick()).ids).toEqual([a]);

		passes(60 * MINUTE);
		const after = before.restarted();
		expect((await after.tick()).ids).toEqual([b]);
		quiet(await after.tick());
		quiet(await after.restarted().tick());
	});

	test('at size: a post coming due while nothing else changes is emitted by the poll after its lead time, wherever it is listed', async () => {
		const due = await sendForReview(3 * HOUR);
		// 450 more of Priya's posts under review, newer and with no time: five pages in all, the one
		// coming due the oldest.
		passes(1000);
		await sandbox.control.seed({
			workspace_id: MAIN_WORKSPACE,
			resource: 'posts',
			count: 450,
			template: { status: 'under_review', approvers: [U.alex.id], created_by_user_id: U.priya.id },
		});
		const watcher = overdueWatcher();
		quiet(await watcher.tick());
		for (let poll = 0; poll < 2; poll++) {
			passes(10 * MINUTE);
			quiet(await watcher.tick());
		}
		// Its lead time (2 hours) crossed since the last poll: the saved state says when, so the poll
		// reads the whole list. The pages an idle poll reads (the landing page and one in turn) would
		// not show it in a list newest first, where it is on the last page.
		passes(41 * MINUTE);
		const crossing = await watcher.tick();
		expect(crossing.ids).toEqual([due]);
		expect(pagesRead(crossing)).toEqual([1, 2, 3, 4, 5]);
		passes(10 * MINUTE);
		quiet(await watcher.tick());
	});

	test('changing the lead time starts afresh: what is overdue then is noted, not emitted', async () => {
		const watcher = overdueWatcher();
		await sendForReview(3 * HOUR);
		quiet(await watcher.tick());
		watcher.parameters = watching('approvalOverdue', { leadTimeMinutes: 240, ...PRIYAS });
		quiet(await watcher.tick());
		const later = await sendForReview(5 * HOUR);
		passes(61 * MINUTE);
		expect((await watcher.tick()).ids).toEqual([later]);
	});

	test('filtered by approver: only posts waiting for Jordan, asked with approval_assigned_to[]', async () => {
		const watcher = overdueWatcher(120, {
			approvers: 'chosen',
			approverMembers: members(U.jordan.id),
		});
		const forJordan = await sendForReview(3 * HOUR, [U.alex.id, U.jordan.id], 'all');
		await sendForReview(3 * HOUR, [U.alex.id]);
		quiet(await watcher.tick());
		passes(61 * MINUTE);
		const tick = await watcher.tick();
		expect(tick.ids).toEqual([forJordan]);
		expect(tick.requests).toEqual([
			listRequest(1, { ...overdueQuery, 'approval_assigned_to[]': U.jordan.id }),
		]);
		expect(tick.items[0].json.pending_approvers).toEqual([alex, jordan]);
	});

	test('Fetch Test Event: an overdue post, one request, nothing saved', async () => {
		const id = await sendForReview(30 * MINUTE);
		await sendForReview(5 * HOUR);
		const test = await overdueWatcher().fetchTestEvent();
		expect(test.ids).toEqual([id]);
		expect(test.requests).toEqual([listRequest(1, overdueQuery)]);
		expect(test.staticData).toEqual({});
	});
});

describe('settings that cannot work fail before any request', () => {
	test.each([[-5], ['soon']])('lead time %p', async (leadTimeMinutes) => {
		const tick = await overdueWatcher(leadTimeMinutes as number).tick();
		expect(tick.error?.message).toBe(
			`The lead time must be a number of minutes, 0 or more, not "${leadTimeMinutes}"`,
		);
		expect(tick.error?.description).toMatch(/Set "Lead Time \(Minutes\)"/);
		expect(tick.requests).toEqual([]);
		expect(tick.staticData).toEqual({});
	});

	test('a lead time of 0 works: a post is overdue only once its time has passed', async () => {
		await sendForReview(5 * MINUTE);
		const test = await overdueWatcher(0).fetchTestEvent();
		expect(test.error?.message).toBe(
			'No post is overdue for approval in this workspace with these filters yet',
		);
		expect(test.requests).toEqual([listRequest(1, overdueQuery)]);
	});

	test('no post overdue: Fetch Test Event says so', async () => {
		await sendForReview(5 * HOUR);
		const test = await overdueWatcher().fetchTestEvent();
		expect(test.error?.message).toBe(
			'No post is overdue for approval in this workspace with these filters yet',
		);
		expect(test.requests).toEqual([listRequest(1, overdueQuery)]);
	});
});

// When a post comes due the whole review queue is read: over several polls where it is longer than a
// poll may read (read/budget.ts; a 6 s budget allows 4 pages), each within it.
inEachListOrder(sandbox, (listOrder) => {
	// A list in a new order for every request is read until whole: more polls.
	const most = listOrder === 'shuffled' ? 60 : 20;
	test('a post coming due in a queue longer than a poll may read: announced once, no poll over 4 pages', async () => {
		await sandbox.control.simulate({
			action: 'create_pending',
			workspace_id: MAIN_WORKSPACE,
			created_by_user_id: U.priya.id,
			approvers: [U.alex.id],
			count: 1000,
			scheduled_at: wallClockInZone(new Date(Date.now() + 6 * HOUR), ZONE),
		});
		const due = await sendForReview(3 * HOUR);
		const watcher = new Watcher(sandbox, watching('approvalOverdue', PRIYAS), {
			pollBudgetMs: 6_000,
		});
		const poll = async () => {
			const tick = await watcher.tick();
			expect(tick.error).toBeUndefined();
			expect(tick.requests.length).toBeLessThanOrEqual(4);
			return tick;
		};
		// Activation: 11 pages, read over several polls; nothing is due within the lead time yet.
		const activation = await activate(watcher, most);
		expect(activation.length).toBeGreaterThan(2);
		for (const tick of activation) expect(tick.requests.length).toBeLessThanOrEqual(4);
		passes(61 * MINUTE);
		const emitted: string[] = [];
		for (let step = 0; step < most && !emitted.includes(due); step++)
			emitted.push(...(await poll()).ids);
		for (let step = 0; step < 8; step++) emitted.push(...(await poll()).ids);
		expect(emitted).toEqual([due]);
	});
});
