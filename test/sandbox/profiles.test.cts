// Variant profiles (sandbox/profile.cts): what goes over the wire where the description is silent
// or live deployments differ. The store is the same under every profile; only answers vary.
import { DEMO, MAIN, SECOND, useSandboxApi, ws } from './api.cts';

const api = useSandboxApi();
const a = DEMO.accounts;

/** A wall-clock time in `zone`, days from now (the API's `YYYY-MM-DD HH:MM:SS`). */
const wallClock = (days: number, zone: string) =>
	new Intl.DateTimeFormat('sv-SE', { timeZone: zone, dateStyle: 'short', timeStyle: 'medium' })
		.format(new Date(Date.now() + days * 86400000))
		.replace('T', ' ');

const textPost = (accounts: string[], extra: Record<string, unknown> = {}) => ({
	content: { text: 'Fresh beans are in.' },
	accounts,
	scheduling: { publish_type: 'draft' },
	...extra,
});

const importForm = (url: string) => {
	const data = new FormData();
	data.append('url', url);
	return data;
};

describe('profile: ids', () => {
	it('answers DEMO itself as the IDs under the default profile', async () => {
		expect(await api.control.ids()).toEqual(DEMO);
	});

	it('id: records the description gives an _id answer id instead; posts and workspaces keep theirs', async () => {
		await api.control.profile({ ids: 'id' });
		const first = async (path: string) => (await api.get(ws(path))).body.data[0];
		const keysOf = (record: object) => Object.keys(record).filter((key) => /^_?id$/.test(key));
		expect(await first('/accounts')).toMatchObject({ id: a.facebook, platform: 'facebook' });
		for (const path of ['/accounts', '/labels', '/campaigns', '/media', '/team-members']) {
			expect(keysOf(await first(path))).toEqual(['id']);
		}
		const category = await first('/content-categories');
		expect(keysOf(category)).toEqual(['id']);
		expect(keysOf(category.accounts[0])).toEqual(['id']);
		expect(await first('/team-members')).toMatchObject({ user_id: expect.any(String) });

		const comment = await api.post(ws(`/posts/${DEMO.posts.scheduled}/comments`), {
			comment: 'Looks good',
			mentioned_users: [DEMO.users.maya.id],
		});
		expect(comment.body.data).toMatchObject({
			id: expect.any(String),
			mentioned_users: [{ id: DEMO.users.maya.id, name: 'Maya Approver' }],
			author: { id: DEMO.users.alex.id, name: 'Alex Demo' },
		});
		expect(keysOf(comment.body.data)).toEqual(['id']);
		const listed = await api.get(ws(`/posts/${DEMO.posts.scheduled}/comments`));
		expect(listed.body.data.every((each: object) => keysOf(each).join() === 'id')).toBe(true);

		const media = await api.call('POST', ws('/media'), {
			form: importForm('https://images.example.com/beans.png'),
		});
		expect(keysOf(media.body.data)).toEqual(['id']);

		const bluesky = await api.post(ws('/add/bluesky'), {
			handle: 'barista.bsky.social',
			app_password: 'abcd-efgh-ijkl-mnop',
		});
		expect(bluesky.body.data).toMatchObject({ id: expect.stringMatching(/^\d+$/) });
		expect(bluesky.body.data).not.toHaveProperty('account_id');
		const group = await api.post(ws('/add/facebook-group'), { name: 'Coffee Friends' });
		expect(group.body.data).toMatchObject({ id: expect.stringMatching(/^\d+$/) });
		expect(group.body.data).not.toHaveProperty('account_id');

		const post = (await api.get(ws('/posts'))).body.data[0];
		expect(keysOf(post)).toEqual(['id']);
		const workspace = (await api.get('/api/v1/workspaces')).body.data[0];
		expect(keysOf(workspace)).toEqual(['_id']);
	});

	it('numeric: every account ID is a numeric string, and the control surface says which', async () => {
		await api.control.profile({ ids: 'numeric' });
		const ids = await api.control.ids();
		for (const id of Object.values(ids.accounts)) expect(id).toMatch(/^\d+$/);
		// IDs that were numeric already stay; the others are aliased; everything else is DEMO's.
		expect(ids.accounts.facebook).toBe(a.facebook);
		expect(ids.accounts.youtube).not.toBe(a.youtube);
		expect({ ...ids, accounts: DEMO.accounts }).toEqual(DEMO);

		const accounts = (await api.get(ws('/accounts'), { query: { per_page: 100 } })).body.data;
		expect(accounts.map((each: { _id: string }) => each._id)).toEqual(
			Object.entries(ids.accounts)
				.filter(([name]) => !name.startsWith('second'))
				.map(([, id]) => id),
		);
		const category = (await api.get(ws('/content-categories'))).body.data[0];
		for (const each of category.accounts) expect(each._id).toMatch(/^\d+$/);
	});

	it('numeric: requests carrying the numeric IDs are understood, and answers repeat them', async () => {
		await api.control.profile({ ids: 'numeric' });
		const ids = await api.control.ids();
		const created = await api.post(
			ws('/posts'),
			textPost([ids.accounts.tumblr, ids.accounts.bluesky], {
				first_comment: { message: 'More inside', accounts: [ids.accounts.bluesky] },
			}),
		);
		expect(created.status).toBe(201);
		const post = (await api.get(ws('/posts'))).body.data[0];
		expect(post.id).toBe(created.body.data.id);
		expect(post.accounts).toEqual({
			tumblr: [{ account_id: ids.accounts.tumblr, account_name: 'acmecoffee', platform: 'tumblr' }],
			bluesky: [
				{ account_id: ids.accounts.bluesky, account_name: 'Acme Coffee', platform: 'bluesky' },
			],
		});
		// The request log keeps the body as sent.
		const [logged] = await api.control.requests({ method: 'POST' });
		expect(logged.body).toMatchObject({ accounts: [ids.accounts.tumblr, ids.accounts.bluesky] });

		const removed = await api.call('DELETE', ws(`/posts/${post.id}`), {
			json: { delete_from_social: true, account_ids: [ids.accounts.tumblr] },
		});
		expect(removed.status).toBe(207);
		expect(Object.keys(removed.body.accounts)).toEqual([ids.accounts.tumblr]);

		// Reconnecting finds the account by its numeric ID: it is active, so 422 (not 404).
		const reconnect = await api.call('POST', ws('/connect/youtube'), {
			query: { process: 'reconnect', account_id: ids.accounts.youtube },
		});
		expect(reconnect.status).toBe(422);
		expect(reconnect.body.error_code).toBe('VALIDATION_ERROR');
	});

	it('numeric: the store form of an ID is accepted too', async () => {
		await api.control.profile({ ids: 'numeric' });
		const created = await api.post(ws('/posts'), textPost([a.tumblr]));
		expect(created.status).toBe(201);
	});

	it('numeric: the control surface takes the numeric IDs too (seed, simulate)', async () => {
		await api.control.profile({ ids: 'numeric' });
		const ids = await api.control.ids();
		const [seeded] = await api.control.seed({
			resource: 'posts',
			count: 1,
			template: { account_ids: [ids.accounts.tumblr, ids.accounts.bluesky] },
		});
		await api.control.simulate({
			action: 'publish',
			workspace_id: MAIN,
			post_id: seeded,
			account_ids: [ids.accounts.tumblr],
		});
		const post = (await api.get(ws('/posts'))).body.data[0];
		expect(post.id).toBe(seeded);
		expect(post.scheduling.status).toBe('partial');
		expect(post.accounts.tumblr[0].account_id).toBe(ids.accounts.tumblr);
	});
});

