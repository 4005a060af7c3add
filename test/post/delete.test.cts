// Post > Delete: one output item per post, `{deleted: true}` when everything went, and on a 207 the
// per-account results with a hint that some platforms could not delete.
import { runNode } from '../harness/engine.cts';
import { useSandbox } from '../harness/sandbox.cts';
import { DEMO } from '../../sandbox/demo-data.cts';

import { inWorkspace } from '../library/fixtures.cts';
import { A, bodiesSent, POSTS } from './fixtures.cts';

const sandbox = useSandbox();

beforeEach(async () => {
	await sandbox.control.clearRequests();
});

const at = (postId: string) => `${POSTS}/${postId}`;

test('a plain delete sends no body and answers {deleted: true}', async () => {
	const { output, error } = await runNode({
		parameters: inWorkspace('post', 'delete', { postId: DEMO.posts.draft }),
		credentials: sandbox.credentials(),
	});
	expect(error).toBeUndefined();
	expect(output.map((item) => item.json)).toEqual([
		{ deleted: true, post_id: DEMO.posts.draft, all_accounts_deleted: true },
	]);
	expect(await bodiesSent(sandbox.control, 'DELETE', at(DEMO.posts.draft))).toEqual([null]);
});

test('from the platforms, for chosen accounts', async () => {
	const { output, error } = await runNode({
		parameters: inWorkspace('post', 'delete', {
			postId: DEMO.posts.published,
			deleteFromSocial: true,
			accountIds: [A.facebook, A.linkedin],
		}),
		credentials: sandbox.credentials(),
	});
	expect(error).toBeUndefined();
	expect(await bodiesSent(sandbox.control, 'DELETE', at(DEMO.posts.published))).toEqual([
		{ delete_from_social: true, account_ids: [A.facebook, A.linkedin] },
	]);
	expect(output[0].json.post_id).toBe(DEMO.posts.published);
});

test('a 207: per-account results, and a hint naming what could not be deleted', async () => {
	const { output, error } = await runNode({
		parameters: inWorkspace('post', 'delete', {
			postId: DEMO.posts.published,
			deleteFromSocial: true,
		}),
		credentials: sandbox.credentials(),
	});
	expect(error).toBeUndefined();
	expect(await bodiesSent(sandbox.control, 'DELETE', at(DEMO.posts.published))).toEqual([
		{ delete_from_social: true },
	]);
	expect(output).toHaveLength(1);
	const result = output[0].json;
	// The post is removed from the service; only some platforms could not delete it.
	expect(result).toMatchObject({
		deleted: true,
		all_accounts_deleted: false,
		post_id: DEMO.posts.published,
	});
	const accounts = result.accounts as Array<Record<string, unknown>>;
	expect(accounts).toEqual(
		expect.arrayContaining([
			expect.objectContaining({ account_id: A.facebook, platform: 'facebook', status: 'deleted' }),
			expect.objectContaining({
				account_id: A.instagram,
				platform: 'instagram',
				status: 'not_supported',
			}),
		]),
	);
	for (const account of accounts) {
		expect(Object.keys(account).sort()).toEqual([
			'account_id',
			'name',
			'platform',
			'post_url',
			'reason',
			'status',
		]);
	}
	// The reason's own full stop is not doubled before the advice.
	expect(result.hint).toBe(
		'Some platforms could not delete the post: acme.coffee (instagram): not_supported, instagram does not allow deleting posts through its API. Delete it there by hand if it must go (post_url links to it).',
	);
	expect(output[0].pairedItem).toEqual({ item: 0 });
});

test('a 207 whose body says status false is still the per-account results, not an error', async () => {
	await sandbox.control.fault({
		method: 'DELETE',
		path: at(DEMO.posts.published),
		status: 207,
		body: {
			status: false,
			post_id: DEMO.posts.published,
			accounts: {
				[A.tiktok]: {
					platform: 'tiktok',
					name: 'acme.tok',
					status: 'not_supported',
					reason: 'TikTok does not allow it',
					post_url: null,
				},
			},
		},
	});
	const { output, error } = await runNode({
		parameters: inWorkspace('post', 'delete', {
			postId: DEMO.posts.published,
			deleteFromSocial: true,
		}),
		credentials: sandbox.credentials(),
	});
	expect(error).toBeUndefined();
	// The post is removed from the service even when a platform could not delete it.
	expect(output[0].json).toMatchObject({
		deleted: true,
		all_accounts_deleted: false,
		accounts: [expect.objectContaining({ account_id: A.tiktok, status: 'not_supported' })],
	});
});

test('a post that does not exist: continueOnFail gives an error item with the status', async () => {
	const { output } = await runNode({
		parameters: inWorkspace('post', 'delete', { postId: '={{ $json.id }}' }),
		items: [{ json: { id: 'nope' } }, { json: { id: DEMO.posts.draft } }],
		credentials: sandbox.credentials(),
		continueOnFail: true,
	});
	expect(output).toHaveLength(2);
	expect(output[0].json).toEqual({
		error: 'Post not found (HTTP 404)',
		description:
			'Check the IDs used. A workspace the API key has no access to is also answered as not found: pick the workspace from the list to be sure.',
		httpCode: '404',
	});
	expect(output[0].pairedItem).toEqual({ item: 0 });
	expect(output[1].json).toEqual({
		deleted: true,
		post_id: DEMO.posts.draft,
		all_accounts_deleted: true,
	});
	expect(output[1].pairedItem).toEqual({ item: 1 });
});
