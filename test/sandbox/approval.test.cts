import { DEMO, MAIN, useSandboxApi, ws } from './api.cts';

const api = useSandboxApi();
const p = DEMO.posts;

async function post(id: string) {
	const { body } = await api.get(ws('/posts'), { query: { per_page: 100 } });
	return body.data.find((each: { id: string }) => each.id === id);
}

const act = (
	id: string,
	key: 'full' | 'workspace' | 'viewer' | 'noApi',
	body: Record<string, unknown>,
) => api.post(ws(`/posts/${id}/approval`), body, { key });

describe('approval (4.16)', () => {
	it('anyone: one approval completes the review and schedules the post', async () => {
		const answer = await act(p.pendingForAlex1, 'full', {
			action: 'approve',
			comment: 'Tone is fine.',
		});
		expect(answer).toMatchObject({
			status: 200,
			body: { status: true, message: expect.any(String) },
		});
		const approved = await post(p.pendingForAlex1);
		expect(approved.scheduling.status).toBe('scheduled');
		expect(approved.approval.status).toBe('completed_approval');
		expect(approved.approval.approvers[0]).toMatchObject({
			user_id: DEMO.users.alex.id,
			status: 'approve',
			last_action_note: 'Tone is fine.',
			last_action_time: expect.any(String),
		});
	});

	it('all: the post stays under review until every approver approved', async () => {
		await act(p.pendingForAlexAndJordan, 'full', { action: 'approve' });
		const half = await post(p.pendingForAlexAndJordan);
		expect(half.scheduling.status).toBe('under_review');
		expect(half.approval.status).toBe('pending_approval');
		expect(half.approval.approvers.map((each: { status: string }) => each.status)).toEqual([
			'approve',
			'pending',
		]);

		const [jordansPost] = await api.control.simulate({
			action: 'create_pending',
			workspace_id: MAIN,
			created_by_user_id: DEMO.users.jordan.id,
			approvers: [DEMO.users.alex.id, DEMO.users.maya.id],
			approve_option: 'everyone',
		});
		await act(jordansPost, 'full', { action: 'approve' });
		expect((await post(jordansPost)).scheduling.status).toBe('under_review');
		await act(jordansPost, 'workspace', { action: 'approve' });
		const done = await post(jordansPost);
		expect(done.scheduling.status).toBe('scheduled');
		expect(done.approval).toMatchObject({ status: 'completed_approval', approve_option: 'all' });
	});

	it('any reject rejects the post, even after other approvals', async () => {
		await act(p.pendingForAlexAndJordan, 'full', { action: 'approve' });
		const [other] = await api.control.simulate({
			action: 'reject',
			workspace_id: MAIN,
			post_id: p.pendingForAlexAndJordan,
			user_id: DEMO.users.jordan.id,
			note: 'Prices are wrong',
		});
		expect(other).toBe(p.pendingForAlexAndJordan);
		const rejected = await post(p.pendingForAlexAndJordan);
		expect(rejected.scheduling.status).toBe('rejected');
		expect(rejected.approval.status).toBe('rejected_approval');
		expect(rejected.approval.approvers[1]).toMatchObject({
			status: 'reject',
			last_action_note: 'Prices are wrong',
		});
	});

	it('a reject by the API rejects the post', async () => {
		await act(p.pendingForMaya1, 'workspace', { action: 'reject', comment: 'Not this week.' });
		const rejected = await post(p.pendingForMaya1);
		expect(rejected.scheduling.status).toBe('rejected');
		expect(rejected.approval.status).toBe('rejected_approval');
	});

	it('a draft sent for review returns to draft when approved', async () => {
		const created = await api.post(ws('/posts'), {
			content: { text: 'Draft for review' },
			accounts: [DEMO.accounts.facebook],
			scheduling: { publish_type: 'draft' },
			approval: { approvers: [DEMO.users.maya.id] },
		});
		await act(created.body.data.id, 'workspace', { action: 'approve' });
		expect((await post(created.body.data.id)).scheduling.status).toBe('draft');
	});

	it('answers 403 to a caller who is not an approver', async () => {
		const { status, body } = await act(p.pendingForMaya1, 'full', { action: 'approve' });
		expect(status).toBe(403);
		expect(body).toEqual({ status: false, message: 'You are not an approver of this post.' });
		expect((await act(p.draft, 'full', { action: 'approve' })).status).toBe(403);
	});

	it('answers 400 for a post that is not under review, or already acted on', async () => {
		expect((await act(p.rejected, 'full', { action: 'approve' })).body).toEqual({
			status: false,
			message: 'This post is not under review.',
		});
		await act(p.pendingForAlexAndJordan, 'full', { action: 'approve' });
		const again = await act(p.pendingForAlexAndJordan, 'full', { action: 'reject' });
		expect(again.status).toBe(400);
		await act(p.pendingForAlex2, 'full', { action: 'approve' });
		expect((await act(p.pendingForAlex2, 'full', { action: 'approve' })).status).toBe(400);
	});

	it('approverActions: once refuses a second action; repeat takes it in place of the first', async () => {
		const id = p.pendingForAlexAndJordan;
		const alex = async () => (await post(id)).approval.approvers[0];
		await api.control.clock({ frozen: true });
		await act(id, 'full', { action: 'approve', comment: 'First look.' });
		const first = await alex();
		expect(await act(id, 'full', { action: 'approve', comment: 'Second look.' })).toMatchObject({
			status: 400,
			body: { status: false, message: 'You have already acted on this post (approve).' },
		});
		expect(await alex()).toEqual(first);

		await api.control.profile({ approverActions: 'repeat' });
		await api.control.clock({ advanceSeconds: 60 });
		expect((await act(id, 'full', { action: 'approve', comment: 'Second look.' })).status).toBe(200);
		const again = await post(id);
		expect(again.scheduling.status).toBe('under_review');
		expect(again.approval.approvers[0]).toEqual({
			...first,
			last_action_note: 'Second look.',
			last_action_time: new Date(Date.parse(first.last_action_time) + 60_000).toISOString(),
		});
		expect(again.updated_at).toBe(again.approval.approvers[0].last_action_time);

		await api.control.clock({ advanceSeconds: 60 });
		expect((await act(id, 'full', { action: 'reject', comment: 'Not yet.' })).status).toBe(200);
		const rejected = await post(id);
		expect(rejected.scheduling.status).toBe('rejected');
		expect(rejected.approval.status).toBe('rejected_approval');
		expect(rejected.approval.approvers[0]).toMatchObject({
			status: 'reject',
			last_action_note: 'Not yet.',
		});
	});

	it('validates the body with 400 and an errors map', async () => {
		const missing = await act(p.pendingForAlex1, 'full', {});
		expect(missing).toMatchObject({
			status: 400,
			body: { errors: { action: ['The action field is required.'] } },
		});
		const wrong = await act(p.pendingForAlex1, 'full', {
			action: 'maybe',
			comment: 'x'.repeat(1001),
		});
		expect(wrong.body.errors).toEqual({
			action: ['The selected action is invalid.'],
			comment: ['The comment field must not be greater than 1000 characters.'],
		});
	});

	it('answers 404 for an unknown post', async () => {
		expect((await act('ffffffffffffffffffffffff', 'full', { action: 'approve' })).status).toBe(404);
	});
});

