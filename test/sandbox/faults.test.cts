// Faults before the service acts (nothing changes) and after it acts (the record exists, the
// answer is lost or is not the API's), and seeded random faults on the create paths.
import { SandboxControl } from '../../sandbox/client.cts';
import type { Fault } from '../../sandbox/client.cts';
import { FAULT_ANSWERS } from '../../sandbox/runtime.cts';
import { startSandbox } from '../../sandbox/server.cts';
import { DEMO, useSandboxApi, ws } from './api.cts';

const api = useSandboxApi();
const a = DEMO.accounts;

/** One raw request with a client timeout: the status and text, or the error when none came. */
async function send(method: string, path: string, body: unknown, timeoutMs = 5000) {
	try {
		const response = await fetch(api.url + path, {
			method,
			headers: { 'x-api-key': DEMO.keys.full, 'content-type': 'application/json' },
			body: JSON.stringify(body),
			signal: AbortSignal.timeout(timeoutMs),
		});
		return { status: response.status, text: await response.text(), error: null };
	} catch (error) {
		return { status: null, text: null, error: (error as Error).name };
	}
}

/** The create-like requests, each with how to count what it created. */
const CREATES = {
	post: {
		path: ws('/posts'),
		body: {
			content: { text: 'Ambiguous' },
			accounts: [a.facebook],
			scheduling: { publish_type: 'draft' },
		},
		count: async () =>
			(await api.get(ws('/posts'), { query: { per_page: 100 } })).body.data.filter(
				(post: { content: { text: string } }) => post.content.text === 'Ambiguous',
			).length,
	},
	comment: {
		path: ws(`/posts/${DEMO.posts.scheduled}/comments`),
		body: { comment: 'Ambiguous' },
		count: async () =>
			(await api.get(ws(`/posts/${DEMO.posts.scheduled}/comments`))).body.data.filter(
				(comment: { comment: string }) => comment.comment === 'Ambiguous',
			).length,
	},
	bluesky: {
		path: ws('/add/bluesky'),
		body: { handle: 'ambiguous.bsky.social', app_password: 'abcd-efgh-ijkl-mnop' },
		count: async () =>
			(await api.get(ws('/accounts'), { query: { search: 'ambiguous' } })).body.data.length,
	},
	facebookGroup: {
		path: ws('/add/facebook-group'),
		body: { name: 'Ambiguous Group' },
		count: async () =>
			(await api.get(ws('/accounts'), { query: { search: 'Ambiguous Group' } })).body.data.length,
	},
} as const;

async function media(fault: Fault | null, timeoutMs = 5000) {
	if (fault) await api.control.fault(fault);
	const form = new FormData();
	form.append('url', 'https://images.example.com/ambiguous.png');
	const answer = await fetch(api.url + ws('/media'), {
		method: 'POST',
		headers: { 'x-api-key': DEMO.keys.full },
		body: form,
		signal: AbortSignal.timeout(timeoutMs),
	}).then(
		async (response) => ({ status: response.status as number | null, text: await response.text() }),
		() => ({ status: null, text: null }),
	);
	const listed = await api.get(ws('/media'), { query: { search: 'ambiguous' } });
	return { answer, created: listed.body.data.length };
}

const loggedStatuses = async (path: string) =>
	(await api.control.requests({ path, method: 'POST' })).map((entry) => entry.status);

