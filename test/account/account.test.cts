// Accounts through the real engine: listing, the connect link for a person to open, Bluesky and
// Facebook groups added directly, and the connectable platforms. Every error code of these
// endpoints reaches the user with the API's words and what to do.
import type { INodeParameters } from 'n8n-workflow';

import { expectNoSecret, runNode } from '../harness/engine.cts';
import { useSandbox } from '../harness/sandbox.cts';
import { DEMO } from '../../sandbox/demo-data.cts';

import {
	byId,
	calls,
	inWorkspace,
	MAIN_WORKSPACE,
	queriesTo,
	listTotal,
	seedMain,
} from '../library/fixtures.cts';

const sandbox = useSandbox();
const ACCOUNTS = `/api/v1/workspaces/${MAIN_WORKSPACE}/accounts`;

beforeEach(async () => {
	await sandbox.control.clearRequests();
});

async function run(
	operation: string,
	rest: INodeParameters = {},
	key: Parameters<typeof sandbox.credentials>[0] = 'full',
) {
	return await runNode({
		parameters: inWorkspace('account', operation, rest),
		credentials: sandbox.credentials(key),
	});
}

async function expectNothingSent() {
	expect(await calls(sandbox.control)).toEqual([]);
}

describe('Get Many', () => {
	test('filters by several platforms at once and by name', async () => {
		const { output, error } = await run('getAll', {
			returnAll: true,
			filters: { platforms: ['facebook', 'bluesky'], search: 'a' },
		});
		expect(error).toBeUndefined();
		// The demo's Facebook and Bluesky accounts whose name has an `a`.
		expect(output).toHaveLength(3);
		for (const { json } of output) expect(['facebook', 'bluesky']).toContain(json.platform);
		expect(await queriesTo(sandbox.control, ACCOUNTS)).toEqual([
			expect.objectContaining({ platform: 'facebook,bluesky', search: 'a' }),
		]);
	});

	test('Return All pages past 100 accounts; a Limit stops early', async () => {
		await seedMain(sandbox.control, 'accounts', 120);
		const total = await listTotal(sandbox.control, 'accounts');
		const all = await run('getAll', { returnAll: true });
		expect(all.error).toBeUndefined();
		expect(all.output).toHaveLength(total);
		const some = await run('getAll', { returnAll: false, limit: 3 });
		expect(some.output).toHaveLength(3);
	});

	test('a platform that is not one (from an expression) is refused before sending', async () => {
		const { error } = await run('getAll', {
			returnAll: true,
			filters: { platforms: '={{ ["facebook", "myspace"] }}' },
		});
		expect(error?.message).toContain('Platforms: "myspace" is not one of');
		await expectNothingSent();
	});
});

