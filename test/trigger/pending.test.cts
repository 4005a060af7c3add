// Post Pending Approval, polled tick by tick while the workspace changes: what each poll emits
// (exact post IDs, oldest first) and what it costs (exact requests).
import { useSandbox } from '../harness/sandbox.cts';

import {
	DEMO_PENDING,
	expectActivationReadings,
	expectAnnouncedWhenShown,
	inEachListOrder,
	listRequest,
	MAIN_WORKSPACE,
	P,
	pagesRead,
	pollUntilEmitted,
	U,
	Watcher,
	watching,
	workspaceEvents,
} from './fixtures.cts';

const sandbox = useSandbox();

/**
 * The polls within which a list drawn anew for every request shows each post: a reading of every
 * page leaves a post out at most about 1 time in 5 here ((150/250)^3 at 250 posts on 3 pages, the
 * most these tests hold), 12 readings in a row about once in 10^8 posts. In a fixed order the
 * first poll reads every page these tests fill, so it shows, and announces, every post.
 */
const pollsToShow = (listOrder: string) => (listOrder === 'shuffled' ? 12 : 1);

/** An active trigger that has already taken its first poll (the demo's pending posts are known). */
async function activeWatcher(parameters = watching()) {
	const watcher = new Watcher(sandbox, parameters);
	const first = await watcher.tick();
	expect(first.error).toBeUndefined();
	return watcher;
}

