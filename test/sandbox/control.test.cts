import { DEMO, MAIN, SECOND, useSandboxApi, ws } from './api.cts';

const api = useSandboxApi();

describe('request log', () => {
	it('records method, path, parsed query, body, status, the key by name only, the time, and the IDs a posts list held', async () => {
		const at = await api.control.clock({ frozen: true });
		const list = await api.get(ws('/posts'), {
			query: { 'status[]': ['draft', 'scheduled'], per_page: 5 },
		});
		// The IDs as answered, in their order: in a list drawn anew no later request shows them.
		const listed = (list.body.data as Array<{ _id?: string; id?: string }>).map(
			(post) => post._id ?? post.id,
		);
		expect([...listed].sort()).toEqual([DEMO.posts.draft, DEMO.posts.scheduled]);
		await api.post(ws('/posts'), { content: { text: '' } }, { key: 'workspace' });
		await api.get('/api/v1/me', { key: null });
		await api.get('/api/v1/me', { key: 'secret-looking-value' });
		const info = await api.control.info();
		expect(info.keys.map((key) => key.name)).toEqual(Object.keys(DEMO.keys));
		const log = await api.control.requests();
		expect(log).toEqual([
			{
				seq: 1,
				arrived: 1,
				method: 'GET',
				path: ws('/posts'),
				query: { 'status[]': ['draft', 'scheduled'], per_page: '5' },
				body: null,
				status: 200,
				key: 'full',
				at,
				listed,
			},
			{
				seq: 2,
				arrived: 2,
				method: 'POST',
				path: ws('/posts'),
				query: {},
				body: { content: { text: '' } },
				status: 400,
				key: 'workspace',
				at,
			},
			{
				seq: 3,
				arrived: 3,
				method: 'GET',
				path: '/api/v1/me',
				query: {},
				body: null,
				status: 401,
				key: null,
				at,
			},
			{
				seq: 4,
				arrived: 4,
				method: 'GET',
				path: '/api/v1/me',
				query: {},
				body: null,
				status: 401,
				key: 'unknown',
				at,
			},
		]);
		expect(JSON.stringify(log)).not.toContain(DEMO.keys.full);
		expect(JSON.stringify(log)).not.toContain('secret-looking-value');
	});

	it('filters by method, path prefix and key, and clears', async () => {
		await api.get(ws('/labels'));
		await api.get(ws('/campaigns'), { key: 'workspace' });
		await api.get('/api/v1/me');
		expect(
			(await api.control.requests({ path: `${ws('')}/*` })).map((entry) => entry.path),
		).toEqual([ws('/labels'), ws('/campaigns')]);
		expect((await api.control.requests({ key: 'workspace' })).map((entry) => entry.path)).toEqual([
			ws('/campaigns'),
		]);
		expect(await api.control.requests({ method: 'post' })).toEqual([]);
		await api.control.clearRequests();
		expect(await api.control.requests()).toEqual([]);
	});
});