describe('faults after the service acted', () => {
	it.each(Object.entries(CREATES))(
		'%s: created, then answered 500, and logged with that status',
		async (_name, create) => {
			await api.control.fault({
				method: 'POST',
				path: create.path,
				when: 'after',
				answer: 'status',
			});
			const result = await send('POST', create.path, create.body);
			expect(result.status).toBe(500);
			expect(JSON.parse(result.text as string)).toEqual({
				status: false,
				message: 'Sandbox fault: HTTP 500',
			});
			expect(await create.count()).toBe(1);
			expect(await loggedStatuses(create.path)).toEqual([500]);
		},
	);

	it.each([
		['status', 500],
		['drop', null],
		['hang', null],
	] as const)('a post answered %s after acting exists exactly once', async (answer, status) => {
		const create = CREATES.post;
		await api.control.fault({ method: 'POST', path: create.path, when: 'after', answer });
		const result = await send('POST', create.path, create.body, answer === 'hang' ? 300 : 5000);
		expect(result.status).toBe(status);
		expect(await create.count()).toBe(1);
		expect(await loggedStatuses(create.path)).toEqual([status]);
	});

	it.each([
		['comment', CREATES.comment],
		['bluesky', CREATES.bluesky],
		['facebookGroup', CREATES.facebookGroup],
	] as const)('a %s dropped or hung after acting exists exactly once', async (_name, create) => {
		for (const answer of ['drop', 'hang'] as const) {
			await api.control.reset();
			await api.control.fault({ method: 'POST', path: create.path, when: 'after', answer });
			const result = await send('POST', create.path, create.body, answer === 'hang' ? 300 : 5000);
			expect(result.status).toBeNull();
			expect(await create.count()).toBe(1);
			expect(await loggedStatuses(create.path)).toEqual([null]);
		}
	});

	it('media: uploaded, then answered 500, dropped or never answered', async () => {
		const path = ws('/media');
		for (const [answer, status] of [
			['status', 500],
			['drop', null],
			['hang', null],
		] as const) {
			await api.control.reset();
			const { answer: got, created } = await media(
				{ method: 'POST', path, when: 'after', answer },
				answer === 'hang' ? 300 : 5000,
			);
			expect(got.status).toBe(status);
			expect(created).toBe(1);
			expect(await loggedStatuses(path)).toEqual([status]);
		}
	});

	it.each([
		['[]', { body: [] }, '[]'],
		['{}', { body: {} }, '{}'],
		['status without data', { body: { status: true } }, '{"status":true}'],
		['data null', { body: { status: true, data: null } }, '{"status":true,"data":null}'],
		['an HTML page', { html: true }, expect.stringMatching(/^<!DOCTYPE html>/)],
	])(
		'a 2xx that is not the envelope (%s): after acting the post exists, before it does not',
		async (_name, shape, text) => {
			const create = CREATES.post;
			await api.control.fault({ path: create.path, when: 'before', answer: 'body', ...shape });
			const before = await send('POST', create.path, create.body);
			expect(before).toEqual({ status: 200, text, error: null });
			expect(await create.count()).toBe(0);
			await api.control.fault({
				path: create.path,
				when: 'after',
				answer: 'body',
				status: 201,
				...shape,
			});
			const after = await send('POST', create.path, create.body);
			expect(after).toEqual({ status: 201, text, error: null });
			expect(await create.count()).toBe(1);
			expect(await loggedStatuses(create.path)).toEqual([200, 201]);
		},
	);

	it('a fault after acting replaces an error answer too, and counts down like any fault', async () => {
		const create = CREATES.post;
		await api.control.fault({ path: create.path, when: 'after', status: 503, times: 2 });
		expect((await send('POST', create.path, { content: { text: '' } })).status).toBe(503);
		expect((await send('POST', create.path, create.body)).status).toBe(503);
		expect((await send('POST', create.path, create.body)).status).toBe(201);
		expect(await create.count()).toBe(2);
	});
});

describe('faults before the service acts', () => {
	it.each([
		['status', 500],
		['drop', null],
		['hang', null],
	] as const)(
		'%s: nothing is created, and the log shows what was answered',
		async (answer, status) => {
			const create = CREATES.post;
			await api.control.fault({ path: create.path, answer });
			const result = await send('POST', create.path, create.body, answer === 'hang' ? 300 : 5000);
			expect(result.status).toBe(status);
			expect(await create.count()).toBe(0);
			expect(await loggedStatuses(create.path)).toEqual([status]);
		},
	);

	it('a held connection is closed after the fault hold time', async () => {
		await api.control.fault({ path: '/api/v1/me', answer: 'hang', holdMs: 20 });
		expect(await send('GET', '/api/v1/me', undefined)).toEqual({
			status: null,
			text: null,
			error: 'TypeError',
		});
	});

	it('a status fault can answer a proxy page (HTML) with its status', async () => {
		await api.control.fault({ path: '/api/v1/me', answer: 'status', status: 502, html: true });
		const result = await send('GET', '/api/v1/me', undefined);
		expect(result.status).toBe(502);
		expect(result.text).toMatch(/^<!DOCTYPE html>/);
	});
});