inEachListOrder(sandbox, (listOrder) => {
	describe('first activation', () => {
		test('notes the posts already pending, emits none, costs one request', async () => {
			const watcher = new Watcher(sandbox, watching());
			const first = await watcher.tick();
			expect(first.error).toBeUndefined();
			expect(first.ids).toEqual([]);
			expect(first.requests).toEqual([listRequest(1)]);

			const second = await watcher.tick();
			expect(second.ids).toEqual([]);
			expect(second.requests).toEqual([listRequest(1)]);
		});

		test('Include Existing Posts emits the posts already pending, oldest first, once', async () => {
			const watcher = new Watcher(
				sandbox,
				watching('postPendingApproval', { options: { includeExisting: true } }),
			);
			const first = await watcher.tick();
			expect(first.ids).toEqual([...DEMO_PENDING].reverse());
			expect(first.requests).toEqual([listRequest(1)]);

			const second = await watcher.tick();
			expect(second.ids).toEqual([]);
			expect(second.requests).toEqual([listRequest(1)]);
		});
	});

	describe('posts arriving between polls', () => {
		test('each new post is emitted once, at the next poll', async () => {
			const events = workspaceEvents(sandbox);
			const watcher = await activeWatcher();

			const [first] = await events.sendForReview();
			const tick1 = await watcher.tick();
			expect(tick1.ids).toEqual([first]);
			expect(tick1.requests).toEqual([listRequest(1)]);

			const [second, third] = await events.sendForReview(2);
			const tick2 = await watcher.tick();
			expect(tick2.ids).toEqual([second, third]);
			expect(tick2.requests).toEqual([listRequest(1)]);

			const idle = await watcher.tick();
			expect(idle.ids).toEqual([]);
			expect(idle.requests).toEqual([listRequest(1)]);
		});

		test('150 at once, at distinct moments: every page read, all emitted once, oldest first; idle reads both pages', async () => {
			const events = workspaceEvents(sandbox);
			const watcher = await activeWatcher();
			await sandbox.control.clock({ frozen: true, advanceSeconds: 1 });
			const ids: string[] = [];
			for (let i = 0; i < 150; i++) {
				ids.push(...(await events.sendForReview()));
				await sandbox.control.clock({ advanceSeconds: 1 });
			}

			// 155 pending: ceil(155/100) = 2 pages per poll, in any order. Each post is announced once,
			// oldest first, by the first poll shown it: the next poll, in a fixed order.
			const { ticks } = await pollUntilEmitted(watcher, ids, pollsToShow(listOrder));
			expectAnnouncedWhenShown(ticks, ids);
			for (const tick of ticks) expect(tick.requests).toEqual([listRequest(1), listRequest(2)]);

			// Idle: both pages, the one where new posts land first (the last, in a list oldest first).
			const idle = await watcher.tick();
			expect(idle.ids).toEqual([]);
			expect(idle.requests).toEqual(
				listOrder === 'created-asc'
					? [listRequest(2), listRequest(1)]
					: [listRequest(1), listRequest(2)],
			);
		});

		test('150 at the very same moment: all emitted once; idle polls read both pages and emit nothing', async () => {
			const events = workspaceEvents(sandbox);
			const watcher = await activeWatcher();
			const ids = await events.sendForReview(150);

			// Stamped alike, they come in the order they were sent (their IDs' order).
			const { ticks } = await pollUntilEmitted(watcher, ids, pollsToShow(listOrder));
			expectAnnouncedWhenShown(ticks, ids);
			for (const tick of ticks) expect(tick.requests).toEqual([listRequest(1), listRequest(2)]);
			for (let i = 0; i < 3; i++) {
				const idle = await watcher.tick();
				expect(idle.ids).toEqual([]);
				expect(idle.requests).toEqual([listRequest(1), listRequest(2)]);
			}

			// Once they leave review, the matches fit one page again: back to one request.
			for (const id of ids) await events.leaveReview(id);
			const [later] = await events.sendForReview();
			expect((await watcher.tick()).ids).toEqual([later]);
			expect((await watcher.tick()).requests).toEqual([listRequest(1)]);
		});

		test('the same post seen again, unchanged, is not emitted again', async () => {
			const events = workspaceEvents(sandbox);
			const watcher = await activeWatcher();
			const [id] = await events.sendForReview();

			expect((await watcher.tick()).ids).toEqual([id]);
			for (let i = 0; i < 3; i++) expect((await watcher.tick()).ids).toEqual([]);
		});

		test('posts that leave review are not emitted; other news still is', async () => {
			const events = workspaceEvents(sandbox);
			const watcher = await activeWatcher();
			await events.leaveReview(P.pendingForAlex1);
			const [fresh] = await events.sendForReview();

			expect((await watcher.tick()).ids).toEqual([fresh]);
		});
	});

	describe('leaving review and entering it again', () => {
		test('seen out of review and back is a new event; out and back between two polls with nobody having acted looks like an edit: no item (polling cannot see it)', async () => {
			const events = workspaceEvents(sandbox);
			const watcher = await activeWatcher();

			// Seen leaving, then back.
			await events.leaveReview(P.pendingForAlex1);
			expect((await watcher.tick()).ids).toEqual([]);
			await events.enterReview(P.pendingForAlex1);
			expect((await watcher.tick()).ids).toEqual([P.pendingForAlex1]);

			// Left and back between two polls, no approver having acted in the round a poll saw: the
			// answers are those of an edit.
			await events.leaveReview(P.pendingForAlex1);
			await events.enterReview(P.pendingForAlex1);
			expect((await watcher.tick()).ids).toEqual([]);
			expect((await watcher.tick()).ids).toEqual([]);
		});

		test('a post rejected, then sent for review again, is emitted again', async () => {
			const events = workspaceEvents(sandbox);
			const watcher = await activeWatcher();
			const [id] = await events.sendForReview();
			expect((await watcher.tick()).ids).toEqual([id]);

			await events.reject(id);
			expect((await watcher.tick()).ids).toEqual([]);
			await events.enterReview(id);
			expect((await watcher.tick()).ids).toEqual([id]);
		});

		test('one approver of two approving keeps the post in the same round: not emitted again', async () => {
			const events = workspaceEvents(sandbox);
			const watcher = await activeWatcher();
			// Waiting for Alex and Jordan, both must approve; Alex approves.
			await events.approveAsAlex(P.pendingForAlexAndJordan);
			expect((await watcher.tick()).ids).toEqual([]);

			// Sent for review again later: a new round, so a new event.
			await events.leaveReview(P.pendingForAlexAndJordan);
			await events.enterReview(P.pendingForAlexAndJordan, [U.alex.id, U.jordan.id], 'all');
			expect((await watcher.tick()).ids).toEqual([P.pendingForAlexAndJordan]);
			// And Alex approving in that new round is not a new request either.
			await events.approveAsAlex(P.pendingForAlexAndJordan);
			expect((await watcher.tick()).ids).toEqual([]);
		});
	});

	describe('more matching posts than one page holds', () => {
		test('activation notes all 150 (whatever the order); an idle poll reads where new posts land and one page more, in turn', async () => {
			const events = workspaceEvents(sandbox);
			await sandbox.control.clock({ frozen: true });
			await events.seedPending(145);
			const watcher = new Watcher(sandbox, watching());
			const first = await watcher.tick();
			expect(first.ids).toEqual([]);
			expectActivationReadings(first, listOrder);

			// Seeded at one moment: no page holds a newer post than page 1, which idle polls read first.
			for (let i = 0; i < 10; i++) {
				const idle = await watcher.tick();
				expect(idle.ids).toEqual([]);
				// In a new order for every request nothing short of every page shows that nothing changed.
				expect(idle.requests).toEqual([listRequest(1), listRequest(2)]);
			}
			await sandbox.control.clock({ advanceSeconds: 1 });
			const fresh = await events.seedPending(100);
			if (listOrder === 'shuffled') {
				// The landing page's head never matches in a new order for every request: each poll reads
				// every page, now ceil(250/100) = 3, and announces the new posts it was shown, in ID order
				// (stamped alike), each once; and so on, page for page, while nothing changes.
				const { ticks } = await pollUntilEmitted(watcher, fresh, pollsToShow(listOrder));
				expectAnnouncedWhenShown(ticks, fresh);
				for (let i = 0; i < 4; i++) {
					const tick = await watcher.tick();
					ticks.push(tick);
					expect(tick.ids).toEqual([]);
				}
				for (const tick of ticks) expect(pagesRead(tick)).toEqual([1, 2, 3]);
			} else {
				const changed = await watcher.tick();
				expect(changed.ids).toEqual(fresh);
				const oldestFirst = listOrder === 'created-asc';
				// Newest first, the 100 took page 1 and pushed the old first page to page 2: the landing
				// page, the next (which proves it) and page 3 in turn (read/grown.ts). Oldest first, they
				// filled page 2 and started page 3, which two pages do not show: the whole list, after
				// the landing page and the next.
				expect(changed.requests).toEqual(
					[1, 2, ...(oldestFirst ? [2] : []), 3].map((page) => listRequest(page)),
				);
				// Now the last page holds the newest posts in a list oldest first: idle polls read it first.
				const newLanding = oldestFirst ? 3 : 1;
				const others = [1, 2, 3].filter((page) => page !== newLanding);
				// The turn goes on from the polls before: one further page of two was turn 1, and newest
				// first the poll that announced read page 3 in turn.
				for (let i = 0; i < 4; i++) {
					const idle = await watcher.tick();
					expect(idle.ids).toEqual([]);
					expect(idle.requests).toEqual([
						listRequest(newLanding),
						listRequest(others[(i + (oldestFirst ? 1 : 0)) % 2]),
					]);
				}
			}
		});

		test('a post sent for review again after an approver acted (approvals reset) is emitted once, wherever the list puts it (page 2 when listed by creation)', async () => {
			const events = workspaceEvents(sandbox);
			// Seeded at one moment: page 1 is where a new post lands, in every order.
			await sandbox.control.clock({ frozen: true });
			const seeded = await events.seedPending(145);
			// The oldest demo post and the first seeded one: on page 2 when newest created come first.
			const ids = [P.pendingForAlex1, seeded[0]];
			const bothApprove = async (id: string) => {
				await events.leaveReview(id);
				await events.enterReview(id, [U.alex.id, U.jordan.id], 'all');
			};
			// Waiting for Alex and Jordan; Alex approves before activation.
			for (const id of ids) {
				await bothApprove(id);
				await events.approveAsAlex(id);
			}
			const watcher = new Watcher(sandbox, watching());
			expect((await watcher.tick()).ids).toEqual([]);

			// Sent back and for review again between two polls: Alex's approval is gone, a new round.
			for (const id of ids) await bothApprove(id);
			// Each on the first poll shown it: the next, in a fixed order (it reads both pages).
			const { ticks } = await pollUntilEmitted(watcher, ids, pollsToShow(listOrder));
			expectAnnouncedWhenShown(ticks, ids);
			for (const tick of ticks) expect(tick.requests).toEqual([listRequest(1), listRequest(2)]);
			for (let i = 0; i < 5; i++) expect((await watcher.tick()).ids).toEqual([]);
		});

		test('Fetch Test Event still costs one request', async () => {
			await workspaceEvents(sandbox).seedPending(145);
			const test = await new Watcher(sandbox, watching()).fetchTestEvent();
			expect(test.ids).toHaveLength(1);
			expect(test.requests).toEqual([listRequest(1)]);
		});
	});
});

