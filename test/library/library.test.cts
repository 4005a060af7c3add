// The workspace's library through the real engine: labels, campaigns, content categories and team
// members (Get Many with search and Return All / Limit), workspaces, the current user and the
// Facebook text backgrounds.
import { expectNoSecret, runNode } from '../harness/engine.cts';
import { useSandbox } from '../harness/sandbox.cts';
import { DEMO } from '../../sandbox/demo-data.cts';

import {
	byId,
	calls,
	inWorkspace,
	listTotal,
	MAIN_WORKSPACE,
	queriesTo,
	seedMain,
} from './fixtures.cts';

const sandbox = useSandbox();

beforeEach(async () => {
	await sandbox.control.clearRequests();
});

const LISTS = [
	{ resource: 'label', segment: 'labels', seed: 'labels' },
	{ resource: 'campaign', segment: 'campaigns', seed: 'campaigns' },
	{ resource: 'contentCategory', segment: 'content-categories', seed: 'content_categories' },
	{ resource: 'teamMember', segment: 'team-members', seed: 'team_members' },
] as const;

describe.each(LISTS)('$resource: Get Many', ({ resource, segment, seed }) => {
	const path = `/api/v1/workspaces/${MAIN_WORKSPACE}/${segment}`;

	test('Return All walks every page, past 100 entries', async () => {
		await seedMain(sandbox.control, seed, 130);
		const total = await listTotal(sandbox.control, segment);
		const { output, error } = await runNode({
			parameters: inWorkspace(resource, 'getAll', { returnAll: true }),
			credentials: sandbox.credentials(),
		});
		expect(error).toBeUndefined();
		expect(output).toHaveLength(total);
		const ids = output.map(({ json }) => json._id ?? json.id);
		expect(new Set(ids).size).toBe(output.length);
		expect(await queriesTo(sandbox.control, path)).toEqual([
			expect.objectContaining({ page: '1', per_page: '100' }),
			expect.objectContaining({ page: '2', per_page: '100' }),
		]);
		expect(
			output.every((item) => item.pairedItem && (item.pairedItem as { item: number }).item === 0),
		).toBe(true);
	});

	test('a Limit asks for no more than it needs', async () => {
		await seedMain(sandbox.control, seed, 30);
		const { output, error } = await runNode({
			parameters: inWorkspace(resource, 'getAll', { returnAll: false, limit: 5 }),
			credentials: sandbox.credentials(),
		});
		expect(error).toBeUndefined();
		expect(output).toHaveLength(5);
		expect(await queriesTo(sandbox.control, path)).toEqual([
			expect.objectContaining({ page: '1', per_page: '5' }),
		]);
	});

	test('the search text goes to the API as `search`', async () => {
		await seedMain(sandbox.control, seed, 3, { name: 'Zebra {n}' });
		const { output, error } = await runNode({
			parameters: inWorkspace(resource, 'getAll', { search: ' zebra ', returnAll: true }),
			credentials: sandbox.credentials(),
		});
		expect(error).toBeUndefined();
		expect(output).toHaveLength(3);
		for (const { json } of output) expect(String(json.name)).toMatch(/^Zebra/);
		expect(await queriesTo(sandbox.control, path)).toEqual([
			expect.objectContaining({ search: 'zebra' }),
		]);
	});

	test('a workspace that comes out empty: a clear error and no request', async () => {
		const { output, error } = await runNode({
			parameters: {
				resource,
				operation: 'getAll',
				workspaceId: byId('={{ $json.workspace }}'),
				returnAll: true,
			},
			items: [{ json: { workspace: '' } }],
			credentials: sandbox.credentials(),
		});
		expect(output).toEqual([]);
		expect(error?.message).toBe('Workspace: is required');
		expect(error?.description).toContain('Item 0 was not sent');
		expect(await calls(sandbox.control)).toEqual([]);
	});
});

// The editor does not mark Workspace required (an example imports with it empty and no node in
// error), so the node itself stops a run without one, before anything is sent.
test('a workspace left empty in the editor: the node says it is required, nothing is sent', async () => {
	const { output, error } = await runNode({
		parameters: { resource: 'label', operation: 'getAll', workspaceId: byId(''), returnAll: true },
		credentials: sandbox.credentials(),
	});
	expect(output).toEqual([]);
	expect(error?.message).toBe('Workspace: is required');
	expect(await calls(sandbox.control)).toEqual([]);
});

test('a required field left empty in the editor: n8n itself refuses to run, nothing is sent', async () => {
	await expect(
		runNode({
			parameters: {
				resource: 'post',
				operation: 'delete',
				workspaceId: byId(MAIN_WORKSPACE),
				postId: '',
			},
			credentials: sandbox.credentials(),
		}),
	).rejects.toThrow('Parameter "Post ID" is required');
	expect(await calls(sandbox.control)).toEqual([]);
});