describe('Connect', () => {
	test('a new connection: the link, its expiry and next steps, ready to send to a person', async () => {
		const { output, error } = await run('connect', { platform: 'linkedin', process: 'connect' });
		expect(error).toBeUndefined();
		expect(output).toHaveLength(1);
		const session = output[0].json;
		expect(session).toEqual(
			expect.objectContaining({
				authorization_url: expect.stringMatching(
					/^http:\/\/127\.0\.0\.1:\d+\/oauth\/authorize\?session=/,
				),
				expires_in_minutes: 15,
				single_use: true,
				next_steps: [
					'Open the authorization_url in a browser',
					'Sign in to linkedin and grant access',
					'Choose the accounts to connect; they then appear in the accounts list',
				],
				platform: 'linkedin',
				process: 'connect',
			}),
		);
		const message = String(session.message);
		expect(message).toContain(String(session.authorization_url));
		expect(message).toContain(`expires in ${String(session.expires_in_minutes)} minutes`);
		expect(message).toContain('works only once');
		expect(message).toContain('Next steps:');
		const [request] = await sandbox.control.requests();
		expect(request).toMatchObject({
			method: 'POST',
			path: `/api/v1/workspaces/${MAIN_WORKSPACE}/connect/linkedin`,
			query: { process: 'connect' },
		});
	});

	// A batch stopped by a failure names the items done before it by their IDs: a connection's is
	// its `session_id` (it has no other), so the person can tell which link was made.
	test('two connections, the second refused: the error names the first as done, by its session', async () => {
		const path = `/api/v1/workspaces/${MAIN_WORKSPACE}/connect/linkedin`;
		await sandbox.control.fault({ method: 'POST', path, status: 422, skip: 1, times: 1 });
		const { output, error } = await runNode({
			parameters: inWorkspace('account', 'connect', { platform: 'linkedin', process: 'connect' }),
			items: [{ json: {} }, { json: {} }],
			credentials: sandbox.credentials(),
		});
		expect(output).toEqual([]);
		expect(error?.itemIndex).toBe(1);
		expect(error?.description).toMatch(
			/\nDone before this failure: item 0 \(ID [\w-]+\)\. A retry is safe: Retry On Fail, or a retry from the Executions list, gives it back as done and sends only the rest \(a new run would send it again\)\.$/,
		);
	});

	test('reconnecting a chosen account names it in the message', async () => {
		const { output, error } = await run('connect', {
			platform: 'linkedin',
			process: 'reconnect',
			accountId: byId(DEMO.accounts.expiredLinkedin),
		});
		expect(error).toBeUndefined();
		expect(output[0].json).toMatchObject({ process: 'reconnect', account_name: 'Alex Demo' });
		expect(String(output[0].json.message)).toContain('reconnect Alex Demo (LinkedIn)');
		const [request] = await sandbox.control.requests();
		expect(request.query).toEqual({
			process: 'reconnect',
			account_id: DEMO.accounts.expiredLinkedin,
		});
	});

	test('404 ACCOUNT_NOT_FOUND: the account to reconnect is not in the workspace', async () => {
		const { error } = await run('connect', {
			platform: 'twitter',
			process: 'reconnect',
			accountId: byId('999'),
		});
		expect(error?.message).toMatch(/\(HTTP 404 ACCOUNT_NOT_FOUND\)$/);
		expect(error?.description).toContain('Pick the account to reconnect from the list');
	});

	test('422 VALIDATION_ERROR: an active account needs no reconnecting', async () => {
		const { error } = await run('connect', {
			platform: 'linkedin',
			process: 'reconnect',
			accountId: byId(DEMO.accounts.linkedin),
		});
		expect(error?.message).toMatch(/\(HTTP 422 VALIDATION_ERROR\)$/);
		expect(error?.description).toContain('Correct the fields listed');
	});

	test('reconnect without an account, or a platform that cannot connect: refused before sending', async () => {
		const noAccount = await run('connect', {
			platform: 'twitter',
			process: 'reconnect',
			accountId: byId('={{ "" }}'),
		});
		expect(noAccount.error?.message).toBe('Account: is required');
		const bluesky = await run('connect', { platform: '={{ "bluesky" }}', process: 'connect' });
		expect(bluesky.error?.message).toContain('Platform: "bluesky" is not one of');
		await expectNothingSent();
	});
});

describe('Add Bluesky', () => {
	test('connects with handle and app password; a leading @ is dropped', async () => {
		const { output, error } = await run('addBluesky', {
			handle: '@newbrand.bsky.social',
			appPassword: 'abcd-efgh-ijkl-mnop',
		});
		expect(error).toBeUndefined();
		expect(output[0].json).toMatchObject({ platform: 'bluesky', handle: 'newbrand.bsky.social' });
		const [request] = await sandbox.control.requests();
		expect(request.body).toEqual({
			handle: 'newbrand.bsky.social',
			app_password: 'abcd-efgh-ijkl-mnop',
		});
	});

	test('a handle longer than 255 characters, or no app password: refused before sending', async () => {
		const long = await run('addBluesky', {
			handle: `${'a'.repeat(250)}.bsky.social`,
			appPassword: 'abcd-efgh-ijkl-mnop',
		});
		expect(long.error?.message).toBe('Handle: is 262 characters long; the limit is 255');
		const noPassword = await run('addBluesky', {
			handle: 'brand.bsky.social',
			appPassword: '={{ "" }}',
		});
		expect(noPassword.error?.message).toBe('App Password: is required');
		await expectNothingSent();
	});

	test("401 INVALID_CREDENTIALS: the API's help is the description", async () => {
		const { error } = await run('addBluesky', {
			handle: 'brand.bsky.social',
			appPassword: 'my-real-password',
		});
		expect(error?.message).toMatch(/\(HTTP 401 INVALID_CREDENTIALS\)$/);
		expect(error?.description).toContain('Handle format:');
		expect(error?.description).toContain('To create an app password:');
		expect(error?.description).toMatch(/\n1\. /);
		expectNoSecret([error?.message, error?.description], 'my-real-password');
		expectNoSecret(error, DEMO.keys.full);
	});

	test('409 DUPLICATE_ACCOUNT: the account is already in the workspace', async () => {
		const { error } = await run('addBluesky', {
			handle: 'acmecoffee.bsky.social',
			appPassword: 'abcd-efgh-ijkl-mnop',
		});
		expect(error?.message).toMatch(/\(HTTP 409 DUPLICATE_ACCOUNT\)$/);
		expect(error?.description).toContain('Use the existing account');
	});

	test('403 ACCOUNT_LIMIT_REACHED: the workspace is at its cap', async () => {
		const { error } = await run('addBluesky', {
			workspaceId: byId(DEMO.workspaces.second.id),
			handle: 'capped.bsky.social',
			appPassword: 'abcd-efgh-ijkl-mnop',
		});
		expect(error?.message).toMatch(/\(HTTP 403 ACCOUNT_LIMIT_REACHED\)$/);
		expect(error?.description).toContain('cap of connected social accounts');
	});
});