describe('simulated changes for the trigger', () => {
	it('create_pending makes posts under review by another user, newest first', async () => {
		const ids = await api.control.simulate({
			action: 'create_pending',
			workspace_id: MAIN,
			created_by_user_id: DEMO.users.lee.id,
			approvers: [DEMO.users.alex.id],
			count: 3,
			text: 'Needs you',
		});
		expect(ids).toHaveLength(3);
		const { body } = await api.get(ws('/posts'), {
			query: { 'status[]': ['under_review'], 'approval_assigned_to[]': [DEMO.users.alex.id] },
		});
		expect(body.total).toBe(6);
		expect(body.data.slice(0, 3).map((each: { id: string }) => each.id)).toEqual(
			[...ids].reverse(),
		);
		expect(body.data[0]).toMatchObject({
			created_by: 'Lee Writer',
			content: { text: 'Needs you #3' },
		});
	});

	it.each([
		['publish', p.scheduled, 'published'],
		['fail', p.scheduled, 'failed'],
		['enter_review', p.draft, 'under_review'],
		['leave_review', p.pendingForAlex2, 'scheduled'],
		['reject', p.pendingForAlex2, 'rejected'],
	] as const)('%s moves the post and bumps updated_at', async (action, id, status) => {
		const before = await post(id);
		await api.control.clock({ advanceSeconds: 60 });
		await api.control.simulate({ action, workspace_id: MAIN, post_id: id });
		const after = await post(id);
		expect(after.scheduling.status).toBe(status);
		expect(after.updated_at > before.updated_at).toBe(true);
	});

	it('publish on fewer accounts makes the post partial', async () => {
		await api.control.simulate({
			action: 'publish',
			workspace_id: MAIN,
			post_id: p.scheduled,
			account_ids: [DEMO.accounts.facebook],
		});
		const partial = await post(p.scheduled);
		expect(partial.scheduling).toMatchObject({
			status: 'partial',
			published_at: expect.any(String),
		});
	});
});
