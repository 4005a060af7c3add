// A batch that will fail sends nothing. Without Continue On Fail every item is checked before any
// create, change or delete goes out; a failure from the service stops the batch, and the error
// names what was done before it. With Continue On Fail the good items go and the bad one is an
// error item. Proved by the sandbox's request log: the operations go through the router, so each
// one that changes something is run here with a bad middle item.
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { DEMO } from '../../sandbox/demo-data.cts';
import type { LoggedRequest } from '../../sandbox/runtime.cts';
import { binaryItem, runNode } from '../harness/engine.cts';
import { useSandbox } from '../harness/sandbox.cts';
import { inWorkspace } from '../library/fixtures.cts';
import { A, bodiesSent, jsonItems, POSTS } from './fixtures.cts';

const sandbox = useSandbox();

beforeEach(async () => {
	await sandbox.control.clearRequests();
});

const changes = (requests: LoggedRequest[]) =>
	requests.filter((request) => request.method !== 'GET');
const textOf = (body: unknown) => (body as { content: { text: string } }).content.text;
const png = (name: string) => ({
	[name]: { data: Buffer.from('png'), fileName: `${name}.png`, mimeType: 'image/png' },
});

/** Each operation that changes something, with a good, a bad and a good item, and the bad one's error. */
const OPERATIONS: Array<[string, INodeParameters, INodeExecutionData[], string]> = [
	[
		'Post > Create',
		inWorkspace('post', 'create', { text: '={{ $json.text }}', accounts: [A.facebook] }),
		jsonItems([{ text: 'One' }, { text: 'x'.repeat(5001) }, { text: 'Three' }]),
		'Text: is 5001 characters long; the limit is 5000',
	],
	[
		'Post > Delete',
		inWorkspace('post', 'delete', { postId: '={{ $json.id }}' }),
		jsonItems([{ id: DEMO.posts.draft }, { id: 'a/b' }, { id: DEMO.posts.scheduled }]),
		'Post ID: "a/b" contains "/"; an ID never contains "/", "?" or "#"',
	],
	...(['approve', 'reject'] as const).map(
		(operation): [string, INodeParameters, INodeExecutionData[], string] => [
			`Post > ${operation === 'approve' ? 'Approve' : 'Reject'}`,
			inWorkspace('post', operation, {
				postId: DEMO.posts.pendingForMaya1,
				comment: '={{ $json.comment }}',
			}),
			jsonItems([{ comment: 'Fine' }, { comment: 'x'.repeat(1001) }, { comment: 'Fine' }]),
			'Comment: is 1001 characters long; the limit is 1000',
		],
	),
	[
		'Comment > Create',
		inWorkspace('comment', 'create', {
			postId: DEMO.posts.pendingForMaya1,
			comment: '={{ $json.comment }}',
		}),
		jsonItems([{ comment: 'Looks good' }, { comment: ' ' }, { comment: 'Ship it' }]),
		'Comment: is required',
	],
	[
		'Media > Upload',
		inWorkspace('media', 'upload', { source: 'binary', binaryPropertyName: 'picture' }),
		[binaryItem({}, png('picture')), binaryItem({}, png('other')), binaryItem({}, png('picture'))],
		"The item has no binary field 'picture' [item 1]",
	],
	[
		'Account > Add Facebook Group',
		inWorkspace('account', 'addFacebookGroup', { name: '={{ $json.group }}' }),
		jsonItems([{ group: 'Acme Fans' }, { group: 'xy' }, { group: 'Acme Friends' }]),
		'Group Name: is 2 characters long; it needs at least 3',
	],
	[
		'Account > Connect',
		// With Process from an expression n8n cannot tell whether Account shows, and needs it.
		inWorkspace('account', 'connect', {
			platform: 'linkedin',
			process: '={{ $json.process }}',
			accountId: { __rl: true, mode: 'id', value: A.linkedin },
		}),
		jsonItems([{ process: 'connect' }, { process: 'again' }, { process: 'connect' }]),
		'Process: "again" is not one of "connect", "reconnect"',
	],
];

describe('without Continue On Fail, a bad item stops the batch before anything is sent', () => {
	test.each(OPERATIONS)('%s', async (_name, parameters, items, message) => {
		const { output, error } = await runNode({
			parameters,
			items,
			credentials: sandbox.credentials(),
		});
		expect(output).toEqual([]);
		expect(error?.message).toBe(message);
		expect(error?.itemIndex).toBe(1);
		expect(changes(await sandbox.control.requests())).toEqual([]);
	});

	test('5 posts where the 3rd is too long: none is created, the error names item 2', async () => {
		const texts = ['One', 'Two', 'x'.repeat(5001), 'Four', 'Five'];
		const { output, error } = await runNode({
			parameters: inWorkspace('post', 'create', {
				text: '={{ $json.text }}',
				accounts: [A.facebook],
			}),
			items: jsonItems(texts.map((text) => ({ text }))),
			credentials: sandbox.credentials(),
		});
		expect(output).toEqual([]);
		expect(error?.message).toBe('Text: is 5001 characters long; the limit is 5000');
		expect(error?.description).toBe(
			'Item 2 was not sent. Correct "Text" and run again.\nNo item was sent: every item is checked before any is sent.',
		);
		expect(error?.itemIndex).toBe(2);
		expect(await sandbox.control.requests()).toEqual([]);
	});

	test('the checks may read (the zone, /me); nothing that changes anything goes out', async () => {
		const { error } = await runNode({
			parameters: inWorkspace('post', 'create', {
				text: '={{ $json.text }}',
				accounts: [A.facebook],
				publishType: 'scheduled',
				scheduledAt: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 19),
				additionalFields: { approval: { values: { approvers: [DEMO.users.maya.id] } } },
			}),
			items: jsonItems([{ text: 'One' }, { text: 'Two' }, { text: 'x'.repeat(5001) }]),
			credentials: sandbox.credentials(),
		});
		expect(error?.itemIndex).toBe(2);
		expect((await sandbox.control.requests()).map((r) => `${r.method} ${r.path}`).sort()).toEqual([
			'GET /api/v1/me',
			'GET /api/v1/workspaces',
		]);
	});
});

