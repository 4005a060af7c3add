// The events and filters a user picks, the item a notification is built from, Fetch Test Event,
// and settings that cannot work.
import { useSandbox } from '../harness/sandbox.cts';

import { DEMO } from '../../sandbox/demo-data.cts';
import {
	DEMO_PENDING,
	inEachListOrder,
	listRequest,
	MAIN_WORKSPACE,
	members,
	P,
	postsPath,
	SECOND_WORKSPACE,
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
	const first = await watcher.tick();
	expect(first.error).toBeUndefined();
	expect(first.ids).toEqual([]);
	return watcher;
}

inEachListOrder(sandbox, () => {
	describe('events', () => {
		test('Post Published: a post reaching published, asked with status[]=published', async () => {
			const events = workspaceEvents(sandbox);
			const watcher = await activeWatcher(watching('postPublished'));
			await events.publish(P.scheduled);

			const tick = await watcher.tick();
			expect(tick.ids).toEqual([P.scheduled]);
			expect(tick.requests).toEqual([listRequest(1, { 'status[]': 'published' })]);
			const stored = (await storedPosts(sandbox.url)).find((post) => post.id === P.scheduled);
			const { published_at } = stored?.scheduling as { published_at: string };
			expect(published_at).toMatch(/^\d{4}-\d{2}-\d{2}/);
			expect(tick.items[0].json).toMatchObject({
				event: 'postPublished',
				status: 'published',
				published_at,
			});
			expect((await watcher.tick()).ids).toEqual([]);
		});

		test('Post Failed: a post whose publishing failed', async () => {
			const events = workspaceEvents(sandbox);
			const watcher = await activeWatcher(watching('postFailed'));
			await events.fail(P.scheduled);

			const tick = await watcher.tick();
			expect(tick.ids).toEqual([P.scheduled]);
			expect(tick.requests).toEqual([listRequest(1, { 'status[]': 'failed' })]);
			expect(tick.items[0].json).toMatchObject({ event: 'postFailed', status: 'failed' });
		});

		test('Post Rejected: the rejecting approver and the note are in the item', async () => {
			const events = workspaceEvents(sandbox);
			const watcher = await activeWatcher(watching('postRejected'));
			await events.reject(P.pendingForAlex1, 'Not this week.');

			const tick = await watcher.tick();
			expect(tick.ids).toEqual([P.pendingForAlex1]);
			expect(tick.requests).toEqual([listRequest(1, { 'status[]': 'rejected' })]);
			expect(tick.items[0].json).toMatchObject({
				event: 'postRejected',
				status: 'rejected',
				approval: {
					status: 'rejected_approval',
					approvers: [
						{
							user_id: U.alex.id,
							name: U.alex.name,
							status: 'reject',
							last_action_note: 'Not this week.',
						},
					],
				},
			});
		});

		test('Post Rejected, filtered by approver: a post rejected again after another review is a new event', async () => {
			const events = workspaceEvents(sandbox);
			const watcher = await activeWatcher(watching('postRejected', { approvers: 'me' }));
			const [mine] = await events.sendForReview(1, [U.alex.id]);
			const [notMine] = await events.sendForReview(1, [U.maya.id]);
			await events.reject(mine);
			await events.reject(notMine);

			const tick = await watcher.tick();
			expect(tick.ids).toEqual([mine]);
			expect(tick.requests).toEqual([
				listRequest(1, { 'status[]': 'rejected', 'approval_assigned_to[]': U.alex.id }),
			]);

			await events.enterReview(mine);
			expect((await watcher.tick()).ids).toEqual([]);
			await events.reject(mine, 'Still no.');
			expect((await watcher.tick()).ids).toEqual([mine]);
		});

		test('Post Rejected, Post Failed and Post Published: out of the state and back between two polls looks as if it never left, even sent to other people (only the review events count rounds; polling cannot see it)', async () => {
			const events = workspaceEvents(sandbox);
			const rejections = await activeWatcher(watching('postRejected'));
			const failures = await activeWatcher(watching('postFailed'));
			const publications = await activeWatcher(watching('postPublished'));
			const [rejected, published] = await events.sendForReview(2, [U.alex.id]);
			await events.reject(rejected);
			await events.fail(P.scheduled);
			await events.leaveReview(published);
			await events.publish(published);
			expect((await rejections.tick()).ids).toEqual([rejected]);
			expect((await failures.tick()).ids).toEqual([P.scheduled]);
			expect((await publications.tick()).ids).toEqual([published]);

			// Between two polls: each is sent to Jordan for review, and Jordan rejects the first, the
			// second fails again, the third is published again.
			await events.enterReview(rejected, [U.jordan.id]);
			await sandbox.control.simulate({
				action: 'reject',
				workspace_id: MAIN_WORKSPACE,
				post_id: rejected,
				user_id: U.jordan.id,
			});
			await events.enterReview(P.scheduled, [U.jordan.id]);
			await events.fail(P.scheduled);
			await events.enterReview(published, [U.jordan.id]);
			await events.leaveReview(published);
			await events.publish(published);
			expect((await rejections.tick()).ids).toEqual([]);
			expect((await failures.tick()).ids).toEqual([]);
			expect((await publications.tick()).ids).toEqual([]);
		});

		test('a post that is published on only some accounts (partial) is not "published"', async () => {
			const watcher = await activeWatcher(watching('postPublished'));
			await sandbox.control.simulate({
				action: 'publish',
				workspace_id: DEMO.workspaces.main.id,
				post_id: P.scheduled,
				account_ids: [DEMO.accounts.facebook],
			});
			expect((await watcher.tick()).ids).toEqual([]);
		});
	});

	describe('filters of Post Pending Approval', () => {
		test('chosen approvers: only posts waiting for one of them, asked with approval_assigned_to[]', async () => {
			const events = workspaceEvents(sandbox);
			const watcher = await activeWatcher(
				watching('postPendingApproval', {
					approvers: 'chosen',
					approverMembers: members(U.maya.id, U.priya.id),
				}),
			);
			const [forMaya] = await events.sendForReview(1, [U.maya.id]);
			await events.sendForReview(1, [U.alex.id]);
			const [forPriya] = await events.sendForReview(1, [U.priya.id]);

			const tick = await watcher.tick();
			expect(tick.ids).toEqual([forMaya, forPriya]);
			expect(tick.requests).toEqual([
				listRequest(1, { 'approval_assigned_to[]': [U.maya.id, U.priya.id].sort() }),
			]);
		});

		test('chosen team members as an expression may hand them: trimmed, in any order, repeated, blank or plain IDs', async () => {
			const [first, second] = [U.maya.id, U.priya.id].sort();
			const watcher = new Watcher(
				sandbox,
				watching('postPendingApproval', {
					approvers: 'chosen',
					approverMembers: {
						members: [
							{ member: byId(` ${second} `) },
							{ member: first },
							{ member: byId(second) },
							{ member: byId('') },
							{ member: null },
						],
					},
				}),
			);
			const tick = await watcher.tick();
			expect(tick.error).toBeUndefined();
			expect(tick.requests).toEqual([
				listRequest(1, { 'approval_assigned_to[]': [first, second] }),
			]);
		});

		test('requested by me: /me is asked once, then remembered', async () => {
			const events = workspaceEvents(sandbox);
			const watcher = new Watcher(sandbox, watching('postPendingApproval', { requestedBy: 'me' }));
			const first = await watcher.tick();
			expect(first.requests).toEqual([
				{ method: 'GET', path: '/api/v1/me', query: {} },
				listRequest(1, { 'approval_requested_by[]': U.alex.id }),
			]);

			const [mine] = await events.sendForReview(1, [U.maya.id], U.alex.id);
			await events.sendForReview(1, [U.alex.id], U.maya.id);
			const tick = await watcher.tick();
			expect(tick.ids).toEqual([mine]);
			expect(tick.requests).toEqual([listRequest(1, { 'approval_requested_by[]': U.alex.id })]);

			// Remembered across a restart too.
			expect((await watcher.restarted().tick()).requests).toEqual([
				listRequest(1, { 'approval_requested_by[]': U.alex.id }),
			]);
		});

		test('"Me" is asked again when the trigger is given another credential', async () => {
			const parameters = watching('postPendingApproval', { requestedBy: 'me' });
			const alex = new Watcher(sandbox, parameters);
			await alex.tick();
			// The same workflow, its credential changed to one with Maya's key.
			const maya = new Watcher(sandbox, parameters, {
				keyName: 'workspace',
				credentialId: 'cred-maya',
				staticData: alex.staticData,
			});
			const tick = await maya.tick();
			expect(tick.error).toBeUndefined();
			expect(tick.requests).toEqual([
				{ method: 'GET', path: '/api/v1/me', query: {} },
				listRequest(1, { 'approval_requested_by[]': U.maya.id }),
			]);
		});

		test('a pasted workspace ID is trimmed; people filters left over from an approval event are not applied', async () => {
			const tick = await new Watcher(
				sandbox,
				watching('postPublished', {
					workspaceId: byId(` ${MAIN_WORKSPACE} `),
					approvers: 'me',
					requestedBy: 'chosen',
					requesterMembers: members(U.maya.id),
				}),
			).tick();
			expect(tick.error).toBeUndefined();
			expect(tick.requests).toEqual([listRequest(1, { 'status[]': 'published' })]);
		});

		test('approvers and requester together', async () => {
			const events = workspaceEvents(sandbox);
			const watcher = await activeWatcher(
				watching('postPendingApproval', {
					approvers: 'me',
					requestedBy: 'chosen',
					requesterMembers: members(U.maya.id),
				}),
			);
			const [wanted] = await events.sendForReview(1, [U.alex.id], U.maya.id);
			await events.sendForReview(1, [U.alex.id], U.lee.id);
			await events.sendForReview(1, [U.priya.id], U.maya.id);

			const tick = await watcher.tick();
			expect(tick.ids).toEqual([wanted]);
			expect(tick.requests).toEqual([
				listRequest(1, {
					'approval_assigned_to[]': U.alex.id,
					'approval_requested_by[]': U.maya.id,
				}),
			]);
		});
	});

	describe('the item', () => {
		test('is made for a notification: text and preview, accounts, schedule and zone, approval with names', async () => {
			const watcher = new Watcher(
				sandbox,
				watching('postPendingApproval', { options: { includeExisting: true } }),
			);
			const tick = await watcher.tick();
			const item = tick.items.find((each) => each.json.id === P.pendingForAlexAndJordan)?.json;
			const stored = (await storedPosts(sandbox.url)).find(
				(post) => post.id === P.pendingForAlexAndJordan,
			);
			expect(item).toEqual({
				event: 'postPendingApproval',
				id: P.pendingForAlexAndJordan,
				workspace_id: DEMO.workspaces.main.id,
				status: 'under_review',
				text: 'Black Friday: 30% off all beans.',
				preview: 'Black Friday: 30% off all beans.',
				images: [],
				video: null,
				accounts: [
					{
						account_id: DEMO.accounts.facebook,
						account_name: 'Acme Coffee',
						platform: 'facebook',
					},
					{
						account_id: DEMO.accounts.linkedin,
						account_name: 'Acme Coffee Co.',
						platform: 'linkedin',
					},
					{
						account_id: DEMO.accounts.pinterest,
						account_name: 'Acme Coffee Boards',
						platform: 'pinterest',
					},
				],
				platforms: ['facebook', 'linkedin', 'pinterest'],
				scheduled_at: (stored?.scheduling as { scheduled_at: string }).scheduled_at,
				timezone: 'Europe/Berlin',
				published_at: null,
				created_by: U.maya.name,
				created_at: stored?.created_at,
				updated_at: stored?.updated_at,
				approval: {
					status: 'pending_approval',
					option: 'all',
					notes: 'Legal wants both of you to sign off.',
					approvers: [
						{
							user_id: U.alex.id,
							name: U.alex.name,
							email: U.alex.email,
							status: 'pending',
							is_external: false,
							last_action_time: null,
							last_action_note: null,
						},
						{
							user_id: U.jordan.id,
							name: U.jordan.name,
							email: U.jordan.email,
							status: 'pending',
							is_external: false,
							last_action_time: null,
							last_action_note: null,
						},
					],
				},
				labels: ['Promo'],
				campaign: 'Black Friday',
				link: null,
			});
		});

		test('a long text gets a one-line preview; Include Raw Post adds the post as returned', async () => {
			const long = `First line\n\n${'word '.repeat(60)}`;
			await sandbox.control.simulate({
				action: 'create_pending',
				workspace_id: DEMO.workspaces.main.id,
				created_by_user_id: U.maya.id,
				approvers: [U.alex.id],
				text: long,
			});
			const tick = await new Watcher(
				sandbox,
				watching('postPendingApproval', { options: { includeRawPost: true } }),
			).fetchTestEvent();
			const item = tick.items[0].json;
			expect(item.text).toBe(long);
			expect(item.preview).toHaveLength(120);
			expect(item.preview).toMatch(/^First line word word .*…$/);
			expect(item.post).toMatchObject({
				id: item.id,
				content: { text: long },
				scheduling: { status: 'under_review' },
			});
		});
	});

	describe('Fetch Test Event', () => {
		test('returns the newest matching post with one request, and leaves the saved state alone', async () => {
			const watcher = await activeWatcher();
			const saved = structuredClone(watcher.staticData);

			const test = await watcher.fetchTestEvent();
			expect(test.error).toBeUndefined();
			expect(test.ids).toEqual([DEMO_PENDING[0]]);
			expect(test.requests).toEqual([listRequest(1)]);
			expect(test.staticData).toEqual(saved);
			expect(watcher.staticData).toEqual(saved);

			// The active trigger neither emits the test post nor skips a new one.
			const [fresh] = await workspaceEvents(sandbox).sendForReview();
			expect((await watcher.tick()).ids).toEqual([fresh]);
		});

		// The second workspace has no post in any of the five states.
		test.each([
			[
				'postPendingApproval',
				'No post is waiting for approval in this workspace with these filters yet',
				'under_review',
			],
			[
				'postPublished',
				'No post has been published in this workspace with these filters yet',
				'published',
			],
			['postFailed', 'No post has failed in this workspace with these filters yet', 'failed'],
			[
				'postRejected',
				'No post has been rejected in this workspace with these filters yet',
				'rejected',
			],
			[
				'approvalOverdue',
				'No post is overdue for approval in this workspace with these filters yet',
				['under_review', 'missed_review'],
			],
		])('says clearly when no post matches (%s)', async (event, message, status) => {
			const watcher = new Watcher(
				sandbox,
				watching(event, { workspaceId: byId(SECOND_WORKSPACE) }),
			);
			const test = await watcher.fetchTestEvent();
			expect(test.items).toEqual([]);
			expect(test.error?.message).toBe(message);
			expect(test.error?.description).toMatch(/Fetch Test Event shows the newest post/);
			expect(test.requests).toEqual([listRequest(1, { 'status[]': status }, SECOND_WORKSPACE)]);
		});

		test('with "Me", asks /me but remembers nothing', async () => {
			const watcher = new Watcher(sandbox, watching('postPendingApproval', { approvers: 'me' }));
			const test = await watcher.fetchTestEvent();
			expect(test.ids).toEqual([P.pendingForAlexAndJordan]);
			expect(test.requests.map((request) => request.path)).toEqual([
				'/api/v1/me',
				listRequest(1).path,
			]);
			expect(test.staticData).toEqual({});
		});
	});

	describe('settings that cannot work fail before any request', () => {
		test('no workspace', async () => {
			const tick = await new Watcher(
				sandbox,
				watching('postPendingApproval', { workspaceId: byId('') }),
			).tick();
			expect(tick.error?.message).toBe('No workspace chosen');
			expect(tick.error?.description).toMatch(/Choose the workspace to watch/);
			expect(tick.requests).toEqual([]);
			expect(tick.staticData).toEqual({});
		});

		test('an event this version does not know (a workflow from a newer one)', async () => {
			const tick = await new Watcher(sandbox, watching('postScheduled')).tick();
			expect(tick.error?.message).toBe('The event "postScheduled" is not known');
			expect(tick.error?.description).toBe('Choose an event from the list.');
			expect(tick.requests).toEqual([]);
			expect(tick.staticData).toEqual({});
		});

		test('no workspace parameter at all (a workflow written by hand)', async () => {
			const tick = await new Watcher(sandbox, { event: 'postPublished' }).tick();
			expect(tick.error?.message).toBe('No workspace chosen');
			expect(tick.requests).toEqual([]);
		});

		test('"Me" when the service does not say whose the API key is', async () => {
			await sandbox.control.fault({
				method: 'GET',
				path: '/api/v1/me',
				status: 200,
				body: { status: true, data: { full_name: 'Alex Demo' } },
				times: 1,
			});
			const tick = await new Watcher(
				sandbox,
				watching('postPendingApproval', { approvers: 'me' }),
			).tick();
			expect(tick.error?.message).toBe('The service did not say which user the API key belongs to');
			expect(tick.error?.description).toBe(
				'GET /api/v1/me answered without a user ID. Choose the approvers or requesters from the list instead of "Me".',
			);
			expect(tick.requests).toEqual([{ method: 'GET', path: '/api/v1/me', query: {} }]);
			expect(tick.staticData).toEqual({});
		});

		test('"Chosen Team Members" with none chosen', async () => {
			const tick = await new Watcher(
				sandbox,
				watching('postPendingApproval', { approvers: 'chosen' }),
			).tick();
			expect(tick.error?.message).toBe('No team member chosen for "Approvers"');
			expect(tick.error?.description).toMatch(/Add at least one team member under "Approvers"/);
			expect(tick.requests).toEqual([]);
		});
	});
});