describe('rate limit', () => {
	it('answers 429 with retry_after, Retry-After and X-RateLimit headers, counted per key', async () => {
		await api.control.rateLimit({ limit: 2, windowSeconds: 30 });
		const first = await api.get('/api/v1/me');
		expect(first.headers.get('x-ratelimit-limit')).toBe('2');
		expect(first.headers.get('x-ratelimit-remaining')).toBe('1');
		await api.get('/api/v1/me');
		const limited = await api.get('/api/v1/me');
		expect(limited.status).toBe(429);
		expect(limited.body).toEqual({
			status: false,
			message: expect.any(String),
			error_code: 'RATE_LIMIT_EXCEEDED',
			retry_after: expect.any(Number),
		});
		expect(limited.body.retry_after).toBeGreaterThanOrEqual(1);
		expect(limited.body.retry_after).toBeLessThanOrEqual(30);
		expect(limited.headers.get('retry-after')).toBe(String(limited.body.retry_after));
		expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
		expect((await api.get('/api/v1/me', { key: 'workspace' })).status).toBe(200);
		expect((await api.control.requests()).map((entry) => entry.status)).toEqual([
			200, 200, 429, 200,
		]);
	});

	it('with headers: false, only the 429 body tells: retry_after, the seconds left in the window', async () => {
		await api.control.rateLimit({ limit: 2, windowSeconds: 30, headers: false });
		const answers = [
			await api.get('/api/v1/me'),
			await api.get('/api/v1/me'),
			await api.get('/api/v1/me'),
		];
		expect(answers.map((answer) => answer.status)).toEqual([200, 200, 429]);
		for (const answer of answers) {
			expect(answer.headers.get('x-ratelimit-limit')).toBeNull();
			expect(answer.headers.get('x-ratelimit-remaining')).toBeNull();
			expect(answer.headers.get('retry-after')).toBeNull();
		}
		// Three requests on this machine take well under a second of the 30 s window.
		expect(answers[2].body).toEqual({
			status: false,
			message: expect.any(String),
			error_code: 'RATE_LIMIT_EXCEEDED',
			retry_after: 30,
		});
		expect((await api.get('/api/v1/me', { key: 'workspace' })).status).toBe(200);
	});

	it('opens a new window when the old one ends', async () => {
		await api.control.rateLimit({ limit: 1, windowSeconds: 1 });
		await api.get('/api/v1/me');
		expect((await api.get('/api/v1/me')).status).toBe(429);
		await new Promise((resolve) => setTimeout(resolve, 1100));
		expect((await api.get('/api/v1/me')).status).toBe(200);
	});

	it('sends no rate-limit headers without a limit; reset restores the starting limit or sets one', async () => {
		expect((await api.get('/api/v1/me')).headers.get('x-ratelimit-limit')).toBeNull();
		await api.control.rateLimit({ limit: 1, windowSeconds: 60 });
		await api.control.reset();
		expect((await api.get('/api/v1/me')).headers.get('x-ratelimit-limit')).toBeNull();
		await api.control.reset({ rateLimit: { limit: 5, windowSeconds: 60 } });
		expect((await api.get('/api/v1/me')).headers.get('x-ratelimit-limit')).toBe('5');
	});
});

describe('faults', () => {
	it('answers the next N requests to a path with a status, body and headers, then recovers', async () => {
		await api.control.fault({
			path: '/api/v1/me',
			times: 2,
			status: 503,
			body: { status: false, message: 'Maintenance' },
			headers: { 'retry-after': '7' },
		});
		for (let i = 0; i < 2; i++) {
			const answer = await api.get('/api/v1/me');
			expect(answer).toMatchObject({
				status: 503,
				body: { status: false, message: 'Maintenance' },
			});
			expect(answer.headers.get('retry-after')).toBe('7');
		}
		expect((await api.get('/api/v1/me')).status).toBe(200);
		expect((await api.control.requests()).map((entry) => entry.status)).toEqual([503, 503, 200]);
	});

	it('matches a path prefix ending in * and only the given method', async () => {
		await api.control.fault({ method: 'POST', path: `${ws('/posts')}*`, status: 500 });
		expect((await api.get(ws('/posts'))).status).toBe(200);
		const failed = await api.post(ws(`/posts/${DEMO.posts.pendingForAlex1}/comments`), {
			comment: 'hi',
		});
		expect(failed).toMatchObject({
			status: 500,
			body: { status: false, message: expect.any(String) },
		});
	});

	it('answers before authentication, so any key sees the fault', async () => {
		await api.control.fault({ path: '/api/v1/me', status: 502 });
		expect((await api.get('/api/v1/me', { key: null })).status).toBe(502);
	});

	it('answers an HTML page with 200', async () => {
		await api.control.fault({ path: '/api/v1/workspaces', html: true });
		const answer = await api.get('/api/v1/workspaces');
		expect(answer.status).toBe(200);
		expect(answer.headers.get('content-type')).toContain('text/html');
		expect(answer.body).toMatch(/^<!DOCTYPE html>/);
	});

	it('drops the connection without an answer, and logs it with status null', async () => {
		await api.control.fault({ path: '/api/v1/me', drop: true });
		await expect(
			fetch(`${api.url}/api/v1/me`, { headers: { 'x-api-key': DEMO.keys.full } }),
		).rejects.toThrow();
		expect((await api.get('/api/v1/me')).status).toBe(200);
		expect((await api.control.requests()).map((entry) => entry.status)).toEqual([null, 200]);
	});

	it('delays an answer: a request sent after it is answered first', async () => {
		await api.control.fault({ path: '/api/v1/me', delayMs: 1000 });
		const answered: string[] = [];
		const delayed = api.get('/api/v1/me').then((answer) => {
			answered.push('/me');
			return answer;
		});
		expect((await api.get('/api/v1/platforms')).status).toBe(200);
		answered.push('/platforms');
		expect((await delayed).status).toBe(200);
		expect(answered).toEqual(['/platforms', '/me']);
	});

	it('logs the order requests came in beside the order of answers: a delayed one came first', async () => {
		await api.control.fault({ path: '/api/v1/me', delayMs: 1000 });
		const delayed = api.get('/api/v1/me');
		// Sent once the delayed one is in: bounded by count, not time.
		for (let tries = 0; tries < 200 && (await api.control.concurrency()).now < 1; tries++);
		expect((await api.control.concurrency()).now).toBe(1);
		expect((await api.get('/api/v1/platforms')).status).toBe(200);
		expect((await delayed).status).toBe(200);
		const log = (await api.control.requests()).map(({ path, seq, arrived }) => ({
			path,
			seq,
			arrived,
		}));
		expect(log).toEqual([
			{ path: '/api/v1/platforms', seq: 1, arrived: 2 },
			{ path: '/api/v1/me', seq: 2, arrived: 1 },
		]);
	});

	it('adds latency to every API answer, not to the control surface', async () => {
		await api.control.latency(2000);
		const waiting = [api.get('/api/v1/me'), api.get('/api/v1/platforms')];
		// The control surface answers while both API requests wait out the latency: none is logged.
		expect(await api.control.requests()).toEqual([]);
		expect((await Promise.all(waiting)).map((answer) => answer.status)).toEqual([200, 200]);
		expect((await api.control.requests()).map((entry) => entry.path).sort()).toEqual([
			'/api/v1/me',
			'/api/v1/platforms',
		]);
		await api.control.latency(0);
	});

	it('are cleared by reset', async () => {
		await api.control.fault({ path: '/api/v1/me', status: 500, times: 5 });
		await api.control.reset();
		expect((await api.get('/api/v1/me')).status).toBe(200);
	});
});