// Fails today (docs: an idle poll of a list drawn anew reads every page, ceil(total/100)). A poll
// that read the list again until whole, because a post had left, keeps the head of its last reading
// and the landing page that reading found: the last page, when the newest post happened to be on it.
// In a new order for every request the next poll first reads that landing page (and, when the list
// grew, the page after it), finds the head changed, then reads every page from page 1, using none of
// the pages it read first: a request more than every page, and a post shown only there waits.
describe('posts listed shuffled, 250 under review at distinct moments (3 pages)', () => {
	test('an idle poll reads every page once, also after a poll that read the list whole again because a post had left', async () => {
		const { control } = sandbox;
		await control.profile({ listOrder: 'shuffled' });
		const events = workspaceEvents(sandbox);
		const seeded = await control.seed({
			workspace_id: MAIN_WORKSPACE,
			resource: 'posts',
			count: 245,
			template: {
				status: 'under_review',
				approvers: [U.alex.id],
				created_by_user_id: U.maya.id,
				history_days: 30,
				history_seed: 44,
			},
		});
		const watcher = await activeWatcher();
		// The newest post lands on the last page of the last reading about 1 time in 5: 20 rounds.
		for (const id of seeded.slice(0, 20)) {
			await events.leaveReview(id);
			expect((await watcher.tick()).ids).toEqual([]);
			const idle = await watcher.tick();
			expect(idle.ids).toEqual([]);
			expect(pagesRead(idle)).toEqual([1, 2, 3]);
		}
		// 20 rounds of 2 polls over 3 pages shuffled: 30 s beside the lines of real n8n was not enough.
	}, 120_000);
});
