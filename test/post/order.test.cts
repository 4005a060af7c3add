// Where the service acts by arrival, items arrive in item order: a queue slot (Publish Type
// "Queued" or "Content Category") goes to the post that arrives first, a post's comments read in
// the order they arrive, and a workspace's account cap goes to the accounts added first. Proved
// with a sandbox whose latency varies per request (a seeded draw of 0 to 150 ms), under several
// seeds: the slots the sandbox gave, and the order it made things in.
import type { IDataObject } from 'n8n-workflow';

import { DEMO } from '../../sandbox/demo-data.cts';
import { runNode } from '../harness/engine.cts';
import { useSandbox } from '../harness/sandbox.cts';
import { byId, inWorkspace, MAIN_WORKSPACE } from '../library/fixtures.cts';
import { A, jsonItems, POSTS, storedPosts } from './fixtures.cts';

const sandbox = useSandbox();

const SEEDS = [1, 2, 3];
const COMMENTS = `/api/v1/workspaces/${MAIN_WORKSPACE}/posts/${DEMO.posts.pendingForMaya1}/comments`;

const stories = (count: number, publishType: (n: number) => string) =>
	jsonItems(
		Array.from({ length: count }, (_, n) => ({
			text: `Story ${String(n).padStart(2, '0')}`,
			publishType: publishType(n),
		})),
	);
const createPosts = inWorkspace('post', 'create', {
	text: '={{ $json.text }}',
	accounts: [A.facebook],
	publishType: '={{ $json.publishType }}',
	// With Publish Type from an expression n8n cannot tell whether Scheduled At shows, and needs it.
	scheduledAt: '={{ $json.at }}',
	additionalFields: { contentCategoryId: byId('={{ $json.category }}') },
});

/** The texts the sandbox took in, in the order it answered them, from its request log. */
async function arrived(path: string, field: (body: IDataObject) => unknown): Promise<string[]> {
	return (await sandbox.control.requests({ method: 'POST', path }))
		.filter((request) => request.status === 200 || request.status === 201)
		.map((request) => String(field(request.body as IDataObject)));
}
const postText = (body: IDataObject) => (body.content as IDataObject).text;

/** This batch's posts that took a queue slot, as the sandbox holds them, in slot order. */
async function bySlot(): Promise<Array<{ text: string; slot: string }>> {
	return (await storedPosts(sandbox.url))
		.map((post) => ({
			text: String((post.content as IDataObject).text),
			slot: String((post.scheduling as IDataObject).scheduled_at ?? ''),
		}))
		.filter((post) => post.text.startsWith('Story ') && post.slot !== '')
		.sort((a, b) => a.slot.localeCompare(b.slot));
}

beforeEach(async () => {
	await sandbox.control.reset();
});

describe.each(SEEDS)('latency that varies per request (seed %i)', (seed) => {
	beforeEach(async () => {
		await sandbox.control.latency(0, { spreadMs: 150, seed });
	});

	test('20 queued posts take their queue slots in item order', async () => {
		const items = stories(20, () => 'queued');
		const { output, error } = await runNode({
			parameters: createPosts,
			items: items.map((item) => ({ json: { ...item.json, category: '' } })),
			credentials: sandbox.credentials(),
		});
		expect(error).toBeUndefined();
		expect(output.map((item) => item.pairedItem)).toEqual(items.map((_, item) => ({ item })));
		const texts = items.map((item) => item.json.text);
		expect(await arrived(POSTS, postText)).toEqual(texts);
		const slots = await bySlot();
		expect(slots.map((post) => post.text)).toEqual(texts);
		expect(new Set(slots.map((post) => post.slot)).size).toBe(20);
	});

	test('mixed with drafts: the queued and content-category posts keep their order, drafts go alongside', async () => {
		// Items 0, 3, 6, ... are drafts; the rest take slots, by queue or by content category.
		const items = stories(18, (n) => (n % 3 === 0 ? 'draft' : n % 3 === 1 ? 'queued' : 'cc'));
		const { error } = await runNode({
			parameters: createPosts,
			items: items.map(({ json: { text, publishType } }) => ({
				json: {
					text,
					publishType: publishType === 'cc' ? 'content_category' : publishType,
					category: publishType === 'cc' ? DEMO.contentCategories.tips : '',
				},
			})),
			credentials: sandbox.credentials(),
		});
		expect(error).toBeUndefined();
		const slotted = items
			.filter((item) => item.json.publishType !== 'draft')
			.map((item) => item.json.text);
		const all = await arrived(POSTS, postText);
		expect(all.filter((text) => slotted.includes(text))).toEqual(slotted);
		expect([...all].sort()).toEqual(items.map((item) => item.json.text));
		expect((await bySlot()).map((post) => post.text)).toEqual(slotted);
		// The drafts were not held back to one at a time: some went while others were under way.
		expect((await sandbox.control.concurrency()).max).toBeGreaterThan(1);
	});

	test('the same 20 as drafts go in parallel, so they arrive out of item order', async () => {
		const items = stories(20, () => 'draft');
		const { error } = await runNode({
			parameters: createPosts,
			items: items.map((item) => ({ json: { ...item.json, category: '' } })),
			credentials: sandbox.credentials(),
		});
		expect(error).toBeUndefined();
		const texts = items.map((item) => item.json.text);
		const all = await arrived(POSTS, postText);
		expect([...all].sort()).toEqual(texts);
		expect(all).not.toEqual(texts);
	});

	test("8 comments on one post are made in item order: the post's thread reads as the items", async () => {
		const comments = Array.from({ length: 8 }, (_, n) => `Comment ${n}`);
		const { error } = await runNode({
			parameters: inWorkspace('comment', 'create', {
				postId: DEMO.posts.pendingForMaya1,
				comment: '={{ $json.comment }}',
			}),
			items: jsonItems(comments.map((comment) => ({ comment }))),
			credentials: sandbox.credentials(),
		});
		expect(error).toBeUndefined();
		expect(await arrived(COMMENTS, (body) => body.comment)).toEqual(comments);
	});

	test("4 Facebook groups are added in item order: the workspace's account cap goes to the first", async () => {
		const groups = Array.from({ length: 4 }, (_, n) => `Order Group ${n}`);
		const { error } = await runNode({
			parameters: inWorkspace('account', 'addFacebookGroup', { name: '={{ $json.group }}' }),
			items: jsonItems(groups.map((group) => ({ group }))),
			credentials: sandbox.credentials(),
		});
		expect(error).toBeUndefined();
		expect(
			await arrived(`/api/v1/workspaces/${MAIN_WORKSPACE}/add/facebook-group`, (body) => body.name),
		).toEqual(groups);
	});
});
