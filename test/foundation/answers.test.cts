// Every answer checked: a 2xx counts only as the API's envelope with data of the endpoint's kind;
// a silent service times out; a failing proxy is named as such; workspaces are read whole, paged
// or not. Through the real engine against the sandbox, with faults for the answers it would not give.
import type { INodeParameters } from 'n8n-workflow';

import { DEMO } from '../../sandbox/demo-data.cts';
import { expectNoSecret, runNode } from '../harness/engine.cts';
import { useSandbox } from '../harness/sandbox.cts';
import { calls, inWorkspace, MAIN_WORKSPACE } from '../library/fixtures.cts';

const sandbox = useSandbox();

const ACCOUNTS = `/api/v1/workspaces/${MAIN_WORKSPACE}/accounts`;
const POSTS = `/api/v1/workspaces/${MAIN_WORKSPACE}/posts`;

const listAccounts: INodeParameters = inWorkspace('account', 'getAll', { returnAll: true });
const createDraft = (options: INodeParameters = {}): INodeParameters =>
	inWorkspace('post', 'create', {
		text: 'Checked answers',
		accounts: [DEMO.accounts.facebook],
		publishType: 'draft',
		// One failure is the error here; Check and Resend has tests of its own (test/exactly-once).
		options: { timezone: 'Europe/Berlin', onServerError: 'fail', ...options },
	});

const run = (parameters: INodeParameters) =>
	runNode({ parameters, credentials: sandbox.credentials() });

describe('a 2xx that is not the API envelope is an error that names what came back', () => {
	const cases: Array<[string, unknown, string]> = [
		['a bare list', [], 'it is not a JSON object'],
		['an empty object', {}, 'it has no "status": true'],
		['status true without data', { status: true }, 'its "data" is not a list'],
		['data: null', { status: true, data: null }, 'its "data" is not a list'],
		['data as a record', { status: true, data: {} }, 'its "data" is not a list'],
	];

	test.each(cases)('Get Many given %s', async (_name, body, problem) => {
		await sandbox.control.fault({ method: 'GET', path: ACCOUNTS, status: 200, body });
		const { output, error } = await run(listAccounts);
		expect(output).toEqual([]);
		expect(error?.message).toBe(
			`The service answered GET ${ACCOUNTS} with HTTP 200 but not in the API's form: ${problem}`,
		);
		expect(error?.description).toBe(
			`What came back: ${JSON.stringify(body)}\nThe API answers {"status": true, "data": ...}. Check that the Base URL points at the Social Publishing API itself, not at a proxy or another service.`,
		);
	});

	const createCases: Array<[string, unknown, string]> = [
		['an empty object', {}, 'it has no "status": true'],
		['data: null', { status: true, data: null }, 'its "data" is not a record'],
		['data as a list', { status: true, data: [] }, 'its "data" is not a record'],
		[
			'a record without an ID',
			{ status: true, data: { post_url: 'https://example.com/p/1' } },
			'it does not name the created post (no id, _id, post_id)',
		],
	];

	test.each(createCases)(
		'Create given %s: no post with an empty id',
		async (_name, body, problem) => {
			await sandbox.control.fault({ method: 'POST', path: POSTS, status: 201, body });
			const { output, error } = await run(createDraft());
			expect(output).toEqual([]);
			expect(error?.message).toBe(
				`The service answered POST ${POSTS} with HTTP ${problem.startsWith('it does not') ? 200 : 201} but not in the API's form: ${problem}`,
			);
			// The service may have acted: the user is told to look before running again.
			expect(error?.description).toMatch(
				/\nThe post may have been created before the failure: check for it before running again, since sending it again could create it twice\.$/,
			);
		},
	);

	test('an error body with "error" instead of "message" is read the same', async () => {
		await sandbox.control.fault({
			method: 'GET',
			path: ACCOUNTS,
			status: 400,
			body: { status: false, error: 'The platform filter is malformed' },
		});
		const { error } = await run(listAccounts);
		expect(error?.message).toBe('The platform filter is malformed (HTTP 400)');
	});
});

