// The one transport, through the real engine against the sandbox: the key header, pagination,
// rate limits, what is never retried, and the errors a user reads.
import type { INodeParameters } from 'n8n-workflow';

import { DEMO } from '../../sandbox/demo-data.cts';
import { expectError, expectNoSecret, runKeyed, runNode } from '../harness/engine.cts';
import type { RunNodeOptions } from '../harness/engine.cts';
import { useSandbox } from '../harness/sandbox.cts';
import { listTotal } from '../library/fixtures.cts';

const sandbox = useSandbox();

const WORKSPACE_ID = DEMO.workspaces.main.id;
const workspace = (id: string = WORKSPACE_ID) => ({ __rl: true, mode: 'id', value: id });
const labelsPath = `/api/v1/workspaces/${WORKSPACE_ID}/labels`;
const mediaPath = `/api/v1/workspaces/${WORKSPACE_ID}/media`;
const postsPath = `/api/v1/workspaces/${WORKSPACE_ID}/posts`;

const currentUser: INodeParameters = { resource: 'user', operation: 'getCurrent' };
const labels = (extra: INodeParameters): INodeParameters => ({
	resource: 'label',
	operation: 'getAll',
	workspaceId: workspace(),
	...extra,
});
/** Media Upload from a URL: a request that creates something. */
const importMedia = (extra: INodeParameters = {}): INodeParameters => ({
	resource: 'media',
	operation: 'upload',
	workspaceId: workspace(),
	source: 'url',
	url: 'https://example.com/photo.jpg',
	options: { onServerError: 'fail' },
	...extra,
});

/**
 * Post Create: the request that can publish twice if sent twice. With On Server Error "Fail" the
 * first failure is the error; Check and Resend is tested in test/exactly-once.
 */
const createPost: INodeParameters = {
	resource: 'post',
	operation: 'create',
	workspaceId: workspace(),
	text: 'Flat white Friday',
	accounts: [DEMO.accounts.facebook],
	options: { onServerError: 'fail' },
};

const run = (parameters: INodeParameters, options: Partial<RunNodeOptions> = {}) =>
	runKeyed(sandbox.credentials('full'), parameters, options);

const requestsTo = async (path: string) =>
	(await sandbox.control.requests()).filter((request) => request.path === path);

describe('requests', () => {
	test('every request carries the API key in X-API-Key (the log names the key that was used)', async () => {
		const result = await run(currentUser);

		expect(result.error).toBeUndefined();
		expect(result.output[0].json).toMatchObject({ email: DEMO.users.alex.email });
		expect(await sandbox.control.requests()).toEqual([
			expect.objectContaining({ method: 'GET', path: '/api/v1/me', key: 'full', status: 200 }),
		]);
	});

	test('a trailing slash on the base URL is tolerated', async () => {
		const credentials = sandbox.credentials('full');
		const result = await runNode({
			parameters: currentUser,
			credentials: { ...credentials, baseUrl: `${credentials.baseUrl}/` },
		});

		expect(result.error).toBeUndefined();
		expect((await sandbox.control.requests()).map((r) => r.path)).toEqual(['/api/v1/me']);
	});
});

describe('pagination', () => {
	/** The labels the sandbox holds: the demo's and the 250 seeded. */
	let total = 0;
	beforeEach(async () => {
		await sandbox.control.seed({ workspace_id: WORKSPACE_ID, resource: 'labels', count: 250 });
		total = await listTotal(sandbox.control, 'labels');
	});

	test('Return All over 250 items makes exactly 3 requests of 100 and returns every item', async () => {
		const result = await run(labels({ returnAll: true }));

		expect(result.error).toBeUndefined();
		const requests = await requestsTo(labelsPath);
		expect(requests.map((r) => [r.query.page, r.query.per_page].map(String))).toEqual([
			['1', '100'],
			['2', '100'],
			['3', '100'],
		]);
		const ids = result.output.map((item) => item.json._id ?? item.json.id);
		expect(ids).toHaveLength(total);
		expect(new Set(ids).size).toBe(ids.length);
	});

	test('a Limit of 5 costs one request with per_page=5', async () => {
		const result = await run(labels({ returnAll: false, limit: 5 }));

		expect(result.output).toHaveLength(5);
		const requests = await requestsTo(labelsPath);
		expect(requests).toHaveLength(1);
		expect(String(requests[0].query.per_page)).toBe('5');
	});

	test('a Limit of 150 stops after the page that reaches it', async () => {
		const result = await run(labels({ returnAll: false, limit: 150 }));

		expect(result.output).toHaveLength(150);
		expect(await requestsTo(labelsPath)).toHaveLength(2);
	});
});

