// Post Pending Approval, polled tick by tick while the workspace changes: what each poll emits
// (exact post IDs, oldest first) and what it costs (exact requests).
import { useSandbox } from '../harness/sandbox.cts';

import { DEMO_PENDING, listRequest, P, U, Watcher, watching, workspaceEvents } from './fixtures.cts';

const sandbox = useSandbox();

/** An active trigger that has already taken its first poll (the demo's pending posts are known). */
async function activeWatcher(parameters = watching()) {
	const watcher = new Watcher(sandbox, parameters);
	const first = await watcher.tick();
	expect(first.error).toBeUndefined();
	return watcher;
}

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
		const watcher = new Watcher(sandbox, watching('postPendingApproval', { options: { includeExisting: true } }));
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

	test('150 at once, at distinct moments: two pages read, all emitted oldest first; then one request again', async () => {
		const events = workspaceEvents(sandbox);
		const watcher = await activeWatcher();
		await sandbox.control.clock({ frozen: true, advanceSeconds: 1 });
		const ids: string[] = [];
		for (let i = 0; i < 150; i++) {
			ids.push(...(await events.sendForReview()));
			await sandbox.control.clock({ advanceSeconds: 1 });
		}

		const burst = await watcher.tick();
		expect(burst.ids).toEqual(ids);
		expect(burst.requests).toEqual([listRequest(1), listRequest(2)]);

		const idle = await watcher.tick();
		expect(idle.ids).toEqual([]);
		expect(idle.requests).toEqual([listRequest(1)]);
	});

	test('150 at the very same moment: all emitted; while they hold the watermark an idle poll reads their two pages', async () => {
		const events = workspaceEvents(sandbox);
		const watcher = await activeWatcher();
		const ids = await events.sendForReview(150);

		const burst = await watcher.tick();
		expect(burst.ids).toEqual(ids);
		expect(burst.requests).toEqual([listRequest(1), listRequest(2)]);

		// Another post at that same moment could hide on page 2, so page 2 is read (README: Cost per poll).
		const idle = await watcher.tick();
		expect(idle.ids).toEqual([]);
		expect(idle.requests).toEqual([listRequest(1), listRequest(2)]);

		// A later post moves the watermark past the tie: back to one request.
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
	test('is a new event, whether the poll saw it leave or not', async () => {
		const events = workspaceEvents(sandbox);
		const watcher = await activeWatcher();

		// Seen leaving, then back.
		await events.leaveReview(P.pendingForAlex1);
		expect((await watcher.tick()).ids).toEqual([]);
		await events.enterReview(P.pendingForAlex1);
		expect((await watcher.tick()).ids).toEqual([P.pendingForAlex1]);

		// Left and back between two polls.
		await events.leaveReview(P.pendingForAlex1);
		await events.enterReview(P.pendingForAlex1);
		expect((await watcher.tick()).ids).toEqual([P.pendingForAlex1]);
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
