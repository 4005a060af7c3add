// Speed within the quota: items run Parallel Requests at a time with output in item order, one
// gate per credential paces every request of the process, file uploads go at most 10 at once,
// and Return All asks for the remaining pages at once. Proved by the sandbox's request log and its count of requests handled at once.
import type { INodeParameters } from 'n8n-workflow';

import { DEMO } from '../../sandbox/demo-data.cts';
import type { LoggedRequest } from '../../sandbox/client.cts';
import { binaryItem, runNode } from '../harness/engine.cts';
import type { BinaryMode, RunNodeOptions } from '../harness/engine.cts';
import { useSandbox } from '../harness/sandbox.cts';
import { inWorkspace, MAIN_WORKSPACE, seedMain } from '../library/fixtures.cts';

const sandbox = useSandbox();

const POSTS = `/api/v1/workspaces/${MAIN_WORKSPACE}/posts`;
const MEDIA = `/api/v1/workspaces/${MAIN_WORKSPACE}/media`;
/** The demo data's posts in the main workspace. */
const DEMO_POSTS = 16;

const createPosts = (options: INodeParameters = {}): INodeParameters =>
	inWorkspace('post', 'create', {
		text: '={{ $json.text }}',
		accounts: [DEMO.accounts.facebook],
		publishType: 'draft',
		options: { timezone: 'Europe/Berlin', ...options },
	});

const texts = (count: number, tag: string) =>
	Array.from({ length: count }, (_, i) => ({ json: { text: `${tag} ${i}` } }));

const run = (options: Omit<RunNodeOptions, 'credentials'>) =>
	runNode({ ...options, credentials: sandbox.credentials() });

const textOf = (request: LoggedRequest) =>
	(request.body as { content: { text: string } }).content.text;

async function createdTexts(): Promise<string[]> {
	const requests = await sandbox.control.requests({ method: 'POST', path: POSTS });
	return requests.filter((request) => request.status === 201).map(textOf);
}

