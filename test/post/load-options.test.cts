// The multi-selects of Post and Comment (accounts, labels, team members, media, first-comment
// accounts, Facebook backgrounds): complete past 100 entries and scoped to the chosen workspace.
import { useSandbox } from '../harness/sandbox.cts';
import { DEMO } from '../../sandbox/demo-data.cts';

import { byId, inWorkspace, listTotal, MAIN_WORKSPACE, queriesTo } from '../library/fixtures.cts';
import { A } from './fixtures.cts';
import { runLoadOptions } from './load-options.cts';

const sandbox = useSandbox();

beforeEach(async () => {
	await sandbox.control.clearRequests();
});

const createPost = inWorkspace('post', 'create');
const inSecond = { ...createPost, workspaceId: byId(DEMO.workspaces.second.id) };

const LISTS = [
	{ method: 'getAccounts', segment: 'accounts', seed: 'accounts' },
	{ method: 'getLabels', segment: 'labels', seed: 'labels' },
	{ method: 'getTeamMembers', segment: 'team-members', seed: 'team_members' },
	{ method: 'getMediaItems', segment: 'media', seed: 'media' },
] as const;

describe.each(LISTS)('$method', ({ method, segment, seed }) => {
	test('walks every page past 100 entries, each entry once, sorted by name', async () => {
		await sandbox.control.seed({ workspace_id: MAIN_WORKSPACE, resource: seed, count: 150 });
		const total = await listTotal(sandbox.control, segment);
		const { options, error } = await runLoadOptions(method, createPost, sandbox.credentials());
		expect(error).toBeUndefined();
		expect(options).toHaveLength(total);
		expect(new Set(options?.map((option) => option.value)).size).toBe(options?.length);
		const names = options?.map((option) => option.name) ?? [];
		expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
		expect(
			(await queriesTo(sandbox.control, `/api/v1/workspaces/${MAIN_WORKSPACE}/${segment}`)).map(
				(query) => query.page,
			),
		).toEqual(['1', '2']);
	});

	test('without a workspace it asks for one, and sends nothing', async () => {
		const { error } = await runLoadOptions(
			method,
			{ resource: 'post', operation: 'create' },
			sandbox.credentials(),
		);
		expect(error?.message).toBe('Choose a workspace first');
		expect(await sandbox.control.requests()).toEqual([]);
	});
});

test('accounts follow the chosen workspace, named with their platform', async () => {
	const { options } = await runLoadOptions('getAccounts', inSecond, sandbox.credentials());
	expect(options).toEqual(
		expect.arrayContaining([{ name: 'Acme Coffee US (Facebook)', value: A.secondFacebook }]),
	);
	expect(options?.map((option) => option.value)).not.toContain(A.facebook);
});

test('accounts name their platform as people write it', async () => {
	const { options } = await runLoadOptions('getAccounts', createPost, sandbox.credentials());
	// By name: some platforms' account IDs differ by the sandbox's settings.
	expect(options?.map((option) => option.name)).toEqual(
		expect.arrayContaining([
			'Acme Coffee Co. (LinkedIn)',
			'@acmecoffee (X (Twitter))',
			'@acme.coffee (TikTok)',
			'Acme Coffee TV (YouTube)',
			'Acme Coffee Berlin Mitte (Google Business Profile)',
		]),
	);
});

test('team members are offered by user ID, which approvers and mentions need', async () => {
	const { options } = await runLoadOptions('getTeamMembers', createPost, sandbox.credentials());
	expect(options).toEqual(
		expect.arrayContaining([
			expect.objectContaining({
				name: 'Maya Approver (maya@demo.social)',
				value: DEMO.users.maya.id,
			}),
		]),
	);
});

test("first-comment accounts are the post's chosen accounts", async () => {
	const { options } = await runLoadOptions(
		'getFirstCommentAccounts',
		{ ...createPost, accounts: [A.facebook, A.instagram] },
		sandbox.credentials(),
	);
	expect(options?.map((option) => option.value).sort()).toEqual([A.facebook, A.instagram].sort());
});

test('Facebook text backgrounds need no workspace', async () => {
	const { options, error } = await runLoadOptions(
		'getTextBackgrounds',
		{ resource: 'post' },
		sandbox.credentials(),
	);
	expect(error).toBeUndefined();
	expect(options?.map((option) => option.value)).toEqual(
		expect.arrayContaining([DEMO.textBackgrounds.sunset, DEMO.textBackgrounds.ocean]),
	);
});
