// Answers whose body is not the API's JSON (empty, plain text, a page) at each kind of status, a
// 2xx whose envelope says `status: false`, and rate-limit headers that are not counts. Each is
// read as what it is: a success only where the call expects no data, else an error that says
// which: the service failing, the request refused, or the Base URL not pointing at the API.
import type { INodeParameters } from 'n8n-workflow';

import { DEMO } from '../../sandbox/demo-data.cts';
import { expectError, runKeyed } from '../harness/engine.cts';
import { useSandbox } from '../harness/sandbox.cts';
import { inWorkspace, MAIN_WORKSPACE, statusesTo } from '../library/fixtures.cts';

const sandbox = useSandbox();

const ACCOUNTS = `/api/v1/workspaces/${MAIN_WORKSPACE}/accounts`;
const listAccounts: INodeParameters = inWorkspace('account', 'getAll', { returnAll: true });
const PAGE = '<!DOCTYPE html><html><body><h1>Sign in</h1></body></html>';
/** A page as some proxies send it: no doctype, the tags in capitals. */
const BARE_PAGE = '<HTML><HEAD><TITLE>Sign in</TITLE></HEAD><BODY>Sign in</BODY></HTML>';

const run = (parameters: INodeParameters) => runKeyed(sandbox.credentials('full'), parameters);

beforeEach(async () => {
	await sandbox.control.clearRequests();
});