describe('rate limits', () => {
	const tooMany = (retryAfter?: number) => ({
		status: false,
		message: 'Too many requests',
		error_code: 'RATE_LIMIT_EXCEEDED',
		...(retryAfter === undefined ? {} : { retry_after: retryAfter }),
	});

	/** Milliseconds between the sandbox's answers to consecutive requests, on its own clock. */
	const gapsBetween = (requests: { at: string }[]) =>
		requests.slice(1).map((request, n) => Date.parse(request.at) - Date.parse(requests[n].at));

	test('a 429 with retry_after is waited out and the same request then succeeds', async () => {
		await sandbox.control.fault({ path: '/api/v1/me', times: 1, status: 429, body: tooMany(1) });

		const result = await run(currentUser);

		expect(result.error).toBeUndefined();
		expect(result.output[0].json).toMatchObject({ email: DEMO.users.alex.email });
		const requests = await requestsTo('/api/v1/me');
		expect(requests.map((r) => r.status)).toEqual([429, 200]);
		expect(gapsBetween(requests)[0]).toBeGreaterThanOrEqual(1000);
	});

	test('a Retry-After header is honoured when the body has no retry_after', async () => {
		await sandbox.control.fault({
			path: '/api/v1/me',
			times: 1,
			status: 429,
			body: tooMany(),
			headers: { 'Retry-After': '1' },
		});

		const result = await run(currentUser);

		expect(result.error).toBeUndefined();
		const requests = await requestsTo('/api/v1/me');
		expect(requests.map((r) => r.status)).toEqual([429, 200]);
		expect(gapsBetween(requests)[0]).toBeGreaterThanOrEqual(1000);
	});

	test('a create that hit the rate limit is sent again only after the wait, once', async () => {
		await sandbox.control.fault({
			method: 'POST',
			path: mediaPath,
			times: 1,
			status: 429,
			body: tooMany(1),
		});

		const result = await run(importMedia());

		expect(result.error).toBeUndefined();
		const requests = await requestsTo(mediaPath);
		expect(requests.map((r) => r.status)).toEqual([429, 201]);
		expect(gapsBetween(requests)[0]).toBeGreaterThanOrEqual(1000);
	});

	test('a wait past Max Rate-Limit Wait is not started: the error says when to try again', async () => {
		await sandbox.control.fault({ path: '/api/v1/me', times: 1, status: 429, body: tooMany(3600) });

		const result = await run({ ...currentUser, options: { maxRateLimitWait: 5 } });

		const error = expectError(result);
		expect(error.httpCode).toBe('429');
		expect(error.message).toMatch(/try again after \d{4}-\d\d-\d\dT\d\d:\d\d/);
		expect(error.description).toMatch(/Max Rate-Limit Wait/);
		expect(await requestsTo('/api/v1/me')).toHaveLength(1);
	});

	test('the bound is on the total wait, across repeated 429s', async () => {
		await sandbox.control.fault({ path: '/api/v1/me', times: 5, status: 429, body: tooMany(1) });
		// Another key, so another gate: the 429s of the tests before (answers without X-RateLimit
		// headers) taught the full key's gate a count per window, and a wait for its next window
		// would spend this test's 1 s bound before the first request.
		const credentials = sandbox.credentials('workspace');

		const result = await runNode({
			parameters: { ...currentUser, options: { maxRateLimitWait: 1 } },
			credentials,
		});
		expectNoSecret(result, credentials.apiKey);

		const error = expectError(result);
		expect(error.message).toMatch(/after waiting 1s/);
		const requests = await requestsTo('/api/v1/me');
		expect(requests).toHaveLength(2);
		expect(gapsBetween(requests)[0]).toBeGreaterThanOrEqual(1000);
	});
});

