// Headers on an answer that is not what they usually come with: a Location header on an answer
// that is no redirect, and the forms of Retry-After on a 429 (seconds, an HTTP date, neither, beside
// a body's `retry_after` of 0 or below). In a file of its own: a 429 teaches the key's gate its window, which
// the tests of other files must not inherit.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { DEMO } from '../../sandbox/demo-data.cts';
import { expectError, runKeyed } from '../harness/engine.cts';
import type { RunNodeOptions } from '../harness/engine.cts';
import { useSandbox } from '../harness/sandbox.cts';
import { statusesTo } from '../library/fixtures.cts';

const sandbox = useSandbox();

const ME = '/api/v1/me';
const currentUser: INodeParameters = { resource: 'user', operation: 'getCurrent' };

const run = (parameters: INodeParameters, options: Partial<RunNodeOptions> = {}) =>
	runKeyed(sandbox.credentials('full'), parameters, options);

const tooMany = (retryAfter?: number) => ({
	status: false,
	message: 'Too many requests',
	error_code: 'RATE_LIMIT_EXCEEDED',
	...(retryAfter === undefined ? {} : { retry_after: retryAfter }),
});

/** The next Get Current User answers `user`, with `headers`, after the service's own work. */
const answerOnce = (user: IDataObject, headers: Record<string, string>) =>
	sandbox.control.fault({
		path: ME,
		times: 1,
		answer: 'body',
		status: 200,
		body: { status: true, message: 'User retrieved', data: user },
		headers,
	});

describe('a Location header on an answer that is no redirect', () => {
	test('a 200 with a Location header is the answer, not a redirect', async () => {
		const user = { id: 'user-located', name: 'Located User', email: 'located@example.com' };
		await answerOnce(user, { Location: 'http://127.0.0.1:9/elsewhere' });

		const result = await run(currentUser);

		expect(result.error).toBeUndefined();
		expect(result.output.map((item) => item.json)).toEqual([user]);
		expect(await statusesTo(sandbox.control, ME)).toEqual([200]);
	});

	// 400 is where redirects end; a 404 is what a wrong address answers.
	test.each([
		[400, 'The request is malformed'],
		[404, 'Not found'],
	])('a %i with a Location header is the error it says, not a redirect', async (status, text) => {
		await sandbox.control.fault({
			path: ME,
			times: 1,
			status,
			body: { status: false, message: text },
			headers: { Location: 'http://127.0.0.1:9/elsewhere' },
		});

		const error = expectError(await run(currentUser));

		expect(error.httpCode).toBe(String(status));
		expect(error.message).toBe(`${text} (HTTP ${status})`);
		expect(`${error.message} ${error.description}`).not.toMatch(/redirect/i);
		expect(await statusesTo(sandbox.control, ME)).toEqual([status]);
	});
});

describe('where a redirect starts and ends', () => {
	test('a 300 with a Location header is a redirect, and is not followed', async () => {
		await sandbox.control.fault({
			path: ME,
			times: 1,
			status: 300,
			body: {},
			headers: { Location: 'http://127.0.0.1:9/v2/api/v1/me?token=x' },
		});

		const error = expectError(await run(currentUser));

		expect(error.httpCode).toBe('300');
		expect(error.message).toBe(
			`The service at ${sandbox.url} answered with a redirect to http://127.0.0.1:9/v2/api/v1/me (HTTP 300)`,
		);
		expect(await statusesTo(sandbox.control, ME)).toEqual([300]);
	});

	test('a 302 without a Location header is no redirect: an answer that is not the API', async () => {
		await sandbox.control.fault({ path: ME, times: 1, status: 302, body: 'Found' });

		const error = expectError(await run(currentUser));

		expect(error.httpCode).toBe('302');
		expect(error.message).toBe(
			`The service at ${sandbox.url} did not answer with JSON (HTTP 302): the Base URL is probably wrong`,
		);
		expect(await statusesTo(sandbox.control, ME)).toEqual([302]);
	});
});

describe('rate-limit headers that are not counts', () => {
	// A count below 0, not whole or not a number is no count: the requests after go as where no
	// headers come, all at once. (Taken as a count, -1 or 0.5 leaves no room in the window, and
	// they would go one by one.)
	test.each(['-1', '0.5', 'many'])('X-RateLimit-Remaining: %s is left aside', async (remaining) => {
		const user = { id: 'user-counted', name: 'Counted User', email: 'counted@example.com' };
		await answerOnce(user, { 'X-RateLimit-Limit': '3', 'X-RateLimit-Remaining': remaining });
		const first = await run(currentUser);
		expect(first.error).toBeUndefined();
		expect(first.output.map((item) => item.json)).toEqual([user]);

		// Each answer a second late: the three are all sent before the first comes back.
		await sandbox.control.latency(1000);
		const after = await run(currentUser, { items: [{ json: {} }, { json: {} }, { json: {} }] });

		expect(after.error).toBeUndefined();
		expect(after.output.map((item) => item.json.email)).toEqual(
			Array(3).fill(DEMO.users.alex.email),
		);
		expect(await statusesTo(sandbox.control, ME)).toEqual([200, 200, 200, 200]);
		expect((await sandbox.control.concurrency()).max).toBe(3);
	});
});

describe('Retry-After in its other forms', () => {
	test('a body retry_after of 0 is waited (not at all), not replaced by the header', async () => {
		await sandbox.control.fault({
			path: ME,
			times: 1,
			status: 429,
			body: tooMany(0),
			headers: { 'Retry-After': '3600' },
		});

		const result = await run({ ...currentUser, options: { maxRateLimitWait: 5 } });

		expect(result.error).toBeUndefined();
		expect(await statusesTo(sandbox.control, ME)).toEqual([429, 200]);
	});

	test.each([
		['a body retry_after below 0 is no answer: the Retry-After header is', -5, '3600', '3600'],
		[
			'a Retry-After that is neither seconds nor a date counts as a minute',
			undefined,
			'soon',
			'60',
		],
	])('%s', async (_label, retryAfter, header, seconds) => {
		await sandbox.control.fault({
			path: ME,
			times: 1,
			status: 429,
			body: tooMany(retryAfter),
			headers: { 'Retry-After': header },
		});

		const error = expectError(await run({ ...currentUser, options: { maxRateLimitWait: 5 } }));

		expect(error.httpCode).toBe('429');
		expect(error.description).toMatch(new RegExp(`^The service asks to wait ${seconds}s more, `));
		expect(await statusesTo(sandbox.control, ME)).toEqual([429]);
	});

	// Last in the file: the gate keeps the hour it learns here.
	test('Retry-After as an HTTP date an hour ahead: the error says the hour', async () => {
		const inAnHour = new Date(Date.now() + 3_600_000).toUTCString();
		await sandbox.control.fault({
			path: ME,
			times: 1,
			status: 429,
			body: tooMany(),
			headers: { 'Retry-After': inAnHour },
		});

		const error = expectError(await run({ ...currentUser, options: { maxRateLimitWait: 5 } }));

		expect(error.httpCode).toBe('429');
		// The date is whole seconds and the node reads it a moment later: 3599 or 3600 seconds.
		expect(error.description).toMatch(/^The service asks to wait (3599|3600)s more, /);
		expect(await statusesTo(sandbox.control, ME)).toEqual([429]);
	});
});
