// Headers on an answer that is not what they usually come with: a Location header on an answer
// that is no redirect, and the forms of Retry-After on a 429 (seconds, an HTTP date, neither, beside
// a body's `retry_after` of 0 or below). In a file of its own: a 429 teaches the key's gate its window, which
// the tests of other files must not inherit.
import type { INodeParameters } from 'n8n-workflow';

import { expectNoSecret, runNode } from '../harness/engine.cts';
import type { RunNodeResult } from '../harness/engine.cts';
import { useSandbox } from '../harness/sandbox.cts';

const sandbox = useSandbox();

const ME = '/api/v1/me';
const currentUser: INodeParameters = { resource: 'user', operation: 'getCurrent' };

async function run(parameters: INodeParameters) {
	const credentials = sandbox.credentials('full');
	const result = await runNode({ parameters, credentials });
	expectNoSecret(result, credentials.apiKey);
	return result;
}

function expectError(result: RunNodeResult) {
	expect(result.error).toBeDefined();
	return result.error!;
}

const statusesTo = async (path: string) =>
	(await sandbox.control.requests())
		.filter((request) => request.path === path)
		.map((request) => request.status);

const tooMany = (retryAfter?: number) => ({
	status: false,
	message: 'Too many requests',
	error_code: 'RATE_LIMIT_EXCEEDED',
	...(retryAfter === undefined ? {} : { retry_after: retryAfter }),
});

describe('a Location header on an answer that is no redirect', () => {
	test('a 200 with a Location header is the answer, not a redirect', async () => {
		const user = { id: 'user-located', name: 'Located User', email: 'located@example.com' };
		await sandbox.control.fault({
			path: ME,
			times: 1,
			answer: 'body',
			status: 200,
			body: { status: true, message: 'User retrieved', data: user },
			headers: { Location: 'http://127.0.0.1:9/elsewhere' },
		});

		const result = await run(currentUser);

		expect(result.error).toBeUndefined();
		expect(result.output.map((item) => item.json)).toEqual([user]);
		expect(await statusesTo(ME)).toEqual([200]);
	});

	test('a 404 with a Location header is the 404, not a redirect', async () => {
		await sandbox.control.fault({
			path: ME,
			times: 1,
			status: 404,
			body: { status: false, message: 'Not found' },
			headers: { Location: 'http://127.0.0.1:9/elsewhere' },
		});

		const error = expectError(await run(currentUser));

		expect(error.httpCode).toBe('404');
		expect(`${error.message} ${error.description}`).not.toMatch(/redirect/i);
		expect(await statusesTo(ME)).toEqual([404]);
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
		expect(await statusesTo(ME)).toEqual([429, 200]);
	});

	test.each([
		['a body retry_after below 0 is no answer: the Retry-After header is', -5, '3600', '3600'],
		['a Retry-After that is neither seconds nor a date counts as a minute', undefined, 'soon', '60'],
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
		expect(await statusesTo(ME)).toEqual([429]);
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
		expect(await statusesTo(ME)).toEqual([429]);
	});
});