/**
 * Where `date_from` filters on `updated_at` and a change of status moves it, the trigger reads only
 * the posts changed since its watermark, in any status (read/changes.ts): the event's own check then
 * tells its posts from the rest. Each event sees posts move into every other state in the same poll;
 * only its own post is announced.
 */
const ENTERING = {
	published: ['publish'],
	failed: ['fail'],
	underReview: ['enter_review'],
	rejected: ['enter_review', 'reject'],
	missedReview: ['enter_review', 'miss_review'],
} as const;
type Entering = keyof typeof ENTERING;

/** A row of the test below: the event's own way in, and every other one, less any in `skip`. */
const readByChanges = (event: string, state: string, own: Entering, skip: Entering[] = []) => ({
	event,
	state,
	own,
	others: (Object.keys(ENTERING) as Entering[]).filter(
		(entering) => entering !== own && !skip.includes(entering),
	),
});

const READ_BY_CHANGES = [
	readByChanges('postPendingApproval', 'under_review', 'underReview'),
	readByChanges('postPublished', 'published', 'published'),
	readByChanges('postFailed', 'failed', 'failed'),
	readByChanges('postRejected', 'rejected', 'rejected'),
	// A post entering review could be due within the lead time, and so rightly announced.
	readByChanges('approvalOverdue', 'missed_review', 'missedReview', ['underReview']),
];