describe('profile: workspaces', () => {
	it('paged: 27 workspaces come 20 to a page, honouring page and per_page', async () => {
		await api.control.seed({ resource: 'workspaces', count: 25 });
		const first = await api.get('/api/v1/workspaces');
		expect(first.body).toMatchObject({ current_page: 1, per_page: 20, total: 27, last_page: 2 });
		expect(first.body.data).toHaveLength(20);
		const second = await api.get('/api/v1/workspaces', { query: { page: 2 } });
		expect(second.body.data).toHaveLength(7);
	});

	it('array: every workspace in one plain array, ignoring page and per_page', async () => {
		await api.control.profile({ workspaces: 'array' });
		await api.control.seed({
			resource: 'workspaces',
			count: 25,
			template: { timezone: 'Asia/Tokyo' },
		});
		const { status, body } = await api.get('/api/v1/workspaces', {
			query: { page: 2, per_page: 5 },
		});
		expect(status).toBe(200);
		expect(Object.keys(body).sort()).toEqual(['data', 'message', 'status']);
		expect(body.data).toHaveLength(27);
		expect(body.data[0]).toEqual({
			_id: MAIN,
			name: 'Acme Coffee',
			slug: 'acme-coffee',
			timezone: 'Europe/Berlin',
		});
		expect(body.data[1].timezone).toBe('America/New_York');
		expect(body.data[26]).toEqual({
			_id: expect.any(String),
			name: 'Seeded workspace 25',
			slug: 'seeded-workspace-25',
			timezone: 'Asia/Tokyo',
		});
	});
});