describe('Workspace: Get Many', () => {
	test('lists the workspaces the key can reach, with IDs and time zones', async () => {
		const { output, error } = await runNode({
			parameters: { resource: 'workspace', operation: 'getAll' },
			credentials: sandbox.credentials(),
		});
		expect(error).toBeUndefined();
		expect(output.map(({ json }) => json._id ?? json.id)).toEqual(
			expect.arrayContaining([DEMO.workspaces.main.id, DEMO.workspaces.second.id]),
		);
		const main = output.find(({ json }) => (json._id ?? json.id) === DEMO.workspaces.main.id);
		expect(main?.json).toMatchObject({
			name: DEMO.workspaces.main.name,
			timezone: DEMO.workspaces.main.timezone,
		});
	});

	test('a revoked key: the API says why, the hint says where to fix it, the key is not shown', async () => {
		const credentials = sandbox.credentials('revoked');
		const { error } = await runNode({
			parameters: { resource: 'workspace', operation: 'getAll' },
			credentials,
		});
		expect(error?.message).toMatch(/HTTP 401/);
		expect(error?.description).toContain('Check the API key in the Social Publishing credential');
		expectNoSecret(error, credentials.apiKey);
	});
});

describe('User: Get Current', () => {
	test('is the /me call', async () => {
		const { output, error } = await runNode({
			parameters: { resource: 'user', operation: 'getCurrent' },
			credentials: sandbox.credentials(),
		});
		expect(error).toBeUndefined();
		expect(output).toHaveLength(1);
		expect(output[0].json).toMatchObject({ email: DEMO.users.alex.email });
		expect(await calls(sandbox.control)).toEqual(['GET /api/v1/me']);
	});

	test('a key of a plan without API access: 403 with what it can mean', async () => {
		const { error } = await runNode({
			parameters: { resource: 'user', operation: 'getCurrent' },
			credentials: sandbox.credentials('noApi'),
		});
		expect(error?.message).toMatch(/HTTP 403/);
		expect(error?.description).toContain('the plan may lack API access');
	});
});

describe('Facebook Text Background: Get Many', () => {
	test('lists the presets whose id is a facebook_background_id', async () => {
		const { output, error } = await runNode({
			parameters: { resource: 'facebookTextBackground', operation: 'getAll' },
			credentials: sandbox.credentials(),
		});
		expect(error).toBeUndefined();
		const bg = DEMO.textBackgrounds;
		expect(output.map(({ json }) => `${String(json.id)} ${String(json.description)}`)).toEqual([
			`${bg.sunset} Sunset gradient`,
			`${bg.ocean} Solid blue`,
			`${bg.hearts} Pink hearts`,
			'106018623298955 Solid black',
			'1777259169190672 Lemon gradient',
			'621731364695726 Starry night',
		]);
		expect(await calls(sandbox.control)).toEqual(['GET /api/v1/facebook/text-backgrounds']);
	});
});

describe('items, pairing and continueOnFail', () => {
	const parameters = {
		resource: 'label',
		operation: 'getAll',
		workspaceId: byId('={{ $json.workspace }}'),
		returnAll: true,
	};
	const items = [
		{ json: { workspace: '' } },
		{ json: { workspace: MAIN_WORKSPACE } },
		{ json: { workspace: 'ws-none' } },
	];

	test('each item gets its own answer, paired to it; failures become items', async () => {
		const { output, error } = await runNode({
			parameters,
			items,
			credentials: sandbox.credentials(),
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		const failed = output.filter(({ json }) => json.error !== undefined);
		expect(failed.map(({ json, pairedItem }) => [json.error, pairedItem])).toEqual([
			['Workspace: is required', { item: 0 }],
			['Workspace not found or access denied (HTTP 404)', { item: 2 }],
		]);
		const labels = output.filter(({ json }) => json.error === undefined);
		// The demo's four labels of the main workspace.
		expect(labels).toHaveLength(4);
		expect(labels.every(({ pairedItem }) => (pairedItem as { item: number }).item === 1)).toBe(
			true,
		);
		expect(await calls(sandbox.control)).toHaveLength(2);
	});

	test('without continueOnFail the first failure stops the run and names the item', async () => {
		const { error } = await runNode({
			parameters,
			items: items.slice(1).reverse(),
			credentials: sandbox.credentials(),
		});
		expect(error?.message).toBe('Workspace not found or access denied (HTTP 404)');
		expect(error?.itemIndex).toBe(0);
		expect(error?.description).toBe(
			'Check the IDs used. A workspace the API key has no access to is also answered as not found: pick the workspace from the list to be sure.',
		);
	});
});