describe('a fault that meets only the nth matching request', () => {
	it('skip: 6, times: 1 refuses the 7th create once, with the 403 of used-up credits; the rest are created', async () => {
		const create = CREATES.post;
		await api.control.fault({ method: 'POST', path: create.path, skip: 6, credits: true });
		const answers = [];
		for (let index = 0; index < 10; index += 1) {
			// Reads between creates are not matching requests: they do not count towards the skip.
			await api.get(ws('/posts'));
			answers.push(await send('POST', create.path, create.body));
		}
		expect(answers.map((answer) => answer.status)).toEqual([
			201, 201, 201, 201, 201, 201, 403, 201, 201, 201,
		]);
		expect(JSON.parse(answers[6].text as string)).toEqual({
			status: false,
			message: 'API credits exhausted for this billing period. Upgrade your plan or wait.',
			error_code: 'CREDITS_EXHAUSTED',
		});
		expect(await create.count()).toBe(9);
		expect(await loggedStatuses(create.path)).toEqual(answers.map((answer) => answer.status));
	});

	it('the credits fault answers what the service answers once the credits are used up', async () => {
		await api.control.credits(0);
		const service = await send('GET', ws('/posts'), undefined);
		await api.control.credits(null);
		await api.control.fault({ path: ws('/posts'), credits: true, times: 2 });
		expect(await send('GET', ws('/posts'), undefined)).toEqual(service);
		expect(await send('POST', CREATES.post.path, CREATES.post.body)).toEqual(service);
		expect(service.status).toBe(403);
	});

	it('a request one fault lets pass is asked of the next; each fault counts its own skips', async () => {
		const path = '/api/v1/me';
		await api.control.fault({ path, skip: 1, status: 500 });
		await api.control.fault({ path, skip: 2, status: 503, times: 2 });
		const statuses = [];
		for (let index = 0; index < 5; index += 1) statuses.push((await api.get(path)).status);
		// 1st: the first fault skips it, the second skips it; 2nd: the first fault takes it; 3rd:
		// the second skips it (its second skip); 4th and 5th: the second takes them.
		expect(statuses).toEqual([200, 500, 200, 503, 503]);
		expect((await api.get(path)).status).toBe(200);
	});
});

describe('a redirect to the other origin', () => {
	it.each([301, 302, 303, 307, 308])(
		'%i: Location is the other origin with the same path and query; the service acts not',
		async (status) => {
			await api.control.fault({ path: ws('/posts'), status, elsewhere: true });
			const { url } = await api.control.elsewhere();
			const answer = await fetch(`${api.url}${ws('/posts')}?page=2`, {
				method: 'POST',
				headers: { 'x-api-key': DEMO.keys.full, 'content-type': 'application/json' },
				body: JSON.stringify(CREATES.post.body),
				redirect: 'manual',
			});
			expect(answer.status).toBe(status);
			expect(answer.headers.get('location')).toBe(`${url}${ws('/posts')}?page=2`);
			expect(url).toMatch(/^http:\/\/127\.0\.0\.[12]:\d+$/);
			expect(url).not.toBe(api.url);
			expect(await CREATES.post.count()).toBe(0);
			expect((await api.control.elsewhere()).requests).toEqual([]);
		},
	);

	it('the other origin logs what reaches it, key and headers, until the next reset', async () => {
		await api.control.fault({ path: '/api/v1/me', status: 302, elsewhere: true });
		const answer = await fetch(`${api.url}/api/v1/me`, {
			headers: { 'x-api-key': DEMO.keys.full, 'x-trace': 'followed' },
		});
		expect(answer.status).toBe(200);
		expect(await answer.json()).toEqual({ status: true, message: 'Elsewhere', data: [] });
		const { requests } = await api.control.elsewhere();
		expect(requests).toEqual([
			{
				method: 'GET',
				url: '/api/v1/me',
				key: 'full',
				headers: expect.objectContaining({ 'x-api-key': DEMO.keys.full, 'x-trace': 'followed' }),
			},
		]);
		await api.control.reset();
		expect((await api.control.elsewhere()).requests).toEqual([]);
	});
});