const twoDaysAgo = () =>
	new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 19).replace('T', ' ');

inEachListOrder(sandbox, () => {
	test.each(READ_BY_CHANGES)(
		'$event, reading only what changed: posts entering other states in the same poll are not announced',
		async ({ event, state, own, others }) => {
			const { control } = sandbox;
			await control.profile({ dateFilter: 'updated', statusStamps: 'moved' });
			// A year of posts in the state: their dates show what `date_from` filters on.
			await control.seed({
				workspace_id: MAIN_WORKSPACE,
				resource: 'posts',
				count: 30,
				template: { status: state, approvers: [U.alex.id], history_days: 365, history_seed: 3 },
			});
			const [mine, ...theirs] = await control.seed({
				workspace_id: MAIN_WORKSPACE,
				resource: 'posts',
				count: 1 + others.length,
				// Due two days ago (a wall-clock time, in any zone in the past): a post past its time
				// that is not in review is no overdue approval.
				template: { status: 'scheduled', approvers: [U.alex.id], scheduled_at: twoDaysAgo() },
			});
			// A post under review that Alex approved a moment after it was made, Jordan not yet: its
			// `updated_at` followed the approval, which shows that a change of status moves it.
			const [shows] = await control.simulate({
				action: 'create_pending',
				workspace_id: MAIN_WORKSPACE,
				approvers: [U.alex.id, U.jordan.id],
				approve_option: 'all',
				created_by_user_id: U.maya.id,
			});
			await control.clock({ advanceSeconds: 5 });
			await control.simulate({
				action: 'approve',
				workspace_id: MAIN_WORKSPACE,
				post_id: shows,
				user_id: U.alex.id,
			});
			const watcher = await activeWatcher(watching(event));
			expect((await watcher.tick()).ids).toEqual([]);

			const moves: [string, Entering][] = [
				...others.map((other, index): [string, Entering] => [theirs[index], other]),
				[mine, own],
			];
			for (const [post, entering] of moves) {
				for (const action of ENTERING[entering])
					await control.simulate({ action, workspace_id: MAIN_WORKSPACE, post_id: post });
			}
			const tick = await watcher.tick();
			expect(tick.error).toBeUndefined();
			expect(tick.ids).toEqual([mine]);
			// Read by what changed: the posts of every status changed since the watermark's day.
			const changed = tick.requests.filter((request) => 'date_from' in request.query);
			expect(changed.length).toBeGreaterThan(0);
			for (const request of changed) expect(request.query).not.toHaveProperty('status[]');
			expect((await watcher.tick()).ids).toEqual([]);
		},
	);
});

