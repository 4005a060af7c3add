// Characters as the API counts them (Unicode code points), Limit as a whole number of at least 1,
// and one error per item: the item with a wrong value is not sent, the others go on.
import { runNode } from '../harness/engine.cts';
import { useSandbox } from '../harness/sandbox.cts';
import { DEMO } from '../../sandbox/demo-data.cts';

import { calls, inWorkspace, MAIN_WORKSPACE } from '../library/fixtures.cts';
import { A, bodiesSent, createdPostBody, POSTS } from '../post/fixtures.cts';

const sandbox = useSandbox();

beforeEach(async () => {
	await sandbox.control.clearRequests();
});

const post = (rest: Record<string, unknown>) =>
	inWorkspace('post', 'create', { text: 'Hello', accounts: [A.facebook], ...rest });

const EMOJI = '😀';

describe('characters are counted as the description counts them', () => {
	test('4990 letters and 10 emoji are 5000 characters, and reach the API unchanged', async () => {
		const text = 'a'.repeat(4990) + EMOJI.repeat(10);
		expect(text.length).toBe(5010); // UTF-16 units, which the node no longer counts
		const { error } = await runNode({
			parameters: post({ text }),
			credentials: sandbox.credentials(),
		});
		expect(error).toBeUndefined();
		expect((await createdPostBody(sandbox.control)).content).toEqual({ text });
	});

	test('5001 characters are refused, and reported as 5001', async () => {
		const { error } = await runNode({
			parameters: post({ text: 'a'.repeat(4991) + EMOJI.repeat(10) }),
			credentials: sandbox.credentials(),
		});
		expect(error?.message).toBe('Text: is 5001 characters long; the limit is 5000');
		expect(error?.description).toBe('Item 0 was not sent. Correct "Text" and run again.');
		expect(await calls(sandbox.control)).toEqual([]);
	});

	test('a first comment of 2000 emoji is 2000 characters', async () => {
		const message = EMOJI.repeat(2000);
		const { error } = await runNode({
			parameters: post({
				additionalFields: { firstComment: { values: { message, accounts: [A.facebook] } } },
			}),
			credentials: sandbox.credentials(),
		});
		expect(error).toBeUndefined();
		expect((await createdPostBody(sandbox.control)).first_comment).toEqual({
			message,
			accounts: [A.facebook],
		});
	});

	test('emoji, combining marks and right-to-left script at exactly 5000 go through unchanged', async () => {
		// 1 + 2 + 4 + 7 code points per round: an emoji, "é" as e + combining acute, Hebrew, a
		// family emoji joined by zero-width joiners.
		const round = `${EMOJI}e\u0301שלום👩‍👩‍👧`;
		expect([...round].length).toBe(12);
		const text = round.repeat(416) + 'مرحبا' + 'abc';
		expect([...text].length).toBe(5000);
		const { error } = await runNode({
			parameters: post({ text }),
			credentials: sandbox.credentials(),
		});
		expect(error).toBeUndefined();
		expect((await createdPostBody(sandbox.control)).content).toEqual({ text });
	});
});

describe('Limit', () => {
	const labels = `/api/v1/workspaces/${MAIN_WORKSPACE}/labels`;
	const comments = `${POSTS}/${DEMO.posts.pendingForMaya1}/comments`;

	test.each([
		[0, 'the number 0'],
		[-1, 'the number -1'],
		[1.5, 'the number 1.5'],
		['={{ "abc" }}', '"abc"'],
		['={{ null }}', 'null'],
	])('%s is refused before any request', async (limit, given) => {
		for (const parameters of [
			inWorkspace('label', 'getAll', { returnAll: false, limit }),
			inWorkspace('comment', 'getAll', {
				postId: DEMO.posts.pendingForMaya1,
				returnAll: false,
				limit,
			}),
		]) {
			const { error } = await runNode({ parameters, credentials: sandbox.credentials() });
			expect(error?.message).toBe(
				`Limit: needs a whole number of at least 1, but was given ${given}`,
			);
			expect(error?.description).toBe('Item 0 was not sent. Correct "Limit" and run again.');
		}
		expect(await calls(sandbox.control)).toEqual([]);
	});

	test('1 returns one entry, and Return All needs no Limit', async () => {
		const one = await runNode({
			parameters: inWorkspace('label', 'getAll', { returnAll: false, limit: 1 }),
			credentials: sandbox.credentials(),
		});
		expect(one.output).toHaveLength(1);
		const all = await runNode({
			parameters: inWorkspace('comment', 'getAll', {
				postId: DEMO.posts.pendingForMaya1,
				returnAll: true,
				limit: '={{ "abc" }}',
			}),
			credentials: sandbox.credentials(),
		});
		expect(all.error).toBeUndefined();
		expect(await calls(sandbox.control)).toEqual([`GET ${labels}`, `GET ${comments}`]);
	});
});

describe('one error per item', () => {
	test('with Continue On Fail, the item with a wrong value is an error item and the others are posted', async () => {
		const { output, error } = await runNode({
			parameters: post({ text: '={{ $json.text }}' }),
			items: [
				{ json: { text: 'one' } },
				{ json: { text: null } },
				{ json: { text: { a: 1 } } },
				{ json: { text: 'four' } },
			],
			credentials: sandbox.credentials(),
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(output.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
			{ item: 3 },
		]);
		expect(output[1].json).toEqual({
			error: 'Text: needs text, but was given null',
			description: 'Item 1 was not sent. Correct "Text" and run again.',
		});
		expect(output[2].json).toEqual({
			error: 'Text: needs text, but was given an object ({"a":1})',
			description: 'Item 2 was not sent. Correct "Text" and run again.',
		});
		expect(
			(await bodiesSent(sandbox.control, 'POST', POSTS)).map(
				(body) => (body as { content: unknown }).content,
			),
		).toEqual([{ text: 'one' }, { text: 'four' }]);
	});

	test('a Group Name of null creates no group named "null"', async () => {
		const { error } = await runNode({
			parameters: inWorkspace('account', 'addFacebookGroup', { name: '={{ null }}' }),
			credentials: sandbox.credentials(),
		});
		expect(error?.message).toBe('Group Name: needs text, but was given null');
		expect(await calls(sandbox.control)).toEqual([]);
	});
});
