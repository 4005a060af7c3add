import { DEMO, useSandboxApi, ws } from './api.cts';

const api = useSandboxApi();
const p = DEMO.posts;
const a = DEMO.accounts;

const remove = (id: string, json?: unknown) => api.call('DELETE', ws(`/posts/${id}`), { json });
const exists = async (id: string) =>
	(await api.get(ws('/posts'), { query: { per_page: 100 } })).body.data.some(
		(post: { id: string }) => post.id === id,
	);

describe('delete post (4.15)', () => {
	it('removes a post without touching the platforms: 200', async () => {
		const { status, body } = await remove(p.published);
		expect(status).toBe(200);
		expect(body).toEqual({ status: true, message: expect.any(String) });
		expect(await exists(p.published)).toBe(false);
		expect((await api.get(ws(`/posts/${p.published}/comments`))).status).toBe(404);
	});

	it('answers 200 when every account was deleted from its platform', async () => {
		const { status, body } = await remove(p.publishedSimple, { delete_from_social: true });
		expect(status).toBe(200);
		expect(body).toEqual({ status: true, message: expect.any(String) });
		expect(await exists(p.publishedSimple)).toBe(false);
	});

	it('answers 207 with per-account results when outcomes are mixed', async () => {
		const { status, body } = await remove(p.published, { delete_from_social: true });
		expect(status).toBe(207);
		expect(body).toEqual({
			status: true,
			message: expect.any(String),
			post_id: p.published,
			post_status: 'deleted',
			accounts: {
				[a.facebook]: {
					platform: 'facebook',
					name: 'Acme Coffee',
					status: 'deleted',
					reason: null,
					post_url: expect.stringContaining('https://'),
				},
				[a.instagram]: {
					platform: 'instagram',
					name: 'acme.coffee',
					status: 'not_supported',
					reason: expect.any(String),
					post_url: expect.any(String),
				},
				[a.linkedin]: {
					platform: 'linkedin',
					name: 'Acme Coffee Co.',
					status: 'deleted',
					reason: null,
					post_url: expect.any(String),
				},
			},
		});
		expect(await exists(p.published)).toBe(false);
	});

	it('reports not_published for accounts the post never went out on, not_supported for tiktok and facebook groups', async () => {
		const created = await api.post(ws('/posts'), {
			content: { text: 'Everywhere' },
			accounts: [a.facebook, a.facebookGroup, a.tiktok, a.twitter],
			scheduling: { publish_type: 'draft' },
			tiktok_options: { privacy_level: 'PUBLIC_TO_EVERYONE' },
		});
		const id = created.body.data.id;
		const { status, body } = await remove(id, { delete_from_social: true });
		expect(status).toBe(207);
		const statuses = Object.fromEntries(
			Object.entries(body.accounts as Record<string, { status: string; platform: string }>).map(
				([key, value]) => [key, [value.platform, value.status]],
			),
		);
		expect(statuses).toEqual({
			[a.facebook]: ['facebook', 'not_published'],
			[a.facebookGroup]: ['facebook-group', 'not_supported'],
			[a.tiktok]: ['tiktok', 'not_supported'],
			[a.twitter]: ['twitter', 'not_published'],
		});
	});

	it('limits the platform deletion to account_ids', async () => {
		const { status } = await remove(p.published, {
			delete_from_social: true,
			account_ids: [a.facebook, a.linkedin],
		});
		expect(status).toBe(200);
		const partial = await remove(p.partial, { delete_from_social: true, account_ids: [a.gmb] });
		expect(partial.status).toBe(207);
		expect(Object.keys(partial.body.accounts)).toEqual([a.gmb]);
		expect(partial.body.accounts[a.gmb].status).toBe('not_published');
	});

	it('answers 422 VALIDATION_ERROR for account_ids not on the post or a malformed body', async () => {
		const stranger = await remove(p.published, {
			delete_from_social: true,
			account_ids: [a.twitter],
		});
		expect(stranger.status).toBe(422);
		expect(stranger.body).toMatchObject({
			status: false,
			error_code: 'VALIDATION_ERROR',
			errors: { 'account_ids.0': [expect.any(String)] },
		});
		const malformed = await remove(p.published, { delete_from_social: 'yes', account_ids: 'all' });
		expect(malformed.status).toBe(422);
		expect(malformed.body).toEqual({
			status: false,
			message: expect.any(String),
			error_code: 'VALIDATION_ERROR',
			errors: {
				delete_from_social: ['The delete_from_social field must be true or false.'],
				account_ids: ['The account_ids field must be an array.'],
			},
		});
		expect(await exists(p.published)).toBe(true);
	});

	it('answers 404 for an unknown post or one of another workspace', async () => {
		expect((await remove('ffffffffffffffffffffffff')).status).toBe(404);
		expect((await remove(p.secondScheduled)).status).toBe(404);
	});
});