describe('what is not sent again with On Server Error "Fail"', () => {
	test('a 500 on Post Create is not retried: exactly one POST, and the error says to check before rerunning', async () => {
		await sandbox.control.fault({
			method: 'POST',
			path: postsPath,
			status: 500,
			body: { status: false, message: 'Internal server error' },
		});

		const result = await run(createPost);

		const error = expectError(result);
		expect(error.message).toBe('Internal server error (HTTP 500)');
		expect(error.description).toMatch(
			/^The post may have been created before the failure: check for it before running again, since sending it again could create it twice\./,
		);
		expect((await requestsTo(postsPath)).filter((r) => r.method === 'POST')).toHaveLength(1);
	});

	test('a 503 or a timeout-like drop on Post Create is not retried either', async () => {
		await sandbox.control.fault({
			method: 'POST',
			path: postsPath,
			status: 503,
			body: { status: false, message: 'Down' },
		});
		const unavailable = await run(createPost);
		await sandbox.control.fault({ method: 'POST', path: postsPath, drop: true });
		const dropped = await run(createPost);

		expect(expectError(unavailable).message).toBe('Down (HTTP 503)');
		expect(expectError(dropped).description).toMatch(/sending it again could create it twice/);
		expect((await requestsTo(postsPath)).filter((r) => r.method === 'POST')).toHaveLength(2);
	});

	test('a 500 on Media Upload is not retried: exactly one request', async () => {
		await sandbox.control.fault({
			method: 'POST',
			path: mediaPath,
			status: 500,
			body: { status: false, message: 'Internal server error' },
		});

		const result = await run(importMedia());

		const error = expectError(result);
		expect(error.message).toBe('Internal server error (HTTP 500)');
		expect(error.httpCode).toBe('500');
		expect(error.description).toMatch(/^The media item may have been created before the failure/);
		expect(await requestsTo(mediaPath)).toHaveLength(1);
	});

	test.each([
		['', false],
		[', also on a service that sends rate-limit headers', true],
	])(
		'a connection dropped during a create is not retried and gives a clear error%s',
		async (_label, headers) => {
			if (headers) {
				// An answer with X-RateLimit headers first: from then on the pacing follows the service's
				// count, and a request that ends with no answer must leave that count as it was.
				await sandbox.control.rateLimit({ limit: 1000, windowSeconds: 60, headers: true });
				expect((await run(currentUser)).error).toBeUndefined();
			}
			await sandbox.control.fault({ method: 'POST', path: mediaPath, drop: true });

			const result = await run(importMedia());

			const error = expectError(result);
			expect(error.message).toMatch(
				/^Could not reach the Social Publishing service at http:\/\/127\.0\.0\.1:\d+: the connection was closed before an answer came$/,
			);
			expect(error.description).toMatch(/^The media item may have been created before the failure/);
			expect(await requestsTo(mediaPath)).toHaveLength(1);
			// The next request starts as it would have.
			expect((await run(currentUser)).error).toBeUndefined();
		},
	);

	test('a refused connection names the address and the cause', async () => {
		const result = await runNode({
			parameters: currentUser,
			credentials: { baseUrl: 'http://127.0.0.1:9', apiKey: DEMO.keys.full },
		});

		const error = expectError(result);
		expect(error.message).toBe(
			'Could not reach the Social Publishing service at http://127.0.0.1:9: the connection was refused',
		);
		expect(error.description).toMatch(/Check the Base URL/);
		expectNoSecret(result, DEMO.keys.full);
	});
});

