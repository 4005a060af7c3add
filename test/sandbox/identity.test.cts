import { DEMO, MAIN, SECOND, useSandboxApi, ws } from './api.cts';

const api = useSandboxApi();

describe('identity and workspaces', () => {
	it('answers /me with the key owner', async () => {
		const { status, body } = await api.get('/api/v1/me');
		expect(status).toBe(200);
		expect(body).toEqual({
			status: true,
			message: expect.any(String),
			data: { _id: DEMO.users.alex.id, email: DEMO.users.alex.email, full_name: 'Alex Demo' },
		});
	});

	it('lists only the workspaces a key reaches, paginated', async () => {
		const full = await api.get('/api/v1/workspaces');
		expect(full.body.data).toEqual([
			{
				_id: MAIN,
				name: DEMO.workspaces.main.name,
				slug: 'acme-coffee',
				timezone: 'Europe/Berlin',
			},
			{
				_id: SECOND,
				name: DEMO.workspaces.second.name,
				slug: 'acme-coffee-us',
				timezone: 'America/New_York',
			},
		]);
		expect(full.body).toMatchObject({
			current_page: 1,
			per_page: 20,
			total: 2,
			last_page: 1,
			from: 1,
			to: 2,
		});
		const one = await api.get('/api/v1/workspaces', { key: 'workspace' });
		expect(one.body.data.map((each: { _id: string }) => each._id)).toEqual([MAIN]);
	});

	it('lists the connectable platforms with how each connects', async () => {
		const { status, body } = await api.get('/api/v1/platforms');
		expect(status).toBe(200);
		const byPlatform = Object.fromEntries(
			body.data.map((entry: { platform: string }) => [entry.platform, entry]),
		);
		expect(byPlatform.bluesky).toMatchObject({
			connection_method: 'credentials',
			required_fields: { handle: expect.any(String), app_password: expect.any(String) },
		});
		expect(byPlatform['facebook-group']).toMatchObject({
			connection_method: 'manual',
			endpoint: expect.stringContaining('/add/facebook-group'),
		});
		expect(byPlatform.linkedin).toMatchObject({
			connection_method: 'oauth',
			required_fields: null,
			has_account_selection: true,
		});
		for (const entry of body.data) {
			expect(Object.keys(entry).sort()).toEqual([
				'account_types',
				'connection_method',
				'description',
				'display_name',
				'endpoint',
				'has_account_selection',
				'platform',
				'required_fields',
			]);
		}
	});

	it('lists the facebook text backgrounds of every type', async () => {
		const { body } = await api.get('/api/v1/facebook/text-backgrounds');
		expect(new Set(body.data.map((each: { type: string }) => each.type))).toEqual(
			new Set(['solid', 'gradient', 'image']),
		);
		expect(body.data.find((each: { type: string }) => each.type === 'image').background_color).toBe(
			'',
		);
		expect(body.data.map((each: { id: string }) => each.id)).toContain(DEMO.textBackgrounds.sunset);
	});
});

describe('authentication (section 5)', () => {
	it.each([
		['missing', null],
		['unknown', 'not-a-key'],
		['revoked', DEMO.keys.revoked],
	])('answers 401 for a %s key', async (_case, key) => {
		const { status, body } = await api.get('/api/v1/me', { key });
		expect(status).toBe(401);
		expect(body).toEqual({ status: false, message: 'Invalid or revoked API key' });
	});

	it('answers 403 everywhere for a key without API access', async () => {
		for (const path of ['/api/v1/me', '/api/v1/workspaces', ws('/posts'), '/api/v1/platforms']) {
			const { status, body } = await api.get(path, { key: 'noApi' });
			expect(status).toBe(403);
			expect(body.status).toBe(false);
		}
	});

	it('answers 404 for a workspace that does not exist', async () => {
		for (const path of ['/accounts', '/labels', '/posts', '/media', '/team-members']) {
			const { status } = await api.get(ws(path, 'ffffffffffffffffffffffff'));
			expect(status).toBe(404);
		}
	});

	it.each([
		['/accounts', 404, 'Workspace not found or access denied'],
		['/content-categories', 404, 'Workspace not found or access denied'],
		['/posts', 404, 'Workspace not found or access denied'],
		[`/posts/${DEMO.posts.secondScheduled}/comments`, 404, 'Workspace not found or access denied'],
		['/labels', 403, 'Access denied to workspace'],
		['/campaigns', 403, 'Access denied to workspace'],
		['/media', 403, 'Access denied to workspace'],
		['/team-members', 403, 'Access denied to workspace'],
	])('answers a workspace the key cannot reach on %s with %i', async (path, status, message) => {
		const answer = await api.get(ws(path, SECOND), { key: 'workspace' });
		expect(answer.status).toBe(status);
		expect(answer.body).toEqual({ status: false, message });
	});
});