describe('items in parallel', () => {
	test('output keeps item order and pairing, with at most Parallel Requests in flight', async () => {
		await sandbox.control.latency(50);
		const items = texts(25, 'Order');
		const { output, error } = await run({
			parameters: createPosts({ parallelRequests: 5 }),
			items,
		});
		expect(error).toBeUndefined();
		expect(output.map((item) => item.pairedItem)).toEqual(items.map((_, item) => ({ item })));
		const byId = new Map(
			(await sandbox.control.requests({ method: 'POST', path: POSTS })).map((request) => [
				textOf(request),
				request,
			]),
		);
		expect(byId.size).toBe(25);
		expect((await sandbox.control.concurrency()).max).toBe(5);
		expect((await createdTexts()).sort()).toEqual(items.map((item) => item.json.text).sort());
	});

	test.each([
		['', false],
		[', also where X-RateLimit headers tell room in the window', true],
	])(
		'by default, up to 50 requests in flight, as many items as there are up to that%s',
		async (_label, headers) => {
			if (headers) {
				await sandbox.control.rateLimit({ limit: 1000, windowSeconds: 60, headers: true });
				// One answer first, so that the items start with the gate following the service's count.
				const first = await run({ parameters: { resource: 'user', operation: 'getCurrent' } });
				expect(first.error).toBeUndefined();
			}
			// Each answer a second late: the 50 requests are all sent before the first comes back, even
			// on a busy machine (at 50 ms a CI run beside real n8n saw only 12 in flight at once).
			await sandbox.control.latency(1000);
			const items = texts(60, 'Default');
			const { output, error } = await run({ parameters: createPosts(), items });
			expect(error).toBeUndefined();
			expect(output).toHaveLength(60);
			expect((await sandbox.control.concurrency()).max).toBe(50);
			expect((await createdTexts()).sort()).toEqual(items.map((item) => item.json.text).sort());
		},
	);

	// At most 10 at once, or Parallel Requests when it is lower.
	test.each<[BinaryMode, string, number, number | undefined]>([
		['filesystem', 'default', 10, undefined],
		['memory', 'default', 10, undefined],
		['filesystem', '30', 10, 30],
		['filesystem', '4', 4, 4],
	])(
		'file uploads (%s mode, Parallel Requests %s): at most %i at once, every file once',
		async (binaryMode, _label, atOnce, parallelRequests) => {
			// Each answer a second late, as above: at 50 ms a CI run saw only 8 uploads in flight at once
			// (the first answers came back before the tenth file was read and sent).
			await sandbox.control.latency(1000);
			const names = Array.from({ length: 14 }, (_, i) => `file-${i}.png`);
			const { output, error } = await run({
				parameters: inWorkspace('media', 'upload', {
					source: 'binary',
					...(parallelRequests ? { options: { parallelRequests } } : {}),
				}),
				items: names.map((fileName) =>
					binaryItem(
						{},
						{ data: { data: Buffer.alloc(2000, 7), fileName, mimeType: 'image/png' } },
					),
				),
				binaryMode,
			});
			expect(error).toBeUndefined();
			expect(output.map((item) => item.json.name)).toEqual(names);
			expect((await sandbox.control.concurrency()).max).toBe(atOnce);
			const uploads = await sandbox.control.requests({ method: 'POST', path: MEDIA });
			expect(uploads).toHaveLength(14);
		},
	);

	test('Parallel Requests 1 sends one request at a time, in item order', async () => {
		await sandbox.control.latency(20);
		const items = texts(6, 'One');
		const { error } = await run({ parameters: createPosts({ parallelRequests: 1 }), items });
		expect(error).toBeUndefined();
		expect((await sandbox.control.concurrency()).max).toBe(1);
		expect(await createdTexts()).toEqual(items.map((item) => item.json.text));
	});

	test('Continue On Fail: failed items stay in place, in item order', async () => {
		await sandbox.control.latency(20);
		const ids = ['nope-1', DEMO.posts.draft, 'nope-2', DEMO.posts.scheduled];
		const { output, error } = await run({
			parameters: inWorkspace('post', 'delete', { postId: '={{ $json.id }}' }),
			items: ids.map((id) => ({ json: { id } })),
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(
			output.map((item) => [item.pairedItem, item.json.httpCode ?? item.json.post_id]),
		).toEqual([
			[{ item: 0 }, '404'],
			[{ item: 1 }, DEMO.posts.draft],
			[{ item: 2 }, '404'],
			[{ item: 3 }, DEMO.posts.scheduled],
		]);
	});

	test('without Continue On Fail, a bad item stops the node before any item is sent', async () => {
		await sandbox.control.latency(30);
		const items = texts(20, 'Stop');
		items[5] = { json: { text: 'x'.repeat(5001) } };
		const { output, error } = await run({
			parameters: createPosts({ parallelRequests: 4 }),
			items,
		});
		expect(output).toEqual([]);
		expect(error?.message).toBe('Text: is 5001 characters long; the limit is 5000');
		// Every item is checked first (test/post/batch.test.cts): the items before it are not sent either.
		expect(await createdTexts()).toEqual([]);
	});
});

describe('one rate-limit gate per credential', () => {
	test('a burst past the quota at the default Parallel Requests: the first window refuses its overflow, nothing more', async () => {
		await sandbox.control.rateLimit({ limit: 8, windowSeconds: 2 });
		const items = texts(20, 'Quota');
		// All 20 go at once, before any answer tells the quota: 8 fit the first window, 12 are
		// refused. The refused go first into the next window, 8 of them; the other 4 wait for the
		// third window, which the gate now knows the length of, instead of being refused again.
		const { output, error } = await run({ parameters: createPosts(), items });
		expect(error).toBeUndefined();
		expect(output).toHaveLength(20);
		const requests = await sandbox.control.requests({ method: 'POST', path: POSTS });
		const refused = requests.filter((request) => request.status === 429).map(textOf);
		expect((await createdTexts()).sort()).toEqual(items.map((item) => item.json.text).sort());
		expect(refused).toHaveLength(20 - 8);
		expect(new Set(refused).size).toBe(20 - 8);
		expect(requests).toHaveLength(20 + 20 - 8);
	});

	test('two executions in one process share the gate: one 429 to learn the window, then none', async () => {
		await sandbox.control.rateLimit({ limit: 5, windowSeconds: 2 });
		const [first, second] = await Promise.all([
			run({ parameters: createPosts({ parallelRequests: 1 }), items: texts(8, 'First') }),
			run({ parameters: createPosts({ parallelRequests: 1 }), items: texts(8, 'Second') }),
		]);
		expect(first.error).toBeUndefined();
		expect(second.error).toBeUndefined();
		const log = await sandbox.control.requests({ method: 'POST', path: POSTS });
		const statuses = log.map((request) => request.status);
		expect(statuses.filter((status) => status === 201)).toHaveLength(16);
		// 16 creates at 5 per window fill three windows and start a fourth. After the first full
		// window one request alone learns when the window ends (a 429); from then on the gate
		// waits for each window to pass once its count is used up.
		expect(statuses.filter((status) => status === 429)).toHaveLength(1);
	});
});

describe('Return All prefetches', () => {
	test('once page 1 tells last_page, the other pages are asked for at once, kept in page order', async () => {
		// Page order is only comparable where the service keeps one order between requests.
		await sandbox.control.profile({ listOrder: 'updated-desc' });
		await seedMain(sandbox.control, 'posts', 250);
		await sandbox.control.latency(100);

		const oneAtATime = await run({
			parameters: inWorkspace('post', 'getAll', {
				returnAll: true,
				options: { parallelRequests: 1 },
			}),
		});
		const pagesOne = await sandbox.control.requests({ path: POSTS });
		await sandbox.control.clearRequests();
		const prefetched = await run({
			parameters: inWorkspace('post', 'getAll', { returnAll: true }),
		});
		const pages = await sandbox.control.requests({ path: POSTS });

		expect(prefetched.error).toBeUndefined();
		expect(prefetched.output.map((item) => item.json.id)).toEqual(
			oneAtATime.output.map((item) => item.json.id),
		);
		expect(prefetched.output).toHaveLength(250 + DEMO_POSTS);
		expect((await sandbox.control.concurrency()).max).toBe(2);
		expect(pages.map((request) => request.query.page).sort()).toEqual(
			pagesOne.map((request) => request.query.page).sort(),
		);
		expect(pages[0].query).toMatchObject({ page: '1', per_page: '100' });
	});

	test('at most Parallel Requests pages in flight', async () => {
		// Each page once: the service keeps one order between requests here.
		await sandbox.control.profile({ listOrder: 'updated-desc' });
		await seedMain(sandbox.control, 'posts', 1000);
		await sandbox.control.latency(50);
		const { output, error } = await run({
			parameters: inWorkspace('post', 'getAll', {
				returnAll: true,
				options: { parallelRequests: 3 },
			}),
		});
		expect(error).toBeUndefined();
		const requests = await sandbox.control.requests({ path: POSTS });
		// 1000 seeded posts and the demo's: 11 pages of 100, each asked for once.
		expect(output).toHaveLength(1000 + DEMO_POSTS);
		expect(requests.map((request) => Number(request.query.page)).sort((a, b) => a - b)).toEqual(
			Array.from({ length: requests.length }, (_, i) => i + 1),
		);
		expect((await sandbox.control.concurrency()).max).toBe(3);
	});
});