describe('a failure from the service', () => {
	const items = jsonItems(
		[A.facebook, A.facebook, 'acc-unknown', A.facebook, A.facebook].map((account, n) => ({
			account,
			text: `Post ${n}`,
		})),
	);
	const parameters = (parallelRequests: number) =>
		inWorkspace('post', 'create', {
			text: '={{ $json.text }}',
			accounts: '={{ [$json.account] }}',
			options: { parallelRequests },
		});
	/** The posts the service holds from this batch (text and ID), read back with Post > Get Many. */
	async function created(): Promise<Array<{ id: string; text: string }>> {
		const { output } = await runNode({
			parameters: inWorkspace('post', 'getAll', { returnAll: true }),
			credentials: sandbox.credentials(),
		});
		return output
			.map(({ json }) => ({ id: String(json.id), text: String(json.text) }))
			.filter((post) => /^Post \d$/.test(post.text))
			.sort((a, b) => a.text.localeCompare(b.text));
	}

	test('one at a time: no item starts after it, and the error names the posts made', async () => {
		const { output, error } = await runNode({
			parameters: parameters(1),
			items,
			credentials: sandbox.credentials(),
		});
		expect(output).toEqual([]);
		expect(error?.itemIndex).toBe(2);
		const posts = await created();
		expect(posts.map((post) => post.text)).toEqual(['Post 0', 'Post 1']);
		expect((await sandbox.control.requests({ method: 'POST', path: POSTS })).length).toBe(3);
		expect(error?.description).toContain(
			`Done before this failure: item 0 (ID ${posts[0].id}), item 1 (ID ${posts[1].id}). A retry is safe: Retry On Fail, or a retry from the Executions list, gives them back as done and sends only the rest (a new run would send them again).`,
		);
	});

	test('in parallel: the items under way finish, and each post made is named', async () => {
		await sandbox.control.latency(50);
		const { error } = await runNode({
			parameters: parameters(5),
			items,
			credentials: sandbox.credentials(),
		});
		expect(error?.itemIndex).toBe(2);
		const posts = await created();
		const idOf = (text: string) => posts.find((post) => post.text === text)?.id;
		expect(posts.map((post) => post.text).sort()).toEqual(['Post 0', 'Post 1', 'Post 3', 'Post 4']);
		expect(error?.description).toContain(
			`Done before this failure: item 0 (ID ${idOf('Post 0')}), item 1 (ID ${idOf('Post 1')}), item 3 (ID ${idOf('Post 3')}), item 4 (ID ${idOf('Post 4')}).`,
		);
	});
});

describe('with Continue On Fail, or the error output, the good items go', () => {
	const parameters = inWorkspace('post', 'create', {
		text: '={{ $json.text }}',
		accounts: [A.facebook],
	});
	const items = jsonItems(['One', 'x'.repeat(5001), 'Three'].map((text) => ({ text })));

	test('Continue On Fail: the bad item is an error item in its place', async () => {
		const { output, error } = await runNode({
			parameters,
			items,
			credentials: sandbox.credentials(),
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(
			output.map((item) => [item.pairedItem, item.json.error ?? item.json.publish_type]),
		).toEqual([
			[{ item: 0 }, 'draft'],
			[{ item: 1 }, 'Text: is 5001 characters long; the limit is 5000'],
			[{ item: 2 }, 'draft'],
		]);
		expect((await bodiesSent(sandbox.control, 'POST', POSTS)).map(textOf).sort()).toEqual([
			'One',
			'Three',
		]);
	});

	test('the error output: the bad item goes there', async () => {
		const { output, errorOutput, error } = await runNode({
			parameters,
			items,
			credentials: sandbox.credentials(),
			errorOutput: true,
		});
		expect(error).toBeUndefined();
		expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 2 }]);
		expect(errorOutput?.map((item) => [item.json.error, item.pairedItem])).toEqual([
			['Text: is 5001 characters long; the limit is 5000', { item: 1 }],
		]);
		expect((await bodiesSent(sandbox.control, 'POST', POSTS)).map(textOf).sort()).toEqual([
			'One',
			'Three',
		]);
	});
});
