import { DEMO, SECOND, useSandboxApi, ws } from './api.cts';

const api = useSandboxApi();

const connect = (
	platform: string,
	query: Record<string, string>,
	key: 'full' | 'viewer' | 'workspace' = 'full',
	workspaceId?: string,
) => api.call('POST', ws(`/connect/${platform}`, workspaceId), { query, key });

const accountIds = async (workspaceId?: string) =>
	(await api.get(ws('/accounts', workspaceId), { query: { per_page: 100 } })).body.data.map(
		(each: { _id: string }) => each._id,
	);

describe('connect (4.6)', () => {
	it('creates a connect session with a single-use authorization URL that expires in 15 minutes', async () => {
		const now = await api.control.clock({ frozen: true });
		const { status, body } = await connect('linkedin', { process: 'connect' });
		expect(status).toBe(200);
		expect(body.data).toEqual({
			authorization_url: `${api.url}/oauth/authorize?session=${body.data.session_id}`,
			session_id: expect.any(String),
			platform: 'linkedin',
			process: 'connect',
			expires_at: new Date(Date.parse(now) + 15 * 60000).toISOString(),
			next_steps: expect.arrayContaining([expect.any(String)]),
			security: { expires_in_minutes: 15, single_use: true, warning: expect.any(String) },
		});
		const before = await accountIds();
		expect((await fetch(body.data.authorization_url)).status).toBe(200);
		expect(await accountIds()).toHaveLength(before.length + 1);
		expect((await fetch(body.data.authorization_url)).status).toBe(410);
	});

	it('answers an unknown session on the authorization page with 404', async () => {
		expect((await fetch(`${api.url}/oauth/authorize?session=nope`)).status).toBe(404);
	});

	it('lets an authorization URL expire', async () => {
		const { body } = await connect('youtube', { process: 'connect' });
		await api.control.clock({ advanceSeconds: 15 * 60 + 1 });
		expect((await fetch(body.data.authorization_url)).status).toBe(410);
	});

	it('reconnects an expired account, naming it', async () => {
		const { status, body } = await connect('linkedin', {
			process: 'reconnect',
			account_id: DEMO.accounts.expiredLinkedin,
		});
		expect(status).toBe(200);
		expect(body.data).toMatchObject({ process: 'reconnect', account_name: 'Alex Demo' });
		await fetch(body.data.authorization_url);
		const { body: list } = await api.get(ws('/accounts'), { query: { platform: 'linkedin' } });
		expect(
			list.data.find((each: { _id: string }) => each._id === DEMO.accounts.expiredLinkedin).status,
		).toBe('active');
	});

	it('answers 404 ACCOUNT_NOT_FOUND for an account not in the workspace or not of that platform', async () => {
		for (const [platform, accountId] of [
			['linkedin', 'nope'],
			['twitter', DEMO.accounts.expiredLinkedin],
			['facebook', DEMO.accounts.secondFacebook],
		]) {
			const { status, body } = await connect(platform, {
				process: 'reconnect',
				account_id: accountId,
			});
			expect(status).toBe(404);
			expect(body).toEqual({
				status: false,
				message: expect.any(String),
				error_code: 'ACCOUNT_NOT_FOUND',
			});
		}
	});

	it.each([
		[
			'an active account',
			'linkedin',
			{ process: 'reconnect', account_id: DEMO.accounts.linkedin },
			'account_id',
		],
		['reconnect without account_id', 'linkedin', { process: 'reconnect' }, 'account_id'],
		['no process', 'linkedin', {}, 'process'],
		['an unknown process', 'linkedin', { process: 'refresh' }, 'process'],
		['an unknown platform', 'myspace', { process: 'connect' }, 'platform'],
		['bluesky (wrong endpoint)', 'bluesky', { process: 'connect' }, 'platform'],
		['facebook-group (wrong endpoint)', 'facebook-group', { process: 'connect' }, 'platform'],
	])('answers 422 VALIDATION_ERROR for %s', async (_case, platform, query, field) => {
		const { status, body } = await connect(platform, query);
		expect(status).toBe(422);
		expect(body).toMatchObject({
			status: false,
			message: expect.any(String),
			error_code: 'VALIDATION_ERROR',
		});
		expect(Object.keys(body.errors)).toEqual([field]);
	});

	it('answers 403 INSUFFICIENT_PERMISSIONS to a role that may not connect', async () => {
		const { status, body } = await connect('facebook', { process: 'connect' }, 'viewer');
		expect(status).toBe(403);
		expect(body.error_code).toBe('INSUFFICIENT_PERMISSIONS');
	});

	it('answers 403 ACCOUNT_LIMIT_REACHED when the workspace is at its cap', async () => {
		const { status, body } = await connect('facebook', { process: 'connect' }, 'full', SECOND);
		expect(status).toBe(403);
		expect(body.error_code).toBe('ACCOUNT_LIMIT_REACHED');
	});
});