describe('credits', () => {
	it('consumes one per workspace call and answers 403 CREDITS_EXHAUSTED at zero', async () => {
		await api.control.credits(2);
		expect((await api.get(ws('/labels'))).status).toBe(200);
		expect((await api.get('/api/v1/me')).status).toBe(200);
		expect((await api.get(ws('/posts'))).status).toBe(200);
		const exhausted = await api.get(ws('/posts'));
		expect(exhausted.status).toBe(403);
		expect(exhausted.body).toEqual({
			status: false,
			message: expect.stringMatching(/^API credits exhausted/),
			error_code: 'CREDITS_EXHAUSTED',
		});
		expect((await api.get('/api/v1/workspaces')).status).toBe(200);
		await api.control.credits(null);
		expect((await api.get(ws('/posts'))).status).toBe(200);
	});
});

describe('clock', () => {
	// Times relative to now, so that they stay in the future (the sandbox refuses past schedules).
	const year = new Date().getUTCFullYear() + 4;

	it('sets, freezes and advances the time used for timestamps', async () => {
		const at = `${year}-05-01T10:00:00.000Z`;
		expect(await api.control.clock({ now: at, frozen: true })).toBe(at);
		const created = await api.post(ws('/posts'), {
			content: { text: 'Frozen' },
			accounts: [DEMO.accounts.facebook],
			scheduling: { publish_type: 'draft' },
		});
		const listed = (await api.get(ws('/posts'))).body.data[0];
		expect(listed).toMatchObject({ id: created.body.data.id, created_at: at, updated_at: at });
		expect(await api.control.clock({ advanceSeconds: 90 })).toBe(`${year}-05-01T10:01:30.000Z`);
	});

	it.each([-600, 600])(
		'runs %i seconds off the real clock: record times and the Date header follow it',
		async (offsetSeconds) => {
			const before = Date.now();
			await api.control.clock({ offsetSeconds });
			const created = await api.post(ws('/posts'), {
				content: { text: 'Off the real clock' },
				accounts: [DEMO.accounts.facebook],
				scheduling: { publish_type: 'draft' },
			});
			const after = Date.now();
			const listed = (await api.get(ws('/posts'))).body.data.find(
				(post: { id: string }) => post.id === created.body.data.id,
			);
			const offset = offsetSeconds * 1000;
			const createdAt = Date.parse(listed.created_at);
			expect(createdAt).toBeGreaterThanOrEqual(before + offset);
			expect(createdAt).toBeLessThanOrEqual(after + offset);
			// The header counts whole seconds.
			const date = Date.parse(created.headers.get('date') ?? '');
			expect(date).toBeGreaterThanOrEqual(before + offset - 1000);
			expect(date).toBeLessThanOrEqual(after + offset);
		},
	);

	it('answers without a Date header when told to, until a reset', async () => {
		await api.control.clock({ dateHeader: false });
		expect((await api.get(ws('/posts'))).headers.get('date')).toBeNull();
		await api.control.reset();
		expect((await api.get(ws('/posts'))).headers.get('date')).not.toBeNull();
	});

	it('judges scheduled_at against the sandbox clock', async () => {
		await api.control.clock({ now: `${year + 10}-01-01T00:00:00.000Z`, frozen: true });
		const late = await api.post(ws('/posts'), {
			content: { text: 'x' },
			accounts: [DEMO.accounts.facebook],
			scheduling: { publish_type: 'scheduled', scheduled_at: `${year + 9}-12-31 23:59:00` },
		});
		expect(late.status).toBe(400);
		const soon = await api.post(ws('/posts'), {
			content: { text: 'x' },
			accounts: [DEMO.accounts.facebook],
			scheduling: { publish_type: 'scheduled', scheduled_at: `${year + 10}-01-01 01:30:00` },
		});
		expect(soon.status).toBe(201);
	});
});

