// Exactly once across runs: n8n's Retry On Fail, a retry from the Executions list (mode "retry",
// with the original or the currently saved workflow) and a crashed execution retried. Each runs
// the node again on the same input; none may write anything twice. Proved by what the sandbox
// holds afterwards and the requests it received.
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { DEMO } from '../../sandbox/demo-data.cts';
import type { Fault } from '../../sandbox/runtime.cts';
import { binaryItem, runNode } from '../harness/engine.cts';
import type { RunNodeOptions, RunNodeResult } from '../harness/engine.cts';
import { useSandbox } from '../harness/sandbox.cts';
import { inWorkspace } from '../library/fixtures.cts';
import { textsPosted } from './fixtures.cts';
import { A, jsonItems, keptRuns, MEDIA, POSTS } from '../post/fixtures.cts';

const sandbox = useSandbox();
const RETRY_ON_FAIL = { retryOnFail: true, maxTries: 3, waitBetweenTries: 0 };

const stories = (count: number, tag: string) =>
	jsonItems(Array.from({ length: count }, (_, n) => ({ text: `${tag} story ${n + 1}` })));
const createPosts = (publishType = 'draft', options: INodeParameters = {}) =>
	inWorkspace('post', 'create', {
		text: '={{ $json.text }}',
		accounts: [A.facebook],
		publishType,
		options,
	});

/** The failures that stop the node, each met once by the `nth` matching request. */
const refusals = (path: string, nth: number): Array<[string, Fault, INodeParameters]> => [
	['a 403 (credits used up)', { method: 'POST', path, skip: nth - 1, credits: true }, {}],
	[
		'a 429 past Max Rate-Limit Wait',
		{
			method: 'POST',
			path,
			skip: nth - 1,
			status: 429,
			body: { status: false, message: 'Too many requests', retry_after: 3600 },
		},
		{},
	],
	[
		'a 500 with On Server Error "Fail"',
		{ method: 'POST', path, skip: nth - 1, status: 500 },
		{ onServerError: 'fail' },
	],
];

const postedTexts = (tag: string) => textsPosted(sandbox, tag, POSTS);

const run = (options: Omit<RunNodeOptions, 'credentials'>) =>
	runNode({ credentials: sandbox.credentials(), ...options });
const pairing = (result: RunNodeResult) => result.output.map((item) => item.pairedItem);
const requestsTo = async (method: string, path: string) =>
	(await sandbox.control.requests()).filter((r) => r.method === method && r.path === path);

/** The same story posted 2 hours ago, by the service's clock: before any run of the test began. */
async function postedTwoHoursAgo(text: string) {
	await sandbox.control.clock({ offsetSeconds: -7200 });
	expect(
		(await run({ parameters: createPosts(), items: jsonItems([{ text }]) })).error,
	).toBeUndefined();
	await sandbox.control.clock({ offsetSeconds: 0 });
}

/** What the node keeps in the execution's saved data (n8n's context of the node). */