describe('add bluesky (4.3)', () => {
	const add = (body: unknown, key: 'full' | 'viewer' = 'full', workspaceId?: string) =>
		api.post(ws('/add/bluesky', workspaceId), body, { key });
	const appPassword = 'abcd-efgh-ijkl-mnop';

	it('connects without a browser step', async () => {
		const { status, body } = await add({
			handle: '@Barista.bsky.social',
			app_password: appPassword,
		});
		expect(status).toBe(200);
		expect(body.data).toEqual({
			account_id: expect.any(String),
			platform: 'bluesky',
			account_name: 'barista',
			handle: 'barista.bsky.social',
			profile_picture: null,
			status: 'active',
			connected_at: expect.any(String),
		});
		expect(await accountIds()).toContain(body.data.account_id);
	});

	it.each([
		[
			'a malformed app password',
			{ handle: 'barista.bsky.social', app_password: 'my-real-password' },
		],
		['a handle that does not exist', { handle: 'ghost.invalid', app_password: appPassword }],
	])('answers 401 INVALID_CREDENTIALS with help for %s', async (_case, body) => {
		const answer = await add(body);
		expect(answer.status).toBe(401);
		expect(answer.body).toEqual({
			status: false,
			message: expect.any(String),
			error_code: 'INVALID_CREDENTIALS',
			help: {
				handle_format: expect.any(String),
				app_password_steps: expect.arrayContaining([expect.any(String)]),
			},
		});
	});

	it('answers 409 DUPLICATE_ACCOUNT for a handle already connected', async () => {
		const { status, body } = await add({
			handle: 'acmecoffee.bsky.social',
			app_password: appPassword,
		});
		expect(status).toBe(409);
		expect(body.error_code).toBe('DUPLICATE_ACCOUNT');
	});

	it('answers 422 VALIDATION_ERROR for missing or too long fields', async () => {
		const missing = await add({});
		expect(missing.status).toBe(422);
		expect(missing.body).toMatchObject({
			error_code: 'VALIDATION_ERROR',
			errors: {
				handle: ['The handle field is required.'],
				app_password: ['The app_password field is required.'],
			},
		});
		const long = await add({ handle: `${'x'.repeat(250)}.bsky.social`, app_password: appPassword });
		expect(long.body.errors).toEqual({
			handle: ['The handle field must not be greater than 255 characters.'],
		});
	});

	it('answers 403 for the viewer and at the cap', async () => {
		expect(
			(await add({ handle: 'x.bsky.social', app_password: appPassword }, 'viewer')).body.error_code,
		).toBe('INSUFFICIENT_PERMISSIONS');
		expect(
			(await add({ handle: 'x.bsky.social', app_password: appPassword }, 'full', SECOND)).body
				.error_code,
		).toBe('ACCOUNT_LIMIT_REACHED');
		await api.control.accountCap(SECOND, null);
		expect(
			(await add({ handle: 'x.bsky.social', app_password: appPassword }, 'full', SECOND)).status,
		).toBe(200);
	});
});

describe('add facebook group (4.4)', () => {
	const add = (body: unknown, key: 'full' | 'viewer' = 'full', workspaceId?: string) =>
		api.post(ws('/add/facebook-group', workspaceId), body, { key });

	it('adds a group as a facebook account of type group', async () => {
		const { status, body } = await add({
			name: 'Berlin Coffee Nerds',
			image: 'https://cdn.example.com/group.png',
		});
		expect(status).toBe(200);
		expect(body.data).toEqual({
			account_id: expect.any(String),
			platform: 'facebook',
			account_type: 'group',
			account_name: 'Berlin Coffee Nerds',
			profile_picture: 'https://cdn.example.com/group.png',
			status: 'active',
			connected_at: expect.any(String),
		});
	});

	it('answers 409 DUPLICATE_ACCOUNT for a group name already in the workspace', async () => {
		const { status, body } = await add({ name: 'acme coffee lovers' });
		expect(status).toBe(409);
		expect(body.error_code).toBe('DUPLICATE_ACCOUNT');
	});

	it.each([
		[{}, 'name', 'The name field is required.'],
		[{ name: 'ab' }, 'name', 'The name field must be at least 3 characters.'],
		[{ name: 'x'.repeat(256) }, 'name', 'The name field must not be greater than 255 characters.'],
		[{ name: 'Group', image: 'not a url' }, 'image', 'The image field must be a valid URL.'],
	])('answers 422 VALIDATION_ERROR for %j', async (body, field, message) => {
		const answer = await add(body);
		expect(answer.status).toBe(422);
		expect(answer.body).toMatchObject({
			error_code: 'VALIDATION_ERROR',
			errors: { [field]: [message] },
		});
	});

	it('answers 403 INSUFFICIENT_PERMISSIONS and ACCOUNT_LIMIT_REACHED', async () => {
		expect((await add({ name: 'Group' }, 'viewer')).body).toMatchObject({
			status: false,
			error_code: 'INSUFFICIENT_PERMISSIONS',
		});
		expect((await add({ name: 'Group' }, 'full', SECOND)).body).toMatchObject({
			status: false,
			error_code: 'ACCOUNT_LIMIT_REACHED',
		});
	});

	it('answers 403 for a workspace the key cannot reach', async () => {
		const { status, body } = await api.post(
			ws('/add/facebook-group', SECOND),
			{ name: 'Group' },
			{ key: 'workspace' },
		);
		expect(status).toBe(403);
		expect(body).toEqual({ status: false, message: 'Access denied to workspace' });
	});
});