/**
 * The next posts-list request is answered once with page 1 of `statuses` as the service lists it
 * now, its posts passed through `edit` (a shape the description does not show); the list's
 * `total` and `to` follow the posts added.
 */
async function listedOnceAs(
	statuses: string[],
	edit: (posts: Record<string, unknown>[]) => Record<string, unknown>[],
): Promise<void> {
	const query = statuses.map((status) => `&status[]=${status}`).join('');
	const answer = await fetch(`${sandbox.url}${postsPath()}?page=1&per_page=100${query}`, {
		headers: { 'X-API-Key': DEMO.keys.full },
	});
	const page = (await answer.json()) as {
		data: Record<string, unknown>[];
		total: number;
		to: number;
	};
	const data = edit(page.data);
	const added = data.length - page.data.length;
	await sandbox.control.fault({
		method: 'GET',
		path: postsPath(),
		answer: 'body',
		body: { ...page, data, total: page.total + added, to: page.to + added },
		times: 1,
	});
}

/**
 * A post listed with no `scheduling.status` (a shape the description does not show) is read by its
 * approval's status, and so is one whose scheduling status is null: Post Pending Approval takes
 * `pending_approval`, Post Rejected `rejected_approval`, and neither takes the other's.
 */
type Approval = 'pending' | 'rejected';
const BY_APPROVAL = (
	[
		{ event: 'postPendingApproval', status: 'under_review', own: 'pending', other: 'rejected' },
		{ event: 'postRejected', status: 'rejected', own: 'rejected', other: 'pending' },
	] as { event: string; status: string; own: Approval; other: Approval }[]
).flatMap((row) => [
	{ ...row, shape: 'left out' },
	{ ...row, shape: 'null' },
]);

