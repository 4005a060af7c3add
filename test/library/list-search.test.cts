// The searchable lists behind every resource locator: search text goes to the API, the page number
// is the pagination token, and the lists stay complete past 100 entries.
import { useSandbox } from '../harness/sandbox.cts';
import { DEMO } from '../../sandbox/demo-data.cts';

import { byId, calls, listTotal, MAIN_WORKSPACE, queriesTo, seedMain } from './fixtures.cts';
import { listAll, runListSearch } from './list-search.cts';

const sandbox = useSandbox();

beforeEach(async () => {
	await sandbox.control.clearRequests();
});

const parameters = { resource: 'label', operation: 'getAll', workspaceId: byId(MAIN_WORKSPACE) };

const LISTS = [
	{ method: 'searchAccounts', segment: 'accounts', seed: 'accounts', name: 'account_name' },
	{ method: 'searchCampaigns', segment: 'campaigns', seed: 'campaigns', name: 'name' },
	{
		method: 'searchContentCategories',
		segment: 'content-categories',
		seed: 'content_categories',
		name: 'name',
	},
	{ method: 'searchTeamMembers', segment: 'team-members', seed: 'team_members', name: 'name' },
] as const;

describe.each(LISTS)('$method', ({ method, segment, seed, name }) => {
	const path = `/api/v1/workspaces/${MAIN_WORKSPACE}/${segment}`;

	test('pages past 100 entries with a page-number token, every entry once', async () => {
		await seedMain(sandbox.control, seed, 150);
		const total = await listTotal(sandbox.control, segment);
		const { items, tokens } = await listAll({
			method,
			parameters,
			credentials: sandbox.credentials(),
		});
		expect(items).toHaveLength(total);
		expect(new Set(items.map((item) => item.value)).size).toBe(items.length);
		expect(items.every((item) => typeof item.name === 'string' && item.name !== '')).toBe(true);
		expect(tokens).toEqual(['2']);
		expect(await queriesTo(sandbox.control, path)).toEqual([
			expect.objectContaining({ page: '1', per_page: '100' }),
			expect.objectContaining({ page: '2', per_page: '100' }),
		]);
	});

	test('the search text goes to the API as `search`, and its results page too', async () => {
		await seedMain(sandbox.control, seed, 120, { [name]: 'Quokka {n}' });
		const { items } = await listAll({
			method,
			parameters,
			credentials: sandbox.credentials(),
			filter: 'quokka',
		});
		expect(items).toHaveLength(120);
		expect(items.every((item) => item.name.startsWith('Quokka'))).toBe(true);
		const queries = await queriesTo(sandbox.control, path);
		expect(queries).toHaveLength(2);
		expect(queries.every((query) => query.search === 'quokka')).toBe(true);
	});

	test('without a workspace it asks for one and sends nothing', async () => {
		const { error } = await runListSearch({
			method,
			parameters: { ...parameters, workspaceId: byId('') },
			credentials: sandbox.credentials(),
		});
		expect(error?.message).toBe('Choose a workspace first');
		expect(error?.description).toContain('Workspace');
		expect(await calls(sandbox.control)).toEqual([]);
	});
});

test('searchWorkspaces lists the workspaces, filtered by name', async () => {
	const { result } = await runListSearch({
		method: 'searchWorkspaces',
		parameters: { resource: 'workspace', operation: 'getAll' },
		credentials: sandbox.credentials(),
		filter: DEMO.workspaces.second.name.slice(0, 4),
	});
	expect(result?.results).toContainEqual({
		name: DEMO.workspaces.second.name,
		value: DEMO.workspaces.second.id,
	});
});

test('searchTeamMembers offers user IDs, which approvers and mentions take', async () => {
	const { items } = await listAll({
		method: 'searchTeamMembers',
		parameters,
		credentials: sandbox.credentials(),
	});
	expect(items).toContainEqual(
		expect.objectContaining({
			value: DEMO.users.maya.id,
			name: expect.stringContaining(DEMO.users.maya.name),
		}),
	);
});

test('a workspace the key cannot reach: the API error with what to do', async () => {
	const { error } = await runListSearch({
		method: 'searchCampaigns',
		parameters: { ...parameters, workspaceId: byId('ws-none') },
		credentials: sandbox.credentials(),
	});
	expect(error?.message).toBe('Workspace not found or access denied (HTTP 404)');
	expect(error?.description).toBe(
		'Check the IDs used. A workspace the API key has no access to is also answered as not found: pick the workspace from the list to be sure.',
	);
});

test.each([
	['linkedin', 'linkedin', [DEMO.accounts.linkedin, DEMO.accounts.expiredLinkedin]],
	['instagram-via-facebook', 'instagram', [DEMO.accounts.instagram]],
])('reconnecting with %s lists only %s accounts', async (platform, accountPlatform, ids) => {
	const { items } = await listAll({
		method: 'searchAccounts',
		parameters: {
			...parameters,
			resource: 'account',
			operation: 'connect',
			platform,
			process: 'reconnect',
		},
		credentials: sandbox.credentials(),
	});
	expect(items.map((item) => item.value)).toEqual(expect.arrayContaining(ids));
	expect(items).toHaveLength(ids.length);
	expect(await queriesTo(sandbox.control, `/api/v1/workspaces/${MAIN_WORKSPACE}/accounts`)).toEqual(
		[expect.objectContaining({ platform: accountPlatform })],
	);
});

// Someone waits on a list in the editor, so it waits out a 429 only while the service asks for at
// most 15 s. Each test has a key of its own: a 429 teaches the key's rate-limit gate a window.
describe("a 429 on the editor's lists", () => {
	const path = `/api/v1/workspaces/${MAIN_WORKSPACE}/campaigns`;
	const tooMany = (retryAfter: number) => ({
		status: false,
		message: 'Too many requests',
		error_code: 'RATE_LIMIT_EXCEEDED',
		retry_after: retryAfter,
	});
	const statuses = async () =>
		(await sandbox.control.requests({ path })).map((request) => request.status);

	test('a wait of 1 s is waited out, and the list comes', async () => {
		await sandbox.control.fault({ path, times: 1, status: 429, body: tooMany(1) });
		const { result, error } = await runListSearch({
			method: 'searchCampaigns',
			parameters,
			credentials: sandbox.credentials('viewer'),
		});
		expect(error).toBeUndefined();
		expect(result?.results).toContainEqual(
			expect.objectContaining({ value: DEMO.campaigns.spring }),
		);
		expect(await statuses()).toEqual([429, 200]);
	});

	test('a wait of 16 s is not started: the error says when to try again, after one request', async () => {
		await sandbox.control.fault({ path, times: 1, status: 429, body: tooMany(16) });
		const { error } = await runListSearch({
			method: 'searchCampaigns',
			parameters,
			credentials: sandbox.credentials('workspace'),
		});
		expect(error?.message).toMatch(
			/^Rate limit exceeded: try again after \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z \(HTTP 429\)$/,
		);
		expect(await statuses()).toEqual([429]);
	});
});