describe("a workspace's time zone", () => {
	const zoneOf = async (id: string) =>
		(await api.get('/api/v1/workspaces')).body.data.find(
			(each: { _id: string }) => each._id === id,
		);

	it('is set by the control surface, even to an invalid zone, and left out when null', async () => {
		await api.control.workspaceTimezone(SECOND, 'Mars/Olympus_Mons');
		expect((await zoneOf(SECOND)).timezone).toBe('Mars/Olympus_Mons');
		await api.control.workspaceTimezone(SECOND, null);
		expect(await zoneOf(SECOND)).toEqual({
			_id: SECOND,
			name: 'Acme Coffee US',
			slug: 'acme-coffee-us',
		});
		await api.control.workspaceTimezone(MAIN, 'Asia/Tokyo');
		expect((await zoneOf(MAIN)).timezone).toBe('Asia/Tokyo');
		await api.control.reset();
		expect((await zoneOf(MAIN)).timezone).toBe('Europe/Berlin');
	});

	it('is where scheduled_at is read; without a valid one the service reads UTC', async () => {
		await api.control.workspaceTimezone(MAIN, 'Asia/Tokyo');
		const scheduledIn = (zone: string) =>
			textPost([a.facebook], {
				scheduling: { publish_type: 'scheduled', scheduled_at: wallClock(2, zone) },
			});
		expect((await api.post(ws('/posts'), scheduledIn('Asia/Tokyo'))).status).toBe(201);
		expect((await api.get(ws('/posts'))).body.data[0].scheduling.timezone).toBe('Asia/Tokyo');
		await api.control.workspaceTimezone(MAIN, 'Not/AZone');
		expect((await api.post(ws('/posts'), scheduledIn('UTC'))).status).toBe(201);
		expect((await api.get(ws('/posts'))).body.data[0].scheduling.timezone).toBe('UTC');
	});

	it('answers 404 for an unknown workspace', async () => {
		await expect(api.control.workspaceTimezone('ffffffffffffffffffffffff', 'UTC')).rejects.toThrow(
			/404/,
		);
	});
});

describe('profile: /me', () => {
	it('described: _id and full_name', async () => {
		expect((await api.get('/api/v1/me')).body.data).toEqual({
			_id: DEMO.users.alex.id,
			email: 'alex@demo.social',
			full_name: 'Alex Demo',
		});
	});

	it('alternate: id and name', async () => {
		await api.control.profile({ me: 'alternate' });
		expect((await api.get('/api/v1/me')).body.data).toEqual({
			id: DEMO.users.alex.id,
			email: 'alex@demo.social',
			name: 'Alex Demo',
		});
	});
});

describe('profile: create post answers', () => {
	const create = async () => {
		const { status, body } = await api.post(ws('/posts'), textPost([a.facebook]));
		expect(status).toBe(201);
		const [post] = (await api.get(ws('/posts'))).body.data;
		return { body, id: post.id as string };
	};

	it.each([
		['id', (id: string, url: string) => ({ id, post_url: `${url}/posts/${id}` })],
		['_id', (id: string) => ({ _id: id })],
		['post_id', (id: string, url: string) => ({ post_id: id, post_url: `${url}/posts/${id}` })],
		[
			'warning',
			(id: string, url: string) => ({
				id,
				post_url: `${url}/posts/${id}`,
				warning: expect.stringMatching(/\w/),
			}),
		],
	] as const)('%s', async (createPost, data) => {
		await api.control.profile({ createPost });
		const { body, id } = await create();
		expect(body).toEqual({ status: true, message: expect.any(String), data: data(id, api.url) });
	});
});