inEachListOrder(sandbox, () => {
	test.each(BY_APPROVAL)(
		'$event: a post whose scheduling status is $shape is read by its approval status',
		async ({ event, status, own, other, shape }) => {
			const events = workspaceEvents(sandbox);
			const watcher = await activeWatcher(watching(event));
			// Two posts enter, one as the event's (by its approval), one as the other's.
			const [pending] = await events.sendForReview();
			const [rejected] = await events.sendForReview();
			await events.reject(rejected, 'Not this week.');
			const ids = { pending, rejected };
			const posts = await storedPosts(sandbox.url);
			const unscheduled = (id: string) => {
				const post = posts.find((each) => each.id === id) as Record<string, unknown>;
				const scheduling: Record<string, unknown> = {
					...(post.scheduling as Record<string, unknown>),
					status: null,
				};
				if (shape === 'left out') delete scheduling.status;
				return { ...post, scheduling };
			};
			await listedOnceAs([status], (listed) => [
				...listed.filter((post) => post.id !== ids[own]),
				unscheduled(ids[own]),
				unscheduled(ids[other]),
			]);

			const tick = await watcher.tick();
			expect(tick.error).toBeUndefined();
			expect(tick.ids).toEqual([ids[own]]);
		},
	);
});

inEachListOrder(sandbox, () => {
	test('Approval Overdue: a post past its time listed without a scheduling status is read by its approval status', async () => {
		const { control } = sandbox;
		const watcher = await activeWatcher(watching('approvalOverdue'));
		const [due] = await control.simulate({
			action: 'create_pending',
			workspace_id: MAIN_WORKSPACE,
			approvers: [U.alex.id],
			created_by_user_id: U.maya.id,
			scheduled_at: twoDaysAgo(),
		});
		await listedOnceAs(['under_review', 'missed_review'], (listed) =>
			listed.map((post) => {
				if (String(post._id ?? post.id) !== due) return post;
				const scheduling: Record<string, unknown> = {
					...(post.scheduling as Record<string, unknown>),
				};
				delete scheduling.status;
				return { ...post, scheduling };
			}),
		);

		const tick = await watcher.tick();
		expect(tick.error).toBeUndefined();
		expect(tick.ids).toEqual([due]);
		expect(tick.items[0].json).toMatchObject({ overdue_reason: 'past_due' });
	});
});