describe('stopping a sandbox', () => {
	it('closes the connections a hang fault holds, so nothing waits for them', async () => {
		const sandbox = await startSandbox();
		const control = new SandboxControl(sandbox.url);
		await control.fault({ path: '/api/v1/me', answer: 'hang' });
		const pending = fetch(`${sandbox.url}/api/v1/me`, {
			headers: { 'x-api-key': DEMO.keys.full },
		}).then(
			() => 'answered',
			() => 'closed',
		);
		// The request has arrived once the log shows it.
		for (let attempt = 0; attempt < 50 && (await control.requests()).length === 0; attempt += 1)
			await new Promise((resolve) => setTimeout(resolve, 10));
		await sandbox.stop();
		expect(await pending).toBe('closed');
	});
});

describe('random faults', () => {
	const createMany = async (count: number) => {
		const outcomes: (number | null)[] = [];
		for (let index = 0; index < count; index += 1) {
			const result = await send('POST', CREATES.post.path, CREATES.post.body, 500);
			outcomes.push(result.status);
		}
		return outcomes;
	};

	it('meet about the given share of the creates, every kind, before and after, reproducibly', async () => {
		const spec = { seed: 7, probability: 1 / 3, holdMs: 20 };
		await api.control.randomFaults(spec);
		const outcomes = await createMany(40);
		const first = await api.control.randomFaultsDrawn();
		expect(first.spec).toEqual(spec);
		expect(first.seen).toBe(40);
		expect(first.drawn.length).toBeGreaterThanOrEqual(8);
		expect(first.drawn.length).toBeLessThanOrEqual(20);
		expect(new Set(first.drawn.map((each) => each.answer))).toEqual(new Set(FAULT_ANSWERS));
		expect(new Set(first.drawn.map((each) => each.when))).toEqual(new Set(['before', 'after']));
		// What came before acting created nothing; lists are not faulted.
		const before = first.drawn.filter((each) => each.when === 'before').length;
		expect(await CREATES.post.count()).toBe(40 - before);
		expect((await api.control.randomFaultsDrawn()).seen).toBe(40);
		// Each create answered as drawn (null: dropped or held), the others 201.
		const expected: (number | null)[] = outcomes.map(() => 201);
		for (const fault of first.drawn) expected[fault.nth - 1] = fault.status;
		expect(outcomes).toEqual(expected);
		expect((await api.control.requests({ method: 'POST' })).map((entry) => entry.status)).toEqual(
			outcomes,
		);

		await api.control.reset();
		await api.control.randomFaults(spec);
		expect(await createMany(40)).toEqual(outcomes);
		expect((await api.control.randomFaultsDrawn()).drawn).toEqual(first.drawn);
	});

	it('draw from the kinds and moments given, on the path given; clearing faults stops them', async () => {
		await api.control.randomFaults({
			seed: 1,
			probability: 1,
			path: '/api/v1/me',
			answers: ['status'],
			when: ['after'],
		});
		expect([500, 502, 503]).toContain((await api.get('/api/v1/me')).status);
		expect((await api.post(CREATES.post.path, CREATES.post.body)).status).toBe(201);
		expect((await api.control.randomFaultsDrawn()).drawn).toEqual([
			{
				nth: 1,
				method: 'GET',
				path: '/api/v1/me',
				when: 'after',
				answer: 'status',
				status: expect.any(Number),
			},
		]);
		await api.control.clearFaults();
		expect((await api.get('/api/v1/me')).status).toBe(200);
		expect(await api.control.randomFaultsDrawn()).toEqual({ spec: null, seen: 0, drawn: [] });
	});

	it('answer 400 for a probability outside 0..1', async () => {
		await expect(api.control.randomFaults({ seed: 1, probability: 2 })).rejects.toThrow(/400/);
	});
});