describe('errors', () => {
	test('an HTML answer is an error about the base URL, never data', async () => {
		await sandbox.control.fault({ path: '/api/v1/me', status: 200, html: true });

		const result = await run(currentUser);

		const error = expectError(result);
		expect(error.message).toMatch(
			/did not answer with JSON \(HTTP 200\): the Base URL is probably wrong/,
		);
		expect(error.description).toMatch(/without "\/api\/v1"/);
		expect(result.output).toEqual([]);
	});

	test('a base URL with a wrong prefix reaches the web app, whose page is reported as a wrong base URL', async () => {
		const credentials = sandbox.credentials('full');
		const result = await runNode({
			parameters: currentUser,
			credentials: { ...credentials, baseUrl: `${sandbox.url}/app` },
		});

		expect(expectError(result).message).toBe(
			`The service at ${sandbox.url}/app did not answer with JSON (HTTP 200): the Base URL is probably wrong`,
		);
		expect(result.output).toEqual([]);
		expectNoSecret(result, credentials.apiKey);
	});

	test("a validation failure carries the API's message and lists the field errors one by one", async () => {
		await sandbox.control.fault({
			method: 'POST',
			path: mediaPath,
			status: 400,
			body: {
				status: false,
				message: 'The given data was invalid.',
				errors: {
					url: ['The url must be a valid URL.'],
					folder_id: ['The folder does not exist.', 'Too long.'],
				},
			},
		});

		const result = await run(importMedia());

		const error = expectError(result);
		expect(error.message).toBe('The given data was invalid. (HTTP 400)');
		expect(error.httpCode).toBe('400');
		expect(error.description?.split('\n')).toEqual([
			'url: The url must be a valid URL.',
			'folder_id: The folder does not exist.; Too long.',
			'The service rejected the request. Correct the fields listed and try again.',
		]);
	});

	test('a revoked key: the API message, HTTP 401, and what to do', async () => {
		const credentials = sandbox.credentials('revoked');
		const result = await runNode({ parameters: currentUser, credentials });

		const error = expectError(result);
		expect(error.message).toMatch(/\(HTTP 401\)$/);
		expect(error.description).toMatch(/Check the API key/);
		expectNoSecret(result, credentials.apiKey);
	});

	test('an error code gets its own advice: 403 ACCOUNT_LIMIT_REACHED names the account cap', async () => {
		await sandbox.control.fault({
			path: '/api/v1/me',
			status: 403,
			body: {
				status: false,
				message: 'Account limit reached',
				error_code: 'ACCOUNT_LIMIT_REACHED',
			},
		});

		const error = expectError(await run(currentUser));

		expect(error.message).toBe('Account limit reached (HTTP 403 ACCOUNT_LIMIT_REACHED)');
		expect(error.description).toMatch(/cap of connected social accounts/);
	});

	test('a body with `error` instead of `message` is read too', async () => {
		await sandbox.control.fault({
			path: '/api/v1/me',
			status: 403,
			body: { status: false, error: 'No API access' },
		});

		const error = expectError(await run(currentUser));

		expect(error.message).toBe('No API access (HTTP 403)');
	});

	test('a workspace the key cannot reach: 404 with advice about access', async () => {
		const result = await run(
			labels({ workspaceId: workspace('000000000000000000000000'), limit: 5 }),
		);

		const error = expectError(result);
		expect(error.httpCode).toBe('404');
		expect(error.description).toMatch(/no access/);
	});

	test('the failing item is named: itemIndex is set', async () => {
		const result = await run(
			labels({ workspaceId: workspace('={{ $json.workspace }}'), limit: 1 }),
			{
				items: [
					{ json: { workspace: WORKSPACE_ID } },
					{ json: { workspace: '000000000000000000000000' } },
				],
			},
		);

		expect(expectError(result).itemIndex).toBe(1);
	});

	test('with Continue On Fail the error becomes the item, paired with its input', async () => {
		const result = await run(
			labels({ workspaceId: workspace('={{ $json.workspace }}'), limit: 1 }),
			{
				items: [
					{ json: { workspace: WORKSPACE_ID } },
					{ json: { workspace: '000000000000000000000000' } },
				],
				continueOnFail: true,
			},
		);

		expect(result.error).toBeUndefined();
		const failed = result.output.filter((item) => item.json.error);
		expect(failed).toEqual([
			expect.objectContaining({
				json: expect.objectContaining({
					httpCode: '404',
					error: expect.stringMatching(/HTTP 404/),
				}),
				pairedItem: { item: 1 },
			}),
		]);
	});

	test('with the error output, failed items leave by the second output', async () => {
		const result = await run(
			labels({ workspaceId: workspace('={{ $json.workspace }}'), limit: 1 }),
			{
				items: [
					{ json: { workspace: WORKSPACE_ID } },
					{ json: { workspace: '000000000000000000000000' } },
				],
				errorOutput: true,
			},
		);

		expect(result.error).toBeUndefined();
		expect(result.output.every((item) => !item.json.error)).toBe(true);
		expect(result.errorOutput).toHaveLength(1);
		const [failed] = result.errorOutput!;
		expect(failed.json.error).toMatch(/\(HTTP 404\)$/);
		expect(failed.pairedItem).toEqual({ item: 1 });
		expect(failed.error).toMatchObject({
			httpCode: '404',
			description: expect.stringMatching(/no access/),
		});
	});
});