/**
 * Items come oldest change first: by `updated_at`, else (a shape the description does not show)
 * by `created_at`; neither the order the posts were made in nor their IDs decide.
 */
inEachListOrder(sandbox, () => {
	test('two posts published between two polls, where publishing moves `updated_at`: the one published first comes first, though made later', async () => {
		const { control } = sandbox;
		await control.profile({ statusStamps: 'moved' });
		const watcher = await activeWatcher(watching('postPublished'));
		const [earlier] = await control.seed({
			workspace_id: MAIN_WORKSPACE,
			resource: 'posts',
			count: 1,
			template: { status: 'scheduled' },
		});
		await control.clock({ advanceSeconds: 2 });
		const [later] = await control.seed({
			workspace_id: MAIN_WORKSPACE,
			resource: 'posts',
			count: 1,
			template: { status: 'scheduled' },
		});
		await control.clock({ advanceSeconds: 2 });
		const events = workspaceEvents(sandbox);
		await events.publish(later);
		await control.clock({ advanceSeconds: 2 });
		await events.publish(earlier);

		expect((await watcher.tick()).ids).toEqual([later, earlier]);
	});

	test('posts listed without `updated_at` come by `created_at`, not by ID', async () => {
		const { control } = sandbox;
		const watcher = await activeWatcher(watching('postPublished'));
		const seeded = await control.seed({
			workspace_id: MAIN_WORKSPACE,
			resource: 'posts',
			count: 2,
			template: { status: 'published' },
		});
		// The first by ID was made an hour after the second.
		const [first, second] = [...seeded].sort((a, b) => a.localeCompare(b));
		const made = { [first]: Date.now() - 3_600_000, [second]: Date.now() - 7_200_000 };
		await listedOnceAs(['published'], (listed) =>
			listed.map((post) => {
				const id = String(post._id ?? post.id);
				if (!(id in made)) return post;
				const changed: Record<string, unknown> = {
					...post,
					created_at: new Date(made[id]).toISOString(),
				};
				delete changed.updated_at;
				return changed;
			}),
		);

		expect((await watcher.tick()).ids).toEqual([second, first]);
	});
});
