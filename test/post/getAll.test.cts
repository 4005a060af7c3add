// Post > Get Many: every filter of 4.13 in the query, Return All past 100, Limit, Simplify, and
// one output item per post, paired to the input item that asked.
import { runNode } from '../harness/engine.cts';
import { useSandbox } from '../harness/sandbox.cts';
import { DEMO } from '../../sandbox/demo-data.cts';

import { inWorkspace, listTotal, MAIN_WORKSPACE, queriesTo } from '../library/fixtures.cts';
import { POSTS, SIMPLIFIED_POST_KEYS, storedPosts } from './fixtures.cts';

const sandbox = useSandbox();

beforeEach(async () => {
	await sandbox.control.clearRequests();
});

const { maya, alex, jordan } = DEMO.users;

test('every filter reaches the API as 4.13 names it', async () => {
	const { error } = await runNode({
		parameters: inWorkspace('post', 'getAll', {
			returnAll: true,
			filters: {
				statuses: ['under_review', 'scheduled'],
				dateFrom: '2025-05-01T23:30:00Z',
				dateTo: '2025-12-31',
				approvalAssignedTo: [maya.id, jordan.id],
				approvalRequestedBy: [alex.id, maya.id],
			},
			options: { timezone: 'Europe/Berlin' },
		}),
		credentials: sandbox.credentials(),
	});
	expect(error).toBeUndefined();
	expect(await queriesTo(sandbox.control, POSTS)).toEqual([
		{
			'status[]': ['under_review', 'scheduled'],
			date_from: '2025-05-02',
			date_to: '2025-12-31',
			'approval_assigned_to[]': [maya.id, jordan.id],
			'approval_requested_by[]': [alex.id, maya.id],
			page: '1',
			per_page: '100',
		},
	]);
});

test('posts awaiting one approver, simplified', async () => {
	const { output, error } = await runNode({
		parameters: inWorkspace('post', 'getAll', {
			returnAll: true,
			filters: { statuses: ['under_review'], approvalAssignedTo: [maya.id] },
		}),
		credentials: sandbox.credentials(),
	});
	expect(error).toBeUndefined();
	const ids = output.map((item) => item.json.id).sort();
	expect(ids).toEqual([DEMO.posts.pendingForMaya1, DEMO.posts.pendingForMaya2].sort());
	const first = output.find((item) => item.json.id === DEMO.posts.pendingForMaya1)?.json;
	expect(Object.keys(first ?? {}).sort()).toEqual(SIMPLIFIED_POST_KEYS);
	expect(first).toMatchObject({
		status: 'under_review',
		text: 'Meet Ana, our head barista.',
		approval_status: 'pending_approval',
		timezone: 'Europe/Berlin',
		published_at: null,
	});
	expect(first?.accounts).toEqual(
		expect.arrayContaining([
			expect.objectContaining({ account_id: DEMO.accounts.instagram, platform: 'instagram' }),
		]),
	);
	expect(output.every((item) => JSON.stringify(item.pairedItem) === '{"item":0}')).toBe(true);
});

test('without Simplify the posts are returned as the API sends them', async () => {
	const { output } = await runNode({
		parameters: inWorkspace('post', 'getAll', { limit: 2, output: 'raw' }),
		credentials: sandbox.credentials(),
	});
	expect(output).toHaveLength(2);
	const stored = await storedPosts(sandbox.url);
	for (const { json } of output) {
		expect(json).toEqual(stored.find((post) => (post._id ?? post.id) === (json._id ?? json.id)));
	}
});

test('Return All walks every page; Limit asks for no more than it needs', async () => {
	// One request a page where the service keeps one order between requests.
	await sandbox.control.profile({ listOrder: 'updated-desc' });
	await sandbox.control.seed({ workspace_id: MAIN_WORKSPACE, resource: 'posts', count: 150 });
	const total = await listTotal(sandbox.control, 'posts');
	const all = await runNode({
		parameters: inWorkspace('post', 'getAll', { returnAll: true }),
		credentials: sandbox.credentials(),
	});
	expect(all.output).toHaveLength(total);
	expect(new Set(all.output.map((item) => item.json.id)).size).toBe(all.output.length);
	expect(
		(await queriesTo(sandbox.control, POSTS)).map((query) => [query.page, query.per_page]),
	).toEqual([
		['1', '100'],
		['2', '100'],
	]);

	await sandbox.control.clearRequests();
	const some = await runNode({
		parameters: inWorkspace('post', 'getAll', { limit: 5 }),
		credentials: sandbox.credentials(),
	});
	expect(some.output).toHaveLength(5);
	expect(await queriesTo(sandbox.control, POSTS)).toEqual([{ page: '1', per_page: '5' }]);
});

/** Posts lists answered before the run: each draws the next order of the sandbox's shuffles. */
const SHUFFLE_SEEDS = [0, 1, 2, 3, 4, 5];

test.each(SHUFFLE_SEEDS)(
	'Return All in a list in a new order for every request (shuffle %i): every post once, or as many as read with a warning that says so',
	async (seed) => {
		await sandbox.control.profile({ listOrder: 'shuffled' });
		await sandbox.control.seed({ workspace_id: MAIN_WORKSPACE, resource: 'posts', count: 230 });
		for (let draw = 0; draw < seed; draw++) await listTotal(sandbox.control, 'posts');
		const total = await listTotal(sandbox.control, 'posts');
		const { output, error, hints } = await runNode({
			parameters: inWorkspace('post', 'getAll', { returnAll: true }),
			credentials: sandbox.credentials(),
		});
		expect(error).toBeUndefined();
		const ids = output.map((item) => item.json.id);
		expect(new Set(ids).size).toBe(ids.length);
		// Three pages a reading; the pages are read again, at most 3 more times, until they add up.
		const pages = (await queriesTo(sandbox.control, POSTS)).map((query) => query.page);
		const readings = pages.length / 3;
		expect([1, 2, 3, 4]).toContain(readings);
		if (ids.length === total) {
			expect(hints).toEqual([]);
			expect(output.every((item) => item.json.list_incomplete === undefined)).toBe(true);
			return;
		}
		expect(readings).toBe(4);
		const message =
			`Return All read ${ids.length} of the ${total} records the service counts in this list: ` +
			'its 3 pages did not add up after 4 readings of each. ' +
			'The service listed the records in a different order for each page, or the list changed while it was read. ' +
			'Run it again, or narrow the list with filters until it fits on one page (100 records).';
		expect(hints).toEqual([`Item 0: ${message}`]);
		for (const item of output) {
			expect(item.json.list_incomplete).toEqual({ read: ids.length, total, message });
			expect(Object.keys(item.json).sort()).toEqual([...SIMPLIFIED_POST_KEYS, 'list_incomplete'].sort());
		}
	},
);

test('one list per input item, each paired to its item', async () => {
	const { output } = await runNode({
		parameters: inWorkspace('post', 'getAll', { limit: 2 }),
		items: [{ json: {} }, { json: {} }],
		credentials: sandbox.credentials(),
	});
	expect(output.map((item) => item.pairedItem)).toEqual([
		{ item: 0 },
		{ item: 0 },
		{ item: 1 },
		{ item: 1 },
	]);
});

test('Date From after Date To is refused before sending', async () => {
	const { error } = await runNode({
		parameters: inWorkspace('post', 'getAll', {
			filters: { dateFrom: '2025-02-01', dateTo: '2025-01-01' },
		}),
		credentials: sandbox.credentials(),
	});
	expect(error?.message).toBe('Date From: (2025-02-01) is after Date To (2025-01-01)');
	expect(await queriesTo(sandbox.control, POSTS)).toEqual([]);
});