describe('Add Facebook Group', () => {
	test('adds a group by name, with an image', async () => {
		const { output, error } = await run('addFacebookGroup', {
			name: 'Acme Fans',
			options: { image: 'https://example.com/fans.png' },
		});
		expect(error).toBeUndefined();
		expect(output[0].json).toMatchObject({ platform: 'facebook', account_name: 'Acme Fans' });
		const [request] = await sandbox.control.requests();
		expect(request.body).toEqual({ name: 'Acme Fans', image: 'https://example.com/fans.png' });
	});

	test.each([
		['a', 'Group Name: is 1 character long; it needs at least 3'],
		['ab', 'Group Name: is 2 characters long; it needs at least 3'],
		['g'.repeat(256), 'Group Name: is 256 characters long; the limit is 255'],
		['={{ "" }}', 'Group Name: is required'],
	])('name %#: refused before sending', async (name, message) => {
		const { error } = await run('addFacebookGroup', { name });
		expect(error?.message).toBe(message);
		await expectNothingSent();
	});

	test('an image that is not a URL: refused before sending', async () => {
		const { error } = await run('addFacebookGroup', {
			name: 'Acme Fans',
			options: { image: 'fans.png' },
		});
		expect(error?.message).toContain('Image URL: "fans.png" is not a URL');
		await expectNothingSent();
	});

	test('403 INSUFFICIENT_PERMISSIONS: the key may not connect accounts', async () => {
		const { error } = await run('addFacebookGroup', { name: 'Acme Fans' }, 'viewer');
		expect(error?.message).toMatch(/\(HTTP 403 INSUFFICIENT_PERMISSIONS\)$/);
		expect(error?.description).toContain('Ask a workspace admin for the permission');
	});

	test('409 DUPLICATE_ACCOUNT: a group of that name is already there', async () => {
		expect((await run('addFacebookGroup', { name: 'Acme Fans' })).error).toBeUndefined();
		const { error } = await run('addFacebookGroup', { name: 'Acme Fans' });
		expect(error?.message).toMatch(/\(HTTP 409 DUPLICATE_ACCOUNT\)$/);
	});
});

describe('Get Connectable Platforms', () => {
	test('lists how each platform connects', async () => {
		const { output, error } = await runNode({
			parameters: { resource: 'account', operation: 'getConnectablePlatforms' },
			credentials: sandbox.credentials(),
		});
		expect(error).toBeUndefined();
		expect(output.map(({ json }) => json.platform)).toEqual(
			expect.arrayContaining(['bluesky', 'linkedin']),
		);
		for (const { json } of output)
			expect(['oauth', 'credentials', 'manual']).toContain(json.connection_method);
		expect(await calls(sandbox.control)).toEqual(['GET /api/v1/platforms']);
	});

	test('a revoked key is a 401 with where to fix it', async () => {
		const { error } = await runNode({
			parameters: { resource: 'account', operation: 'getConnectablePlatforms' },
			credentials: sandbox.credentials('revoked'),
		});
		expect(error?.message).toMatch(/HTTP 401/);
		expect(error?.description).toContain('credential');
	});
});

test('continueOnFail: a refused item and a failed request become error items, each paired', async () => {
	const { output, error } = await runNode({
		parameters: inWorkspace('account', 'addFacebookGroup', { name: '={{ $json.group }}' }),
		items: [
			{ json: { group: 'xy' } },
			{ json: { group: 'Acme Fans' } },
			{ json: { group: 'Acme Fans' } },
		],
		credentials: sandbox.credentials(),
		continueOnFail: true,
	});
	expect(error).toBeUndefined();
	expect(
		output.map(({ json, pairedItem }) => [json.error ?? json.account_name, pairedItem]),
	).toEqual([
		['Group Name: is 2 characters long; it needs at least 3', { item: 0 }],
		['Acme Fans', { item: 1 }],
		[expect.stringMatching(/DUPLICATE_ACCOUNT/), { item: 2 }],
	]);
	expect(output[2].json.httpCode).toBe('409');
});