describe('Retry On Fail sends nothing twice: what was done comes back without a request', () => {
	test('a story posted before the run is not taken for one the first try may have made', async () => {
		await postedTwoHoursAgo('old story');
		await sandbox.control.fault({ method: 'POST', path: POSTS, status: 500 });
		const result = await run({
			parameters: createPosts('draft', { onServerError: 'fail' }),
			items: jsonItems([{ text: 'old story' }]),
			settings: RETRY_ON_FAIL,
		});
		expect(result.error).toBeUndefined();
		expect(result.output[0].json.recovered).toBeUndefined();
		expect(await postedTexts('old story')).toEqual(['old story', 'old story']);
	});

	test('a run that succeeds keeps nothing in the execution; one that fails keeps what a retry needs', async () => {
		const ok = await run({ parameters: createPosts(), items: stories(2, 'kept') });
		expect(ok.error).toBeUndefined();
		expect(keptRuns(ok)).toEqual({});
		await sandbox.control.fault({ method: 'POST', path: POSTS, skip: 1, credits: true });
		const failed = await run({ parameters: createPosts(), items: stories(2, 'kept') });
		expect(failed.error?.httpCode).toBe('403');
		const runs = keptRuns(failed) as Record<string, { items: IDataObject[] }>;
		expect(Object.keys(runs)).toEqual(['0']);
		expect(runs['0'].items.map((item) => Object.keys(item ?? {}))).toEqual(
			failed.error?.itemIndex === 1 ? [['json'], ['doubt']] : [['doubt'], ['json']],
		);
	});

	describe.each([
		['in parallel (Draft)', 'draft'],
		['in an order group (Queued)', 'queued'],
	])('%s', (_order, publishType) => {
		test.each(refusals(POSTS, 7))('10 posts, %s at the 7th', async (_name, fault, options) => {
			const tag = `${publishType} ${_name}`;
			await sandbox.control.fault(fault);
			const result = await run({
				parameters: createPosts(publishType, options),
				items: stories(10, tag),
				settings: RETRY_ON_FAIL,
			});
			expect(result.error).toBeUndefined();
			expect(await postedTexts(tag)).toEqual(
				Array.from({ length: 10 }, (_, n) => `${tag} story ${n + 1}`).sort(),
			);
			// Ten made, one refused; the second try sent only the one refused.
			expect((await requestsTo('POST', POSTS)).map((r) => r.status).sort()).toEqual([
				...Array(10).fill(201),
				Number(fault.status ?? 403),
			]);
			expect(result.output.map((item) => item.json.text ?? item.json.id)).toHaveLength(10);
			expect(pairing(result)).toEqual(Array.from({ length: 10 }, (_, item) => ({ item })));
		});
	});

	test('two identical stories, one done and one refused: the retry sends the refused one, not finding the other', async () => {
		await sandbox.control.fault({ method: 'POST', path: POSTS, skip: 1, status: 500 });
		const result = await run({
			parameters: createPosts('draft', { onServerError: 'fail' }),
			items: jsonItems([{ text: 'same story' }, { text: 'same story' }]),
			settings: RETRY_ON_FAIL,
		});
		expect(result.error).toBeUndefined();
		expect(await postedTexts('same story')).toEqual(['same story', 'same story']);
		const ids = result.output.map((item) => item.json.id);
		expect(new Set(ids).size).toBe(2);
		expect(result.output.map((item) => item.json.recovered)).toEqual([undefined, undefined]);
	});

	const png = (name: string) =>
		binaryItem(
			{},
			{ data: { data: Buffer.from(name), fileName: `${name}.png`, mimeType: 'image/png' } },
		);
	const P = DEMO.posts;
	const W = `/api/v1/workspaces/${DEMO.workspaces.main.id}`;
	const items3 = (...texts: string[]) => jsonItems(texts.map((text) => ({ text })));
	/** Each other write, 3 items; whether it is a create (On Server Error applies, 201 for some). */
	const OTHERS: Array<[string, INodeParameters, INodeExecutionData[], Partial<Fault>, number]> = [
		[
			'Media > Upload',
			inWorkspace('media', 'upload', { source: 'binary', binaryPropertyName: 'data' }),
			['one', 'two', 'three'].map(png),
			{ method: 'POST', path: MEDIA },
			201,
		],
		[
			'Comment > Create',
			inWorkspace('comment', 'create', { postId: P.draft, comment: '={{ $json.text }}' }),
			items3('First', 'Second', 'Third'),
			{ method: 'POST', path: `${POSTS}/${P.draft}/comments` },
			201,
		],
		[
			'Account > Add Facebook Group',
			inWorkspace('account', 'addFacebookGroup', { name: '={{ $json.text }}' }),
			items3('Acme Fans', 'Acme Friends', 'Acme Regulars'),
			{ method: 'POST', path: `${W}/add/facebook-group` },
			200,
		],
		[
			'Account > Add Bluesky',
			inWorkspace('account', 'addBluesky', {
				handle: '={{ $json.text }}',
				appPassword: 'abcd-efgh-ijkl-mnop',
			}),
			items3('one.bsky.social', 'two.bsky.social', 'three.bsky.social'),
			{ method: 'POST', path: `${W}/add/bluesky` },
			200,
		],
		[
			'Post > Delete',
			inWorkspace('post', 'delete', { postId: '={{ $json.text }}' }),
			items3(P.draft, P.scheduled, P.failed),
			{ method: 'DELETE', path: `${POSTS}/*` },
			200,
		],
		...(['approve', 'reject'] as const).map(
			(operation): [string, INodeParameters, INodeExecutionData[], Partial<Fault>, number] => [
				`Post > ${operation}`,
				inWorkspace('post', operation, { postId: '={{ $json.text }}', comment: 'Checked' }),
				items3(P.pendingForAlex1, P.pendingForAlex2, P.pendingForAlexAndJordan),
				{ method: 'POST', path: `${POSTS}/*` },
				200,
			],
		),
	];
	const CASES = OTHERS.flatMap(([name, parameters, items, where, ok]) =>
		refusals('', 2).map(
			([kind, fault, options]): [string, INodeParameters, INodeExecutionData[], Fault, number] => [
				`${name}, ${kind}`,
				// On Server Error is an option of the creates; a 500 stops the others anyway.
				{ ...parameters, ...(ok === 201 || name.startsWith('Account') ? { options } : {}) },
				items,
				{ ...fault, ...where } as Fault,
				ok,
			],
		),
	);

	test.each(CASES)('%s at the 2nd of 3 items', async (_name, parameters, items, fault, ok) => {
		await sandbox.control.fault(fault);
		const result = await run({ parameters, items, settings: RETRY_ON_FAIL });
		expect(result.error).toBeUndefined();
		expect(pairing(result)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		// Each item's write went out once and succeeded; the refused one once more, and nothing else.
		const writes = (await sandbox.control.requests()).filter(
			(r) => r.method === fault.method && r.path !== `${W}/accounts`,
		);
		const made = writes.filter((r) => r.status === ok);
		expect(writes.map((r) => r.status).filter((status) => status !== ok)).toEqual([
			Number(fault.status ?? 403),
		]);
		expect(made).toHaveLength(3);
		expect(new Set(made.map((r) => `${r.path} ${JSON.stringify(r.body)}`)).size).toBe(3);
	});
});

describe('a retried execution sends nothing twice', () => {
	const DRAFTS_PAGE_1 = { page: '1', per_page: '100', 'status[]': 'draft' };
	const TEN = (tag: string) => Array.from({ length: 10 }, (_, n) => `${tag} story ${n + 1}`).sort();
	/** A first run of 10 posts that fails at the 7th create (a 403), as the Executions list shows it. */
	async function failedRun(tag: string, parameters = createPosts()) {
		await sandbox.control.fault({ method: 'POST', path: POSTS, skip: 6, credits: true });
		const first = await run({ parameters, items: stories(10, tag) });
		expect(first.error?.httpCode).toBe('403');
		expect(first.error?.description).toContain(
			'A retry is safe: Retry On Fail, or a retry from the Executions list, gives them back as done and sends only the rest (a new run would send them again).',
		);
		expect(await postedTexts(tag)).toHaveLength(9);
		await sandbox.control.clearRequests();
		return first;
	}

	test.each([
		['the original workflow', {}],
		['the currently saved workflow (an option changed)', { timeout: 30 }],
	])('with %s: the one refused is looked for once, then sent', async (_name, options) => {
		const tag = `retry ${_name}`;
		const first = await failedRun(tag);
		const retried = await run({
			parameters: createPosts('draft', options),
			items: stories(10, tag),
			retryOf: { run: first },
		});
		expect(retried.error).toBeUndefined();
		// One create, after one reading of the drafts for the one item that had sent something.
		expect((await requestsTo('POST', POSTS)).map((r) => r.status)).toEqual([201]);
		expect((await requestsTo('GET', POSTS)).map((r) => r.query)).toEqual([DRAFTS_PAGE_1]);
		expect(await postedTexts(tag)).toEqual(TEN(tag));
		expect(retried.output).toHaveLength(10);
		expect(pairing(retried)).toEqual(Array.from({ length: 10 }, (_, item) => ({ item })));
		expect(retried.output.filter((item) => item.json.recovered)).toEqual([]);
	});

	test('a 100-item batch that failed at item 70, retried: 30 creates and one reading (the floor)', async () => {
		const queued = createPosts('queued');
		await sandbox.control.fault({ method: 'POST', path: POSTS, skip: 70, credits: true });
		const first = await run({ parameters: queued, items: stories(100, 'hundred') });
		expect(first.error?.itemIndex).toBe(70);
		await sandbox.control.clearRequests();
		const retried = await run({
			parameters: queued,
			items: stories(100, 'hundred'),
			retryOf: { run: first },
		});
		expect(retried.error).toBeUndefined();
		const requests = await sandbox.control.requests();
		expect(requests.map((r) => `${r.method} ${r.status}`).sort()).toEqual([
			'GET 200',
			...Array(30).fill('POST 201'),
		]);
		expect(retried.output).toHaveLength(100);
		expect(await postedTexts('hundred')).toHaveLength(100);
	});

	test.each([
		['n8n kept when the execution began', true],
		['n8n did not keep when it began (24 hours back)', false],
	])(
		'a crashed worker (nothing the node kept was saved), %s: one reading for the batch',
		async (_name, keepsStart) => {
			const tag = `crash ${keepsStart}`;
			const first = await failedRun(tag);
			const retried = await run({
				parameters: createPosts(),
				items: stories(10, tag),
				retryOf: { run: first, crashed: true, keepsStart },
			});
			expect(retried.error).toBeUndefined();
			expect((await requestsTo('POST', POSTS)).map((r) => r.status)).toEqual([201]);
			// The drafts fit one page: one reading for all ten items.
			expect((await requestsTo('GET', POSTS)).map((r) => r.query)).toEqual([DRAFTS_PAGE_1]);
			expect(await postedTexts(tag)).toEqual(TEN(tag));
			const found = retried.output.filter((item) => item.json.recovered === true);
			expect(found).toHaveLength(9);
			expect(found[0].json.matched_on).toEqual([
				'text',
				'accounts',
				'publish type',
				'scheduled time',
				'created after the first attempt',
			]);
			expect(pairing(retried)).toEqual(Array.from({ length: 10 }, (_, item) => ({ item })));
		},
	);

	test.each([
		['kept when the execution began: a story posted before it is sent again', true, 2],
		['not kept: a story posted in the last 24 hours counts as done', false, 1],
	])('a crashed worker, the start %s', async (_name, keepsStart, posts) => {
		await postedTwoHoursAgo('earlier story');
		await sandbox.control.fault({ method: 'POST', path: POSTS, credits: true });
		const first = await run({
			parameters: createPosts(),
			items: jsonItems([{ text: 'earlier story' }]),
		});
		expect(first.error?.httpCode).toBe('403');
		const retried = await run({
			parameters: createPosts(),
			items: jsonItems([{ text: 'earlier story' }]),
			retryOf: { run: first, crashed: true, keepsStart },
		});
		expect(retried.error).toBeUndefined();
		expect(retried.output[0].json.recovered).toBe(keepsStart ? undefined : true);
		expect(await postedTexts('earlier story')).toHaveLength(posts);
	});

	test('a crashed Delete or Approve: a post already gone, an approval already held, end as done', async () => {
		const P = DEMO.posts;
		const del = inWorkspace('post', 'delete', { postId: '={{ $json.id }}' });
		const ids = jsonItems([{ id: P.draft }, { id: P.scheduled }]);
		// The service deletes the second, then its answer is lost; then the worker dies.
		const lost = { skip: 1, when: 'after', status: 500 } as const;
		await sandbox.control.fault({ method: 'DELETE', path: `${POSTS}/*`, ...lost });
		const first = await run({ parameters: del, items: ids });
		expect(first.error?.httpCode).toBe('500');
		const again = await run({
			parameters: del,
			items: ids,
			retryOf: { run: first, crashed: true },
		});
		expect(again.error).toBeUndefined();
		expect(again.output.map((item) => item.json)).toEqual(
			[P.draft, P.scheduled].map((postId) => ({
				deleted: true,
				post_id: postId,
				already_gone: true,
				note: 'The post was already gone: an earlier attempt of this run deleted it.',
			})),
		);

		const approve = inWorkspace('post', 'approve', { postId: P.pendingForAlex1 });
		await sandbox.control.fault({ method: 'POST', path: `${POSTS}/*`, ...lost, skip: 0 });
		const approved = await run({ parameters: approve });
		expect(approved.error?.httpCode).toBe('500');
		const twice = await run({ parameters: approve, retryOf: { run: approved, crashed: true } });
		expect(twice.error).toBeUndefined();
		expect(twice.output.map((item) => item.json)).toEqual([
			{
				post_id: P.pendingForAlex1,
				action: 'approve',
				message: null,
				note: 'The service already holds your approve: an earlier attempt of this run sent it.',
			},
		]);
		// The same refusal outside a retry is an error, as before.
		const plain = await run({ parameters: approve });
		expect(plain.error?.httpCode).toBe('400');
	});
});

describe('Options > Skip Posted Within (Hours), for pipelines', () => {
	test('a second run of the same stories skips all of them with one reading, and posts nothing', async () => {
		const parameters = createPosts('draft', { skipPostedWithinHours: 24 });
		const first = await run({ parameters, items: stories(5, 'pipeline') });
		expect(first.error).toBeUndefined();
		expect(first.output.filter((item) => item.json.skipped)).toEqual([]);
		await sandbox.control.clearRequests();
		const second = await run({ parameters, items: stories(5, 'pipeline') });
		expect(second.error).toBeUndefined();
		expect(await requestsTo('POST', POSTS)).toEqual([]);
		expect(await requestsTo('GET', POSTS)).toHaveLength(1);
		expect(second.output.map((item) => [item.json.skipped, item.json.id])).toEqual(
			first.output.map((item) => [true, item.json.id]),
		);
		expect(second.output[0].json.matched_on).toEqual([
			'text',
			'accounts',
			'created within Skip Posted Within',
		]);
		expect(await postedTexts('pipeline')).toHaveLength(5);
	});

	test('a story scheduled again at another time is skipped all the same', async () => {
		// A pipeline that sets each post's time when it runs ("in an hour") sends the same story
		// with a new time on its next run: the time is not what makes it another post.
		const at = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
		const scheduled = (hours: number) => ({
			...createPosts('scheduled', { skipPostedWithinHours: 24 }),
			scheduledAt: at(hours),
		});
		const first = await run({ parameters: scheduled(2), items: stories(1, 'retimed') });
		expect(first.error).toBeUndefined();
		await sandbox.control.clearRequests();
		const second = await run({ parameters: scheduled(3), items: stories(1, 'retimed') });
		expect(second.error).toBeUndefined();
		expect(await requestsTo('POST', POSTS)).toEqual([]);
		expect(second.output.map((item) => [item.json.skipped, item.json.id])).toEqual([
			[true, first.output[0].json.id],
		]);
		expect(await postedTexts('retimed')).toHaveLength(1);
	});

	test('a post to other accounts, or older than the window, is sent', async () => {
		await run({ parameters: createPosts('draft'), items: stories(1, 'window') });
		const other = inWorkspace('post', 'create', {
			text: '={{ $json.text }}',
			accounts: [A.facebook, A.linkedin],
			publishType: 'draft',
			options: { skipPostedWithinHours: 24 },
		});
		const result = await run({ parameters: other, items: stories(1, 'window') });
		expect(result.output[0].json.skipped).toBeUndefined();
		expect(await postedTexts('window')).toHaveLength(2);
	});

	test('a value that is no number of hours is refused before anything is sent', async () => {
		const result = await run({
			parameters: createPosts('draft', { skipPostedWithinHours: -1 }),
			items: stories(2, 'bad'),
		});
		expect(result.error?.message).toBe(
			'Skip Posted Within (Hours): needs a whole number of at least 0, but was given the number -1',
		);
		expect((await sandbox.control.requests()).filter((r) => r.method !== 'GET')).toEqual([]);
	});
});