describe('profile: error bodies', () => {
	it('error: error in place of message, keeping error_code, errors and retry_after', async () => {
		await api.control.profile({ errors: 'error' });
		expect((await api.get('/api/v1/me', { key: null })).body).toEqual({
			status: false,
			error: 'Invalid or revoked API key',
		});
		const invalid = await api.post(ws('/posts'), { content: { text: '' } });
		expect(invalid.status).toBe(400);
		expect(invalid.body).toEqual({
			status: false,
			error: expect.any(String),
			errors: expect.objectContaining({ 'content.text': expect.any(Array) }),
		});
		const connect = await api.call('POST', ws('/connect/facebook'), { query: { process: 'x' } });
		expect(connect.body).toEqual({
			status: false,
			error: expect.any(String),
			error_code: 'VALIDATION_ERROR',
			errors: expect.any(Object),
		});
		expect((await api.get('/api/v1/nowhere')).body).toEqual({
			status: false,
			error: 'Route GET /api/v1/nowhere not found',
		});
		await api.control.fault({ path: '/api/v1/me', status: 500 });
		expect((await api.get('/api/v1/me')).body).toEqual({
			status: false,
			error: 'Sandbox fault: HTTP 500',
		});
		await api.control.rateLimit({ limit: 1, windowSeconds: 60 });
		await api.get('/api/v1/platforms');
		expect((await api.get('/api/v1/platforms')).body).toEqual({
			status: false,
			error: expect.any(String),
			error_code: 'RATE_LIMIT_EXCEEDED',
			retry_after: expect.any(Number),
		});
	});
});

describe('profile setting', () => {
	it('answers 400 for an unknown setting or value, and a reset returns to the start-up profile', async () => {
		await expect(api.control.profile({ ids: 'hex' } as never)).rejects.toThrow(/400/);
		await expect(api.control.profile({ colour: 'blue' } as never)).rejects.toThrow(/400/);
		expect((await api.control.profile({ me: 'alternate' })).me).toBe('alternate');
		await api.control.reset();
		expect((await api.control.profile()).me).toBe('described');
	});
});

describe('profile: when a change is stamped', () => {
	const NOW = '2026-03-02T10:00:00.250Z';
	/** A post published by the service's own job at NOW, then edited through the API, as listed. */
	async function publishedThenCommented() {
		await api.control.clock({ now: NOW, frozen: true });
		await api.control.simulate({
			action: 'publish',
			workspace_id: MAIN,
			post_id: DEMO.posts.scheduled,
		});
		const listed = async () =>
			(await api.get(ws('/posts'), { query: { per_page: 100 } })).body.data.find(
				(each: { id: string }) => each.id === DEMO.posts.scheduled,
			);
		const published = await listed();
		await api.post(ws(`/posts/${DEMO.posts.scheduled}/comments`), { comment: 'Live!' });
		return { published, commented: await listed() };
	}

	it('visible, in milliseconds (the default): when the change happens', async () => {
		const { published, commented } = await publishedThenCommented();
		expect(published.updated_at).toBe(NOW);
		expect(published.scheduling.published_at).toBe(NOW);
		expect(commented.updated_at).toBe(NOW);
	});

	it('early: a job stamps its change 3 s before it is visible; a change through the API when visible', async () => {
		await api.control.profile({ stampTime: 'early' });
		const { published, commented } = await publishedThenCommented();
		expect(published.updated_at).toBe('2026-03-02T09:59:57.250Z');
		expect(published.scheduling.published_at).toBe('2026-03-02T09:59:57.250Z');
		expect(commented.updated_at).toBe(NOW);
	});

	it('seconds: every stamp in whole seconds', async () => {
		await api.control.profile({ stampPrecision: 'seconds' });
		const { published, commented } = await publishedThenCommented();
		expect(published.updated_at).toBe('2026-03-02T10:00:00Z');
		expect(published.scheduling.published_at).toBe('2026-03-02T10:00:00Z');
		expect(commented.updated_at).toBe('2026-03-02T10:00:00Z');
	});
});
