// What a batch that fails says, and what it keeps for a retry: the operation it does not know, a
// lone bad item, the first failure in item order, the items done before a failure (one, or none),
// and Continue On Fail's error items (a check's and the service's). The item loop is the router's
// (SocialPublishing/actions/router.ts); batch.test proves what is sent, this file what is said.
import type { INodeParameters } from 'n8n-workflow';

import { DEMO } from '../../sandbox/demo-data.cts';
import { runNode } from '../harness/engine.cts';
import { useSandbox } from '../harness/sandbox.cts';
import { inWorkspace } from '../library/fixtures.cts';
import { A, jsonItems, keptRuns, POSTS } from './fixtures.cts';

const sandbox = useSandbox();

beforeEach(async () => {
	await sandbox.control.clearRequests();
});

/** Post > Create of each item's text to each item's account, up to `parallelRequests` at once. */
const createPosts = (parallelRequests: number) =>
	inWorkspace('post', 'create', {
		text: '={{ $json.text }}',
		accounts: '={{ [$json.account] }}',
		options: { parallelRequests },
	});
const stories = (accounts: string[]) =>
	jsonItems(accounts.map((account, n) => ({ account, text: `Story ${n}` })));
const UNKNOWN_ACCOUNT = 'acc-unknown';
const TOO_LONG = 'Text: is 5001 characters long; the limit is 5000';
/** The service's refusal of an account it does not know, as the node words it. */
const REFUSED = 'The selected accounts.0 is invalid. (HTTP 400)';
const REFUSED_WHY =
	'accounts.0: The selected accounts.0 is invalid.\nThe service rejected the request. Correct the fields listed and try again.';

describe('an operation the node does not know', () => {
	// A resource it does not know never reaches the node: n8n cannot read its Operation.
	test('Post > Publish Now fails in plain words, and sends nothing', async () => {
		const parameters: INodeParameters = {
			...inWorkspace('post', 'create'),
			operation: 'publishNow',
		};
		const { output, error } = await runNode({
			parameters,
			items: jsonItems([{}, {}]),
			credentials: sandbox.credentials(),
		});
		expect(output).toEqual([]);
		expect(error?.message).toBe('The operation "publishNow" is not known for the resource "post"');
		expect(error?.itemIndex).toBe(0);
		expect(await sandbox.control.requests()).toEqual([]);
	});

	test('under Continue On Fail: an error item with the message alone', async () => {
		const parameters: INodeParameters = {
			...inWorkspace('post', 'create'),
			operation: 'publishNow',
		};
		const { output } = await runNode({
			parameters,
			items: jsonItems([{}]),
			credentials: sandbox.credentials(),
			continueOnFail: true,
		});
		expect(output).toStrictEqual([
			{
				json: { error: 'The operation "publishNow" is not known for the resource "post"' },
				pairedItem: { item: 0 },
			},
		]);
	});
});

test('one bad item alone: the error says what to correct, and nothing about other items', async () => {
	const { error } = await runNode({
		parameters: createPosts(5),
		items: jsonItems([{ account: A.facebook, text: 'x'.repeat(5001) }]),
		credentials: sandbox.credentials(),
	});
	expect(error?.message).toBe(TOO_LONG);
	expect(error?.description).toBe('Item 0 was not sent. Correct "Text" and run again.');
	expect(await sandbox.control.requests()).toEqual([]);
});

test('a check that could not read the service: its own error, and no item kept as in doubt', async () => {
	await sandbox.control.fault({ method: 'GET', path: '/api/v1/me', status: 403, times: 1 });
	const result = await runNode({
		parameters: {
			...createPosts(1),
			additionalFields: { approval: { values: { approvers: [DEMO.users.maya.id] } } },
		},
		items: stories([A.facebook, A.facebook]),
		credentials: sandbox.credentials(),
	});
	expect(result.error?.httpCode).toBe('403');
	// The key's own advice, and no line saying the items were checked: a check did not fail.
	expect(result.error?.description).toBe(
		'The API key is valid but may not do this: the plan may lack API access, the key may have no access to this workspace, or the API credits may be used up. More: https://github.com/social-publishing/n8n-nodes-social-publishing#forbidden-403',
	);
	// Nothing was sent: a retry need not look for what this run made.
	expect(keptRuns(result)?.['0']?.items).toEqual([]);
	expect((await sandbox.control.requests({ method: 'POST', path: POSTS })).length).toBe(0);
});