describe('seed', () => {
	it.each([
		['accounts', '/accounts', MAIN],
		['labels', '/labels', MAIN],
		['campaigns', '/campaigns', MAIN],
		['content_categories', '/content-categories', MAIN],
		['team_members', '/team-members', MAIN],
		['media', '/media', SECOND],
		['posts', '/posts', SECOND],
	] as const)('bulk-creates %s', async (resource, path, workspaceId) => {
		const before = (await api.get(ws(path, workspaceId))).body.total;
		const ids = await api.control.seed({ workspace_id: workspaceId, resource, count: 105 });
		expect(new Set(ids).size).toBe(105);
		expect((await api.get(ws(path, workspaceId))).body.total).toBe(before + 105);
	});

	it('bulk-creates workspaces the full key reaches, and posts from a template', async () => {
		const [workspaceId] = await api.control.seed({
			resource: 'workspaces',
			count: 3,
			template: { timezone: 'Asia/Tokyo' },
		});
		expect((await api.get('/api/v1/workspaces')).body.total).toBe(5);
		const ids = await api.control.seed({
			workspace_id: MAIN,
			resource: 'posts',
			count: 2,
			template: { status: 'published', text: 'Old news' },
		});
		const { body } = await api.get(ws('/posts'), { query: { 'status[]': ['published'] } });
		expect(
			body.data
				.slice(0, 2)
				.map((post: { id: string }) => post.id)
				.sort(),
		).toEqual([...ids].sort());
		expect((await api.get(ws('/labels', workspaceId))).body.total).toBe(0);
	});

	it('answers 400 for an unknown resource or count', async () => {
		const response = await fetch(`${api.url}/__sandbox/seed`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ resource: 'users', count: 0 }),
		});
		expect(response.status).toBe(400);
	});
});

describe('reset', () => {
	it('returns to the demo data', async () => {
		await api.call('DELETE', ws(`/posts/${DEMO.posts.draft}`));
		await api.control.seed({ workspace_id: MAIN, resource: 'labels', count: 3 });
		await api.control.reset();
		const posts = (await api.get(ws('/posts'), { query: { per_page: 100 } })).body.data.map(
			(post: { id: string }) => post.id,
		);
		expect(posts).toContain(DEMO.posts.draft);
		expect((await api.get(ws('/labels'))).body.total).toBe(4);
		expect(await api.control.requests()).toHaveLength(2);
	});

	it('clears latency, credits, the account cap change and the clock', async () => {
		// A latency past the test's timeout: were it kept, the request below would fail the test.
		await api.control.latency(60_000);
		await api.control.credits(0);
		await api.control.accountCap(SECOND, null);
		await api.control.clock({ now: '2001-01-01T00:00:00.000Z', frozen: true });
		await api.control.reset();
		expect((await api.get(ws('/labels'))).status).toBe(200);
		const capped = await api.post(ws('/add/facebook-group', SECOND), { name: 'After reset' });
		expect(capped.body.error_code).toBe('ACCOUNT_LIMIT_REACHED');
		const before = Date.now();
		const clock = Date.parse(await api.control.clock({}));
		expect(clock).toBeGreaterThanOrEqual(before);
		expect(clock).toBeLessThanOrEqual(Date.now());
	});
});