describe('a silent service times out', () => {
	test('Options > Timeout bounds the wait, and the error says it timed out', async () => {
		await sandbox.control.fault({ method: 'GET', path: ACCOUNTS, status: 200, delayMs: 3000 });
		const { output, error } = await run({ ...listAccounts, options: { timeout: 1 } });
		expect(output).toEqual([]);
		expect(error?.message).toBe(
			`No answer from the Social Publishing service within 1 s (GET ${ACCOUNTS})`,
		);
		expect(error?.description).toBe(
			'The service is slow or not answering. Try again later, or raise Options > Timeout.',
		);
	});

	test('a create that times out says the post may exist', async () => {
		await sandbox.control.fault({ method: 'POST', path: POSTS, status: 201, delayMs: 3000 });
		const { error } = await run(createDraft({ timeout: 1 }));
		expect(error?.message).toBe(
			`No answer from the Social Publishing service within 1 s (POST ${POSTS})`,
		);
		expect(error?.description).toBe(
			'The post may have been created before the failure: check for it before running again, since sending it again could create it twice.\nThe service is slow or not answering. Try again later, or raise Options > Timeout.',
		);
	});
});

describe('errors point at the right thing', () => {
	test('a 502 page from a proxy is the service failing, not a wrong Base URL', async () => {
		await sandbox.control.fault({
			method: 'GET',
			path: ACCOUNTS,
			status: 502,
			body: '<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>',
		});
		const { error } = await run(listAccounts);
		expect(error?.message).toBe(
			'The Social Publishing service, or a proxy in front of it, failed (HTTP 502 Bad gateway)',
		);
		expect(error?.description).toBe(
			`GET ${ACCOUNTS} was answered with a page instead of the API's JSON. This is a failure on the service's side, not a wrong setting: try again later, and tell the service's operator if it persists.`,
		);
	});

	test('a Base URL pasted with /api/v1 reaches the API all the same', async () => {
		const credentials = sandbox.credentials();
		const { output, error } = await runNode({
			parameters: { resource: 'user', operation: 'getCurrent' },
			credentials: { ...credentials, baseUrl: `${credentials.baseUrl}/api/v1/` },
		});
		expect(error).toBeUndefined();
		expect(output).toHaveLength(1);
		expect(await calls(sandbox.control)).toEqual(['GET /api/v1/me']);
		expectNoSecret(output, credentials.apiKey);
	});
});

describe('Workspace > Get Many gives every workspace, however the service lists them', () => {
	const workspace = (n: number) => ({
		_id: `ws${String(n).padStart(3, '0')}`,
		name: `Workspace ${n}`,
		timezone: 'Europe/Berlin',
	});
	const all = Array.from({ length: 27 }, (_, i) => workspace(i + 1));

	test('paged: the first answer shows the pages, and only then are pages asked for', async () => {
		const page = (number: number, data: unknown[]) => ({
			status: true,
			data,
			current_page: number,
			per_page: 20,
			total: 27,
			last_page: 2,
		});
		await sandbox.control.fault({
			path: '/api/v1/workspaces',
			status: 200,
			body: page(1, all.slice(0, 20)),
		});
		await sandbox.control.fault({
			path: '/api/v1/workspaces',
			status: 200,
			body: page(2, all.slice(20)),
		});
		const { output, error } = await run({ resource: 'workspace', operation: 'getAll' });
		expect(error).toBeUndefined();
		expect(output.map((item) => item.json._id)).toEqual(all.map((each) => each._id));
		const queries = (await sandbox.control.requests({ path: '/api/v1/workspaces' })).map(
			(request) => request.query,
		);
		expect(queries).toEqual([{}, { page: '2', per_page: '20' }]);
	});

	test('one plain list: one request, no page parameters', async () => {
		await sandbox.control.fault({
			path: '/api/v1/workspaces',
			status: 200,
			body: { status: true, data: all },
		});
		const { output, error } = await run({ resource: 'workspace', operation: 'getAll' });
		expect(error).toBeUndefined();
		expect(output).toHaveLength(27);
		const queries = (await sandbox.control.requests({ path: '/api/v1/workspaces' })).map(
			(request) => request.query,
		);
		expect(queries).toEqual([{}]);
	});
});
