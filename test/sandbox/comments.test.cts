import { DEMO, useSandboxApi, ws } from './api.cts';

const api = useSandboxApi();
const postId = DEMO.posts.pendingForAlex1;

describe('comments (4.17, 4.18)', () => {
	it('lists a post comments oldest first, with author and mentions', async () => {
		const { status, body } = await api.get(ws(`/posts/${postId}/comments`));
		expect(status).toBe(200);
		expect(body.data.map((each: { comment: string }) => each.comment)).toEqual([
			'Draft is ready, @Alex Demo can you take a look?',
			'Looking now.',
			'Internal: legal cleared the claim.',
		]);
		expect(body.data[0]).toEqual({
			_id: expect.any(String),
			comment: expect.any(String),
			is_note: false,
			mentioned_users: [{ _id: DEMO.users.alex.id, name: 'Alex Demo' }],
			author: {
				_id: DEMO.users.maya.id,
				name: 'Maya Approver',
				profile_picture: expect.any(String),
			},
			created_at: expect.any(String),
			updated_at: expect.any(String),
		});
		expect(body.data[2].is_note).toBe(true);
		expect(body).toMatchObject({ total: 3, per_page: 20, last_page: 1 });
	});

	it('adds a comment by the caller, listed last', async () => {
		const created = await api.post(
			ws(`/posts/${postId}/comments`),
			{ comment: 'Approved from n8n', is_note: true, mentioned_users: [DEMO.users.maya.id] },
			{ key: 'workspace' },
		);
		expect(created.status).toBe(201);
		expect(created.body.data).toMatchObject({
			comment: 'Approved from n8n',
			is_note: true,
			mentioned_users: [{ _id: DEMO.users.maya.id, name: 'Maya Approver' }],
			author: { _id: DEMO.users.maya.id, name: 'Maya Approver' },
		});
		const { body } = await api.get(ws(`/posts/${postId}/comments`));
		expect(body.data.at(-1)._id).toBe(created.body.data._id);
	});

	it('answers an empty list for a post without comments', async () => {
		const { body } = await api.get(ws(`/posts/${DEMO.posts.draft}/comments`));
		expect(body).toMatchObject({ data: [], total: 0, from: null, to: null, last_page: 1 });
	});

	it('validates with 400 and an errors map', async () => {
		const empty = await api.post(ws(`/posts/${postId}/comments`), { comment: '' });
		expect(empty).toMatchObject({
			status: 400,
			body: { status: false, errors: { comment: ['The comment field is required.'] } },
		});
		const wrong = await api.post(ws(`/posts/${postId}/comments`), {
			comment: 'hi',
			is_note: 'yes',
			mentioned_users: ['nobody'],
		});
		expect(wrong.body.errors).toEqual({ is_note: ['The is_note field must be true or false.'] });
		const stranger = await api.post(ws(`/posts/${postId}/comments`), {
			comment: 'hi',
			mentioned_users: ['nobody'],
		});
		expect(stranger.body.errors).toEqual({
			'mentioned_users.0': ['The mentioned_users.0 must be a team member of the workspace.'],
		});
	});

	it('answers 404 for an unknown post', async () => {
		expect((await api.get(ws('/posts/ffffffffffffffffffffffff/comments'))).status).toBe(404);
		expect(
			(await api.post(ws('/posts/ffffffffffffffffffffffff/comments'), { comment: 'hi' })).body,
		).toEqual({ status: false, message: 'Post not found' });
	});
});