describe('a failure from the service', () => {
	test('at the first item, one at a time: no item is named as done', async () => {
		const { error } = await runNode({
			parameters: createPosts(1),
			items: stories([UNKNOWN_ACCOUNT, A.facebook]),
			credentials: sandbox.credentials(),
		});
		expect(error?.itemIndex).toBe(0);
		expect(error?.description).toBe(REFUSED_WHY);
		expect((await sandbox.control.requests({ method: 'POST', path: POSTS })).length).toBe(1);
	});

	test('after one item was done: the error names it, as "it"', async () => {
		const { error } = await runNode({
			parameters: createPosts(1),
			items: stories([A.facebook, UNKNOWN_ACCOUNT, A.facebook]),
			credentials: sandbox.credentials(),
		});
		expect(error?.itemIndex).toBe(1);
		// The ID is the sandbox's; the words around it are exact.
		expect(error?.description?.replace(/\(ID \w+\)/, '(ID …)')).toBe(
			`${REFUSED_WHY}\nDone before this failure: item 0 (ID …). A retry is safe: Retry On Fail, or a retry from the Executions list, gives it back as done and sends only the rest (a new run would send it again).`,
		);
	});

	test('refused again on Retry On Fail: the item done on the first try is still named as done', async () => {
		const { error } = await runNode({
			parameters: createPosts(1),
			items: stories([A.facebook, UNKNOWN_ACCOUNT]),
			credentials: sandbox.credentials(),
			settings: { retryOnFail: true, maxTries: 2, waitBetweenTries: 0 },
		});
		expect(error?.itemIndex).toBe(1);
		expect(error?.description).toMatch(/\nDone before this failure: item 0 \(ID \w+\)\. /);
		// The first try made it; the second gave it back without sending it again.
		expect(
			(await sandbox.control.requests({ method: 'POST', path: POSTS })).map((r) => r.status),
		).toEqual([201, 400, 400]);
	});

	test('two items refused at once: the error is the first in item order', async () => {
		await sandbox.control.latency(50);
		const { error } = await runNode({
			parameters: createPosts(5),
			items: stories([A.facebook, UNKNOWN_ACCOUNT, A.facebook, UNKNOWN_ACCOUNT, A.facebook]),
			credentials: sandbox.credentials(),
		});
		expect(error?.itemIndex).toBe(1);
	});

	// A network whose delay varies (each request waits a further time drawn from the seed): in some
	// of these runs item 3's refusal comes back before item 1's. The error is item 1's in each.
	test.each([1, 2, 3, 4, 5, 6])(
		'two items refused, answers out of order (seed %i): the error is the first in item order',
		async (seed) => {
			await sandbox.control.latency(20, { spreadMs: 300, seed });
			const { error } = await runNode({
				parameters: createPosts(5),
				items: stories([A.facebook, UNKNOWN_ACCOUNT, A.facebook, UNKNOWN_ACCOUNT, A.facebook]),
				credentials: sandbox.credentials(),
			});
			expect(error?.itemIndex).toBe(1);
			expect(error?.description).toMatch(/^accounts\.0: The selected accounts\.0 is invalid\./);
		},
	);
});

test('Continue On Fail: a check error and a service error, each an error item in its place', async () => {
	const { output, error } = await runNode({
		parameters: createPosts(1),
		items: jsonItems([
			{ account: A.facebook, text: 'x'.repeat(5001) },
			{ account: UNKNOWN_ACCOUNT, text: 'Story 1' },
			{ account: A.facebook, text: 'Story 2' },
		]),
		credentials: sandbox.credentials(),
		continueOnFail: true,
	});
	expect(error).toBeUndefined();
	expect(output[0]).toStrictEqual({
		json: { error: TOO_LONG, description: 'Item 0 was not sent. Correct "Text" and run again.' },
		pairedItem: { item: 0 },
	});
	expect(output[1]).toStrictEqual({
		json: { error: REFUSED, description: REFUSED_WHY, httpCode: '400' },
		pairedItem: { item: 1 },
	});
	expect(output[2].pairedItem).toEqual({ item: 2 });
	expect(output[2].json.publish_type).toBe('draft');
	expect(await sandbox.control.requests({ method: 'POST', path: POSTS })).toHaveLength(2);
	expect(output).toHaveLength(3);
});

// A failure with no answer at all (the connection dropped, every try): the error item has no HTTP
// code to give, and no empty field stands in for one.
test('Continue On Fail: a service that drops the connection, an error item without an HTTP code', async () => {
	await sandbox.control.fault({ method: 'GET', path: POSTS, answer: 'drop', times: 20 });
	const { output, error } = await runNode({
		parameters: inWorkspace('post', 'getAll', { returnAll: false, limit: 5 }),
		items: jsonItems([{}]),
		credentials: sandbox.credentials(),
		continueOnFail: true,
	});
	expect(error).toBeUndefined();
	expect(output[0]).toStrictEqual({
		json: {
			error: `Could not reach the Social Publishing service at ${sandbox.url}: the connection was closed before an answer came`,
			description:
				'Check the Base URL in the credential and that the service is up, then run again.',
		},
		pairedItem: { item: 0 },
	});
});
