// Comment > Create and Get Many on a post.
import { runNode } from '../harness/engine.cts';
import { useSandbox } from '../harness/sandbox.cts';
import { DEMO } from '../../sandbox/demo-data.cts';

import { inWorkspace, MAIN_WORKSPACE, queriesTo } from '../library/fixtures.cts';
import { bodiesSent, POSTS } from '../post/fixtures.cts';

const sandbox = useSandbox();

beforeEach(async () => {
	await sandbox.control.clearRequests();
});

const post = DEMO.posts.pendingForAlex1;
const COMMENTS = `${POSTS}/${post}/comments`;

describe('Create', () => {
	test('an internal note mentioning team members', async () => {
		const { output, error } = await runNode({
			parameters: inWorkspace('comment', 'create', {
				postId: post,
				comment: 'Please check the price, @Maya',
				isNote: true,
				mentionedUsers: [DEMO.users.maya.id, DEMO.users.jordan.id],
			}),
			credentials: sandbox.credentials(),
		});
		expect(error).toBeUndefined();
		expect(await bodiesSent(sandbox.control, 'POST', COMMENTS)).toEqual([
			{
				comment: 'Please check the price, @Maya',
				is_note: true,
				mentioned_users: [DEMO.users.maya.id, DEMO.users.jordan.id],
			},
		]);
		expect(output[0].json).toMatchObject({
			comment: 'Please check the price, @Maya',
			is_note: true,
			post_id: post,
		});
	});

	test('a plain comment sends only its text', async () => {
		const { error } = await runNode({
			parameters: inWorkspace('comment', 'create', { postId: post, comment: 'Looks good' }),
			credentials: sandbox.credentials(),
		});
		expect(error).toBeUndefined();
		expect(await bodiesSent(sandbox.control, 'POST', COMMENTS)).toEqual([
			{ comment: 'Looks good' },
		]);
	});

	test('an empty comment is refused before sending', async () => {
		const { error } = await runNode({
			parameters: inWorkspace('comment', 'create', { postId: post, comment: '  ' }),
			credentials: sandbox.credentials(),
		});
		expect(error?.message).toBe('Comment: is required');
		expect(await sandbox.control.requests()).toEqual([]);
	});
});

describe('Get Many', () => {
	test("Return All lists the post's comments, one item each", async () => {
		const { output, error } = await runNode({
			parameters: inWorkspace('comment', 'getAll', { postId: post, returnAll: true }),
			credentials: sandbox.credentials(),
		});
		expect(error).toBeUndefined();
		expect(output).toHaveLength(3);
		expect(output.map((item) => item.json.comment)).toEqual(
			expect.arrayContaining(['Looking now.', 'Internal: legal cleared the claim.']),
		);
		expect(output.every((item) => JSON.stringify(item.pairedItem) === '{"item":0}')).toBe(true);
		expect(await queriesTo(sandbox.control, COMMENTS)).toEqual([{ page: '1', per_page: '100' }]);
	});

	test('Limit asks for no more than it needs', async () => {
		const { output } = await runNode({
			parameters: inWorkspace('comment', 'getAll', { postId: post, limit: 2 }),
			credentials: sandbox.credentials(),
		});
		expect(output).toHaveLength(2);
		expect(await queriesTo(sandbox.control, COMMENTS)).toEqual([{ page: '1', per_page: '2' }]);
	});

	test('a post that does not exist: the API message and status', async () => {
		const { error } = await runNode({
			parameters: inWorkspace('comment', 'getAll', { postId: 'missing-post' }),
			credentials: sandbox.credentials(),
		});
		expect(error?.httpCode).toBe('404');
		expect(
			await queriesTo(
				sandbox.control,
				`/api/v1/workspaces/${MAIN_WORKSPACE}/posts/missing-post/comments`,
			),
		).toHaveLength(1);
	});
});
