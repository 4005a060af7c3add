// Every status and error_code of section 7, each provoked the way a client would meet it.
import { DEMO, SECOND, useSandboxApi, ws } from './api.cts';
import type { Answer, SandboxApi } from './api.cts';

const api = useSandboxApi();

interface Case {
	status: number;
	errorCode?: string;
	/** Whether the body maps fields to messages (validation failures). */
	fieldErrors?: boolean;
	provoke(api: SandboxApi): Promise<Answer>;
}

const cases: Record<string, Case> = {
	'400 validation failure on posts': {
		status: 400,
		fieldErrors: true,
		provoke: (sandbox) =>
			sandbox.post(ws('/posts'), {
				content: {},
				scheduling: { publish_type: 'draft' },
				accounts: [DEMO.accounts.facebook],
			}),
	},
	'400 bad request on approval': {
		status: 400,
		provoke: (sandbox) =>
			sandbox.post(ws(`/posts/${DEMO.posts.rejected}/approval`), { action: 'approve' }),
	},
	'401 missing key': {
		status: 401,
		provoke: (sandbox) => sandbox.get('/api/v1/me', { key: null }),
	},
	'401 INVALID_CREDENTIALS on bluesky': {
		status: 401,
		errorCode: 'INVALID_CREDENTIALS',
		provoke: (sandbox) =>
			sandbox.post(ws('/add/bluesky'), { handle: 'someone.bsky.social', app_password: 'hunter2' }),
	},
	'403 no API access': {
		status: 403,
		provoke: (sandbox) => sandbox.get('/api/v1/me', { key: 'noApi' }),
	},
	'403 INSUFFICIENT_PERMISSIONS': {
		status: 403,
		errorCode: 'INSUFFICIENT_PERMISSIONS',
		provoke: (sandbox) =>
			sandbox.post(ws('/add/facebook-group'), { name: 'Some group' }, { key: 'viewer' }),
	},
	'403 ACCOUNT_LIMIT_REACHED': {
		status: 403,
		errorCode: 'ACCOUNT_LIMIT_REACHED',
		provoke: (sandbox) => sandbox.post(ws('/add/facebook-group', SECOND), { name: 'Some group' }),
	},
	'404 workspace': {
		status: 404,
		provoke: (sandbox) => sandbox.get(ws('/posts', 'ffffffffffffffffffffffff')),
	},
	'404 post': {
		status: 404,
		provoke: (sandbox) => sandbox.get(ws('/posts/ffffffffffffffffffffffff/comments')),
	},
	'404 ACCOUNT_NOT_FOUND': {
		status: 404,
		errorCode: 'ACCOUNT_NOT_FOUND',
		provoke: (sandbox) =>
			sandbox.call('POST', ws('/connect/tiktok'), {
				query: { process: 'reconnect', account_id: 'nope' },
			}),
	},
	'409 DUPLICATE_ACCOUNT': {
		status: 409,
		errorCode: 'DUPLICATE_ACCOUNT',
		provoke: (sandbox) => sandbox.post(ws('/add/facebook-group'), { name: 'Acme Coffee Lovers' }),
	},
	'422 VALIDATION_ERROR on connect': {
		status: 422,
		errorCode: 'VALIDATION_ERROR',
		fieldErrors: true,
		provoke: (sandbox) =>
			sandbox.call('POST', ws('/connect/facebook'), { query: { process: 'later' } }),
	},
	'422 VALIDATION_ERROR on add': {
		status: 422,
		errorCode: 'VALIDATION_ERROR',
		fieldErrors: true,
		provoke: (sandbox) => sandbox.post(ws('/add/bluesky'), { handle: 'someone.bsky.social' }),
	},
	'422 VALIDATION_ERROR on delete': {
		status: 422,
		errorCode: 'VALIDATION_ERROR',
		fieldErrors: true,
		provoke: (sandbox) =>
			sandbox.call('DELETE', ws(`/posts/${DEMO.posts.published}`), { json: { account_ids: [1] } }),
	},
	'429 RATE_LIMIT_EXCEEDED': {
		status: 429,
		errorCode: 'RATE_LIMIT_EXCEEDED',
		provoke: async (sandbox) => {
			await sandbox.control.rateLimit({ limit: 1, windowSeconds: 60 });
			await sandbox.get('/api/v1/me');
			return sandbox.get('/api/v1/me');
		},
	},
	'500 internal error on post creation (injected)': {
		status: 500,
		provoke: async (sandbox) => {
			await sandbox.control.fault({ method: 'POST', path: ws('/posts'), status: 500 });
			return sandbox.post(ws('/posts'), {
				content: { text: 'x' },
				accounts: [DEMO.accounts.facebook],
				scheduling: { publish_type: 'draft' },
			});
		},
	},
};

describe('error answers (section 7)', () => {
	it.each(Object.entries(cases))(
		'%s',
		async (_name, { status, errorCode, fieldErrors, provoke }) => {
			const answer = await provoke(api);
			expect(answer.status).toBe(status);
			expect(answer.body).toMatchObject({ status: false, message: expect.any(String) });
			if (errorCode) expect(answer.body.error_code).toBe(errorCode);
			if (fieldErrors) expect(Object.keys(answer.body.errors).length).toBeGreaterThan(0);
			if (status === 429) expect(answer.body.retry_after).toBeGreaterThanOrEqual(1);
		},
	);

	it('answers an unknown route with 404 in the envelope', async () => {
		expect(await api.get('/api/v1/nothing')).toMatchObject({
			status: 404,
			body: { status: false, message: expect.any(String) },
		});
	});

	it('answers a GET outside /api, as a wrong base URL makes, with 200 HTML', async () => {
		const answer = await api.get('/app/api/v1/me');
		expect(answer.status).toBe(200);
		expect(answer.headers.get('content-type')).toContain('text/html');
		expect(answer.body).toMatch(/^<!DOCTYPE html>/);
	});
});

describe('rate-limit windows fixed to the clock', () => {
	// `firstAtMs` places the windows from the first request the sandbox counts: 4 s into a window
	// of 5, the second request is refused with the 1 s left, not the whole window a sliding one has.
	it('places the first counted request firstAtMs into its window', async () => {
		await api.control.rateLimit({ limit: 1, windowSeconds: 5, firstAtMs: 4000 });
		expect((await api.get('/api/v1/me')).status).toBe(200);
		const refused = await api.get('/api/v1/me');
		expect(refused.status).toBe(429);
		expect(refused.body.retry_after).toBe(1);
	});

	// A service answering parallel requests out of order: the window's first is answered last.
	it("with firstAnswerLateMs, answers each window's first request after the others", async () => {
		await api.control.rateLimit({ limit: 3, windowSeconds: 60, firstAnswerLateMs: 500 });
		const remaining: string[] = [];
		await Promise.all(
			[1, 2, 3].map(async () => {
				const answer = await api.get('/api/v1/me');
				remaining.push(answer.headers.get('x-ratelimit-remaining') ?? '');
			}),
		);
		expect(remaining[2]).toBe('2');
		expect(remaining.slice(0, 2).sort()).toEqual(['0', '1']);
	});

	it('without it, a window begins with the first request', async () => {
		await api.control.rateLimit({ limit: 1, windowSeconds: 5 });
		expect((await api.get('/api/v1/me')).status).toBe(200);
		expect((await api.get('/api/v1/me')).body.retry_after).toBe(5);
	});
});