describe('a body that is not JSON', () => {
	test('a 204 to Post > Delete, which expects no data, is the post deleted', async () => {
		const path = `/api/v1/workspaces/${MAIN_WORKSPACE}/posts/${DEMO.posts.draft}`;
		await sandbox.control.fault({
			method: 'DELETE',
			path,
			when: 'after',
			answer: 'body',
			status: 204,
			body: '',
		});

		const result = await run(inWorkspace('post', 'delete', { postId: DEMO.posts.draft }));

		expect(result.error).toBeUndefined();
		expect(result.output.map((item) => item.json)).toEqual([
			{ deleted: true, post_id: DEMO.posts.draft, all_accounts_deleted: true },
		]);
		expect(await statusesTo(sandbox.control, path)).toEqual([204]);
	});

	test('plain text on a 500 to Post > Delete, which expects no data, is the service failing, not the post deleted', async () => {
		const path = `/api/v1/workspaces/${MAIN_WORKSPACE}/posts/${DEMO.posts.draft}`;
		await sandbox.control.fault({
			method: 'DELETE',
			path,
			status: 500,
			body: 'upstream timed out',
		});

		const error = expectError(
			await run(inWorkspace('post', 'delete', { postId: DEMO.posts.draft })),
		);

		expect(error.httpCode).toBe('500');
		expect(error.message).toBe(
			'The Social Publishing service, or a proxy in front of it, failed (HTTP 500 Internal server error)',
		);
		expect(await statusesTo(sandbox.control, path)).toEqual([500]);
	});

	test('a 204 to a list is no list: the error says the answer is not the API form', async () => {
		await sandbox.control.fault({ method: 'GET', path: ACCOUNTS, status: 204, body: '' });

		const error = expectError(await run(listAccounts));

		expect(error.message).toBe(
			`The service answered GET ${ACCOUNTS} with HTTP 204 but not in the API's form: it is not a JSON object`,
		);
		expect(await statusesTo(sandbox.control, ACCOUNTS)).toEqual([204]);
	});

	const TEXT_NOT_ENVELOPE = `What came back: OK\nThe API answers {"status": true, "data": ...}. Check that the Base URL points at the Social Publishing API itself, not at a proxy or another service.`;
	const WRONG_URL = `Set the credential's Base URL to the address the API is served from, without "/api/v1" (for a self-hosted gateway it may need its own prefix). An HTML page usually means a website or login page answered instead of the API.`;
	// The sandbox's address is known only once it runs.
	const notJson = (status: number) =>
		`The service at BASE_URL did not answer with JSON (HTTP ${status}): the Base URL is probably wrong`;

	test.each([
		{
			what: 'plain text on a 200 is not the API form',
			status: 200,
			body: 'OK',
			message: `The service answered GET ${ACCOUNTS} with HTTP 200 but not in the API's form: it is not a JSON object`,
			description: TEXT_NOT_ENVELOPE,
		},
		{
			what: 'plain text on a 400 is the refusal, in its words',
			status: 400,
			body: 'Bad request: unknown filter',
			message: 'Bad request: unknown filter (HTTP 400)',
			description: 'The service rejected the request. Correct the fields listed and try again.',
		},
		{
			// Tags in a refusal's words do not make it a page: only a tag that opens one does.
			what: 'plain text on a 400 that quotes a tag is the refusal, in its words',
			status: 400,
			body: 'Bad request: tags such as <b>html</b> are not allowed',
			message: 'Bad request: tags such as <b>html</b> are not allowed (HTTP 400)',
			description: 'The service rejected the request. Correct the fields listed and try again.',
		},
		{
			what: 'plain text on a 400 over 300 characters: its first 300',
			status: 400,
			body: `Bad request: ${'a'.repeat(400)}`,
			message: `Bad request: ${'a'.repeat(287)} (HTTP 400)`,
			description: 'The service rejected the request. Correct the fields listed and try again.',
		},
		{
			// What a server that is not the API answers at a wrong Base URL (Go's, for one).
			what: 'plain text on a 404 is its words, and names the Base URL',
			status: 404,
			body: '404 page not found',
			message: '404 page not found (HTTP 404)',
			description:
				'Check the IDs used. A workspace the API key has no access to is also answered as not found: pick the workspace from the list to be sure.\nIf every request fails like this, check the Base URL in the credential.',
		},
		{
			what: 'an empty 404 is the status in words, and names the Base URL',
			status: 404,
			body: '',
			message: 'Not found (HTTP 404)',
			description:
				'Check the IDs used. A workspace the API key has no access to is also answered as not found: pick the workspace from the list to be sure.\nIf every request fails like this, check the Base URL in the credential.',
		},
		{
			// A redirect with nowhere to go is no success: not read as the API's answer in the wrong form.
			what: 'plain text on a 300 without a Location means the Base URL is wrong',
			status: 300,
			body: 'Multiple Choices',
			message: notJson(300),
			description: WRONG_URL,
		},
		{
			what: 'a page on a 200 means the Base URL is wrong',
			status: 200,
			body: PAGE,
			message: notJson(200),
			description: WRONG_URL,
		},
		{
			what: 'a page on a 400 means the Base URL is wrong',
			status: 400,
			body: BARE_PAGE,
			message: notJson(400),
			description: WRONG_URL,
		},
		{
			what: 'plain text on a 500 is the service failing',
			status: 500,
			body: 'upstream timed out',
			message:
				'The Social Publishing service, or a proxy in front of it, failed (HTTP 500 Internal server error)',
			description: `GET ${ACCOUNTS} was answered with a page instead of the API's JSON. This is a failure on the service's side, not a wrong setting: try again later, and tell the service's operator if it persists.`,
		},
	])('$what', async ({ status, body, message, description }) => {
		await sandbox.control.fault({ method: 'GET', path: ACCOUNTS, status, body, times: 1 });

		const error = expectError(await run(listAccounts));

		expect(error.httpCode).toBe(String(status));
		expect(error.message).toBe(message.replace('BASE_URL', sandbox.url));
		expect(error.description).toBe(description);
		expect(await statusesTo(sandbox.control, ACCOUNTS)).toEqual([status]);
	});
});

test('a 404 whose JSON has no "status": false is still the refusal it names', async () => {
	await sandbox.control.fault({
		method: 'GET',
		path: ACCOUNTS,
		status: 404,
		body: { message: 'No such workspace' },
	});

	const error = expectError(await run(listAccounts));

	expect(error.message).toBe('No such workspace (HTTP 404)');
	expect(error.description).toBe(
		'Check the IDs used. A workspace the API key has no access to is also answered as not found: pick the workspace from the list to be sure.\nIf every request fails like this, check the Base URL in the credential.',
	);
	expect(await statusesTo(sandbox.control, ACCOUNTS)).toEqual([404]);
});

test('a 200 whose envelope says "status": false is the error it names', async () => {
	await sandbox.control.fault({
		method: 'GET',
		path: ACCOUNTS,
		status: 200,
		body: { status: false, message: 'The workspace is archived' },
	});

	const error = expectError(await run(listAccounts));

	expect(error.message).toBe('The workspace is archived (HTTP 200)');
	expect(error.description).toBe('The service refused the request.');
	expect(await statusesTo(sandbox.control, ACCOUNTS)).toEqual([200]);
});
