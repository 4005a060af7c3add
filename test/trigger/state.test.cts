// The trigger's saved state: ties on the watermark, restarts, failed polls and changed settings.
import { useSandbox } from '../harness/sandbox.cts';

import { budgetFixtures } from './budgets.cts';
import {
	activate,
	editPost,
	expectActivationReadings,
	inEachListOrder,
	listRequest,
	pollUntilEmitted,
	members,
	postsPath,
	SECOND_WORKSPACE,
	type Tick,
	U,
	Watcher,
	watching,
	workspaceEvents,
} from './fixtures.cts';
import { byId } from '../library/fixtures.cts';
import { storedPosts } from '../post/fixtures.cts';

const sandbox = useSandbox();

async function activeWatcher(parameters = watching()) {
	const watcher = new Watcher(sandbox, parameters);
	expect((await watcher.tick()).error).toBeUndefined();
	return watcher;
}

inEachListOrder(sandbox, (listOrder) => {
	describe('posts on the watermark boundary (equal updated_at, clock frozen)', () => {
		test('posts arriving at the very moment of the last emitted one are emitted, and only once', async () => {
			const events = workspaceEvents(sandbox);
			await sandbox.control.clock({ frozen: true, advanceSeconds: 60 });
			const watcher = await activeWatcher();

			const [a] = await events.sendForReview();
			expect((await watcher.tick()).ids).toEqual([a]);

			const [b] = await events.sendForReview();
			expect((await watcher.tick()).ids).toEqual([b]);

			const [c, d] = await events.sendForReview(2);
			expect((await watcher.tick()).ids).toEqual([c, d]);
			expect((await watcher.tick()).ids).toEqual([]);

			await sandbox.control.clock({ advanceSeconds: 1 });
			const [e] = await events.sendForReview();
			const tick = await watcher.tick();
			expect(tick.ids).toEqual([e]);
			expect((await watcher.tick()).ids).toEqual([]);
		});

		test('a tie spanning two pages at activation is noted whole, so none of it is emitted later', async () => {
			const events = workspaceEvents(sandbox);
			await sandbox.control.clock({ frozen: true, advanceSeconds: 60 });
			await events.seedPending(150);

			const watcher = new Watcher(sandbox, watching());
			const first = await watcher.tick();
			expect(first.ids).toEqual([]);
			expectActivationReadings(first, listOrder);

			const [late] = await events.sendForReview();
			const { ids } = await pollUntilEmitted(watcher, [late]);
			expect(ids).toEqual([late]);
			expect((await watcher.tick()).ids).toEqual([]);
		});
	});

	describe('bounded state', () => {
		test('a review round is marked only while an approver has acted and the post is under review', async () => {
			const events = workspaceEvents(sandbox);
			const watcher = await activeWatcher();
			const [a, b] = await events.sendForReview(2, [U.alex.id, U.jordan.id], U.maya.id, 'all');
			const rounds = (tick: { staticData: object }) =>
				(tick.staticData as { cursor: { rounds: Record<string, string> } }).cursor.rounds;
			const emitted = await watcher.tick();
			expect(emitted.ids).toEqual([a, b]);
			// Nobody has acted: no mark (a reading of the same posts is the same round).
			expect(rounds(emitted)).toEqual({});

			// Alex approves a, then b (Jordan must too): a mark each, keyed by 8 characters, holding
			// Alex's 4; the order of the approvals tells which key is whose.
			await events.approveAsAlex(a);
			const approvedA = await watcher.tick();
			expect(approvedA.ids).toEqual([]);
			const [keyA] = Object.keys(rounds(approvedA));
			const alex = rounds(approvedA)[keyA];
			expect(keyA).toMatch(/^[\w-]{8}$/);
			expect(alex).toMatch(/^[\w-]{4}$/);
			await events.approveAsAlex(b);
			const approved = await watcher.tick();
			expect(approved.ids).toEqual([]);
			const [keyB] = Object.keys(rounds(approved)).filter((key) => key !== keyA);
			expect(keyB).toMatch(/^[\w-]{8}$/);
			expect(rounds(approved)).toEqual({ [keyA]: alex, [keyB]: alex });

			// a leaves review: its mark goes with it, b's stays.
			await events.leaveReview(a);
			const after = await watcher.tick();
			expect(rounds(after)).toEqual({ [keyB]: alex });
		});

		test('a round is kept while polls read only what changed and leave the post out: sent again to the same people, it fires', async () => {
			// Where the first reading proves that date_from filters on the day updated, a poll reads
			// what changed since the day of its newest stamp (the page it reads in turn as a check
			// lists nothing): two days on, the post Alex approved is in no poll's answer, yet its
			// round must stay accounted for. Elsewhere the post is listed, and the round kept.
			const events = workspaceEvents(sandbox);
			await events.seedPending(150);
			const [id] = await events.sendForReview(1, [U.alex.id, U.jordan.id], U.maya.id, 'all');
			const watcher = new Watcher(sandbox, watching());
			await activate(watcher, 10);
			await events.approveAsAlex(id);
			// A list in a new order for every request shows the approval on some later poll.
			const roundsOf = (tick: Tick) => (tick.staticData.cursor as { rounds: object }).rounds;
			let marked = {};
			for (let poll = 0; poll < 30 && Object.keys(marked).length === 0; poll++) {
				const approved = await watcher.tick();
				expect(approved.ids).toEqual([]);
				marked = roundsOf(approved);
			}
			expect(Object.keys(marked)).toHaveLength(1);

			await sandbox.control.clock({ advanceSeconds: 2 * 86_400 });
			const [later] = await events.sendForReview();
			const { ids, ticks } = await pollUntilEmitted(watcher, [later]);
			expect(ids).toEqual([later]);
			expect(roundsOf(ticks[ticks.length - 1])).toEqual(marked);

			// Alex's approval undone: it leaves review and is sent to the same two again.
			await events.leaveReview(id);
			await events.enterReview(id, [U.alex.id, U.jordan.id], 'all');
			const again = await pollUntilEmitted(watcher, [id]);
			expect(again.ids).toEqual([id]);
			expect((await watcher.tick()).ids).toEqual([]);
		});

		// A poll that reads what changed, or the page where new posts land and one in turn, says
		// nothing of the posts it does not list: they stay noted however many such polls pass (a
		// reading that left a post out counts toward forgetting it only when the whole list was
		// read, remember/members.ts). 35 pages: the page in turn comes back to a post after 34 polls,
		// past the 32 readings that forget a post left out. A list in a new order for every request
		// is read whole each poll where the date is not proven (1,400 requests at 35 pages): 3 pages
		// hold it to the same assertion.
		test.each([
			{ dateFilter: 'updated', statusStamps: 'moved' },
			{ dateFilter: 'scheduled', statusStamps: 'kept' },
		] as const)(
			'date_from on $dateFilter: 40 idle polls forget no post, so an edit after them fires nothing',
			async (kind) => {
				const count = listOrder === 'shuffled' ? 300 : 3_450;
				const [edited] = await budgetFixtures(sandbox).published(listOrder, 31, count, kind);
				const watcher = new Watcher(sandbox, watching('postPublished'));
				const announced: string[] = [];
				for (let poll = 0; poll < 40; poll++) announced.push(...(await watcher.tick()).ids);
				await editPost(sandbox, edited, 'screens');
				for (let poll = 0; poll < 3; poll++) announced.push(...(await watcher.tick()).ids);
				expect(announced).toEqual([]);
			},
			// 43 polls over a list of 3 to 35 pages: past 30 s on a busy machine, and a poll left
			// running after a timeout would answer the next test's ticks.
			120_000,
		);

		test('an event without review rounds keeps no marks, even of posts whose approvers acted', async () => {
			const events = workspaceEvents(sandbox);
			const watcher = await activeWatcher(watching('postRejected'));
			const [id] = await events.sendForReview(1, [U.alex.id, U.jordan.id], U.maya.id, 'all');
			await events.approveAsAlex(id);
			await events.reject(id);
			const { ids, ticks } = await pollUntilEmitted(watcher, [id]);
			expect(ids).toEqual([id]);
			const saved = ticks[ticks.length - 1].staticData as { cursor: { rounds: object } };
			expect(saved.cursor.rounds).toEqual({});
			expect((await watcher.tick()).ids).toEqual([]);
		});

		test('the documented limit: re-entering review and an approval between the same two polls look like one round', async () => {
			const events = workspaceEvents(sandbox);
			const watcher = await activeWatcher();
			const [id] = await events.sendForReview(1, [U.alex.id, U.jordan.id], U.maya.id, 'all');
			expect((await watcher.tick()).ids).toEqual([id]);

			await events.leaveReview(id);
			await events.enterReview(id, [U.alex.id, U.jordan.id], 'all');
			await events.approveAsAlex(id);
			// README, Guarantees: not emitted again.
			expect((await watcher.tick()).ids).toEqual([]);
		});
	});

	describe('restarts', () => {
		test('a restarted trigger resumes from its persisted state: nothing twice, nothing missed', async () => {
			const events = workspaceEvents(sandbox);
			const before = await activeWatcher();
			const [a] = await events.sendForReview();
			expect((await before.tick()).ids).toEqual([a]);

			// n8n is down while posts come and go.
			const [b, c] = await events.sendForReview(2);
			await events.leaveReview(c);
			const [d] = await events.sendForReview();

			const after = before.restarted();
			const resumed = await after.tick();
			expect(resumed.ids).toEqual([b, d]);
			expect(resumed.requests).toEqual([listRequest(1)]);
			expect((await after.tick()).ids).toEqual([]);
		});

		test('a state saved in another layout counts as none: its first poll notes the posts, announces none', async () => {
			const events = workspaceEvents(sandbox);
			await events.sendForReview(2);
			const saved = (await activeWatcher()).staticData.cursor as { layout: number };
			// The same scope, nothing noted: read as it is, every post under review would be news.
			const older = { cursor: { ...saved, layout: saved.layout - 1, members: '', rounds: {} } };
			const watcher = new Watcher(sandbox, watching(), { staticData: older });
			expect((await watcher.tick()).ids).toEqual([]);
			const [late] = await events.sendForReview();
			expect((await watcher.tick()).ids).toEqual([late]);
		});

		test('a saved state whose newest stamp is not a number counts as none', async () => {
			const events = workspaceEvents(sandbox);
			await events.sendForReview(2);
			const saved = (await activeWatcher()).staticData.cursor as object;
			// The same scope and layout, nothing noted, the stamp as text: read as it is, every post under
			// review would be news.
			const edited = { cursor: { ...saved, members: '', rounds: {}, watermark: '1764000000000' } };
			const watcher = new Watcher(sandbox, watching(), { staticData: edited });
			expect((await watcher.tick()).ids).toEqual([]);
			const [late] = await events.sendForReview();
			expect((await watcher.tick()).ids).toEqual([late]);
		});

		test('unreadable saved state counts as none: a fresh start, nothing emitted', async () => {
			const watcher = new Watcher(sandbox, watching(), { staticData: { cursor: { scope: 42 } } });
			const tick = await watcher.tick();
			expect(tick.ids).toEqual([]);
			const pending = (await storedPosts(sandbox.url)).filter(
				(post) => (post.scheduling as { status: string }).status === 'under_review',
			);
			// Every post under review noted: 12 characters each (remember/members.ts: the post, whether
			// announced, who was asked).
			const cursor = tick.staticData.cursor as { members: string };
			expect(cursor.members).toHaveLength(pending.length * 12);
		});
	});

	describe('a failed poll loses nothing and says what to fix', () => {
		const failures: Array<[string, Parameters<typeof sandbox.control.fault>[0], RegExp, RegExp]> = [
			[
				'401 (key revoked)',
				{
					path: postsPath(),
					status: 401,
					body: { status: false, message: 'Invalid or revoked API key' },
				},
				/Invalid or revoked API key \(HTTP 401\)/,
				/Check the API key in the Social Publishing credential/,
			],
			[
				'403 (no access)',
				{
					path: postsPath(),
					status: 403,
					body: { status: false, message: 'Access denied to workspace' },
				},
				/Access denied to workspace \(HTTP 403\)/,
				/API credits may be used up/,
			],
			[
				'429 longer than the node waits',
				{
					path: postsPath(),
					status: 429,
					body: { status: false, message: 'Too many requests', retry_after: 3600 },
				},
				/Rate limit .*\(HTTP 429\)/,
				/Max Rate-Limit Wait/,
			],
			[
				'500',
				{
					path: postsPath(),
					status: 500,
					body: { status: false, message: 'Internal server error' },
				},
				/Internal server error \(HTTP 500\)/,
				/.+/,
			],
			[
				'a dropped connection',
				{ path: postsPath(), drop: true },
				/Could not reach the Social Publishing service/,
				/Base URL/,
			],
		];

		test.each(failures)(
			'%s: no items, state unchanged; the next poll emits what arrived meanwhile',
			async (_name, fault, message, description) => {
				const events = workspaceEvents(sandbox);
				const watcher = await activeWatcher();
				const [a] = await events.sendForReview();
				const saved = structuredClone(watcher.staticData);

				await sandbox.control.fault(fault);
				const failed = await watcher.tick();
				expect(failed.ids).toEqual([]);
				expect(failed.error?.message).toMatch(message);
				expect(failed.error?.description).toMatch(description);
				expect(failed.staticData).toEqual(saved);
				expect(failed.requests).toEqual([{ ...listRequest(1) }]);

				const [b] = await events.sendForReview();
				const recovered = await watcher.tick();
				expect(recovered.ids).toEqual([a, b]);
				expect((await watcher.tick()).ids).toEqual([]);
			},
		);

		test('credits running out on page 2 of a burst: nothing emitted, then all 150 once credits return', async () => {
			const events = workspaceEvents(sandbox);
			const watcher = await activeWatcher();
			const ids = await events.sendForReview(150);
			const saved = structuredClone(watcher.staticData);

			await sandbox.control.credits(1);
			const failed = await watcher.tick();
			expect(failed.ids).toEqual([]);
			expect(failed.error?.message).toMatch(/API credits exhausted.*\(HTTP 403/);
			expect(failed.staticData).toEqual(saved);
			expect(failed.requests.map((request) => request.query.page)).toEqual(['1', '2']);

			await sandbox.control.credits(null);
			const recovered = await pollUntilEmitted(watcher, ids);
			expect([...recovered.ids].sort()).toEqual([...ids].sort());
			if (listOrder !== 'shuffled') expect(recovered.ids).toEqual(ids);
		});

		test('a short 429 is waited out within "Max Rate-Limit Wait": the poll goes on', async () => {
			const events = workspaceEvents(sandbox);
			const watcher = await activeWatcher();
			const [a] = await events.sendForReview();
			await sandbox.control.fault({
				path: postsPath(),
				status: 429,
				body: { status: false, message: 'Too many requests', retry_after: 0 },
			});

			const tick = await watcher.tick();
			expect(tick.error).toBeUndefined();
			expect(tick.ids).toEqual([a]);
			expect(tick.requests).toEqual([listRequest(1), listRequest(1)]);
		});

		test('a workspace the API key cannot reach: the error says so, and nothing is saved', async () => {
			const watcher = new Watcher(
				sandbox,
				watching('postPendingApproval', { workspaceId: byId(SECOND_WORKSPACE) }),
				{
					keyName: 'workspace',
				},
			);
			const tick = await watcher.tick();
			expect(tick.ids).toEqual([]);
			expect(tick.error?.message).toMatch(/\(HTTP 40[34]/);
			expect(tick.error?.description).toMatch(/workspace/i);
			expect(tick.staticData).toEqual({});
		});

		test('the API key never shows in an error', async () => {
			await sandbox.control.fault({
				path: postsPath(),
				status: 401,
				body: { status: false, message: 'Invalid or revoked API key' },
			});
			const tick = await new Watcher(sandbox, watching()).tick();
			expect(tick.error).toBeDefined();
			expect(JSON.stringify(tick.error?.raw ?? tick.error)).not.toContain(
				sandbox.credentials('full').apiKey,
			);
		});
	});

	describe('changing the settings starts afresh', () => {
		test('switching to "Me": posts pending before are not emitted, new ones for me are, others never', async () => {
			const events = workspaceEvents(sandbox);
			const watcher = await activeWatcher();
			await events.sendForReview();

			watcher.parameters = watching('postPendingApproval', { approvers: 'me' });
			const switched = await watcher.tick();
			expect(switched.ids).toEqual([]);
			expect(switched.requests).toEqual([
				{ method: 'GET', path: '/api/v1/me', query: {} },
				listRequest(1, { 'approval_assigned_to[]': U.alex.id }),
			]);

			const [forMe] = await events.sendForReview(1, [U.alex.id]);
			await events.sendForReview(1, [U.maya.id]);
			const tick = await watcher.tick();
			expect(tick.ids).toEqual([forMe]);
			// "Me" is remembered: an idle poll is one request.
			expect(tick.requests).toEqual([listRequest(1, { 'approval_assigned_to[]': U.alex.id })]);
		});

		test('switching the workspace: nothing from either workspace is emitted stale; new posts are', async () => {
			const events = workspaceEvents(sandbox);
			const second = workspaceEvents(sandbox, SECOND_WORKSPACE);
			const watcher = await activeWatcher();
			await second.sendForReview(2, [U.alex.id], U.alex.id);

			watcher.parameters = watching('postPendingApproval', { workspaceId: byId(SECOND_WORKSPACE) });
			const switched = await watcher.tick();
			expect(switched.ids).toEqual([]);
			expect(switched.requests).toEqual([listRequest(1, {}, SECOND_WORKSPACE)]);

			await events.sendForReview();
			const [fresh] = await second.sendForReview(1, [U.alex.id], U.alex.id);
			expect((await watcher.tick()).ids).toEqual([fresh]);
		});

		test('switching the chosen approvers, then back: each switch starts from what is pending then', async () => {
			const events = workspaceEvents(sandbox);
			const forMaya = watching('postPendingApproval', {
				approvers: 'chosen',
				approverMembers: members(U.maya.id),
			});
			const watcher = await activeWatcher(forMaya);
			const [mayas] = await events.sendForReview(1, [U.maya.id]);
			expect((await watcher.tick()).ids).toEqual([mayas]);

			watcher.parameters = watching();
			await events.sendForReview(1, [U.alex.id]);
			expect((await watcher.tick()).ids).toEqual([]);
			const [afterSwitch] = await events.sendForReview(1, [U.maya.id]);
			expect((await watcher.tick()).ids).toEqual([afterSwitch]);

			watcher.parameters = forMaya;
			expect((await watcher.tick()).ids).toEqual([]);
			const [again] = await events.sendForReview(1, [U.maya.id]);
			expect((await watcher.tick()).ids).toEqual([again]);
		});

		test('switching the event: published posts from before are not emitted; a new publication is', async () => {
			const events = workspaceEvents(sandbox);
			const watcher = await activeWatcher();
			const [post] = await events.sendForReview();
			expect((await watcher.tick()).ids).toEqual([post]);

			watcher.parameters = watching('postPublished');
			const switched = await watcher.tick();
			expect(switched.ids).toEqual([]);
			expect(switched.requests).toEqual([listRequest(1, { 'status[]': 'published' })]);

			await events.leaveReview(post);
			await events.publish(post);
			expect((await watcher.tick()).ids).toEqual([post]);
		});
	});
});
