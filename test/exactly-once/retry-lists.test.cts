// A crashed execution retried, where the lists its items look in span several pages: each list
// and page is read once for all the items that look in it (recovery.ts's shared readings), no page
// past the last; a post found past page 1 and the last ends the lookup; pages that disagree on the
// list's size, or never add up, are not read as in order. Proved by the pages the sandbox was asked
// for, the creates it received and the posts it holds, in each list order the case concerns.
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { DEMO } from '../../sandbox/demo-data.cts';
import { runNode } from '../harness/engine.cts';
import type { RunNodeResult } from '../harness/engine.cts';
import { useSandbox } from '../harness/sandbox.cts';
import { byId, inWorkspace, MAIN_WORKSPACE } from '../library/fixtures.cts';
import { A, jsonItems, POSTS } from '../post/fixtures.cts';
import { textOf, textsPosted } from './fixtures.cts';

const sandbox = useSandbox();
const SECOND_POSTS = `/api/v1/workspaces/${DEMO.workspaces.second.id}/posts`;

const createPosts = (publishType = 'draft') =>
	inWorkspace('post', 'create', { text: '={{ $json.text }}', accounts: [A.facebook], publishType });
const stories = (count: number, tag: string) =>
	jsonItems(Array.from({ length: count }, (_, n) => ({ text: `${tag} story ${n + 1}` })));

/** 250 drafts made over the last 30 days: older than any attempt, three pages of drafts. */
async function olderDrafts() {
	await sandbox.control.seed({
		workspace_id: MAIN_WORKSPACE,
		resource: 'posts',
		count: 250,
		template: { status: 'draft', history_days: 30 },
	});
}

/**
 * A first run of `items` whose create number `skip + 1` is refused (a 403, credits used up), then
 * its execution retried as after a crashed worker (nothing the node kept was saved): the retry.
 * `between` runs after the first run; the sandbox's log is cleared after it.
 */
async function crashedRetry(
	parameters: INodeParameters,
	items: INodeExecutionData[],
	skip: number,
	{ path = POSTS, between }: { path?: string; between?: () => Promise<void> } = {},
): Promise<RunNodeResult> {
	const credentials = sandbox.credentials();
	await sandbox.control.fault({ method: 'POST', path, skip, credits: true });
	const first = await runNode({ parameters, items, credentials });
	expect(first.error?.httpCode).toBe('403');
	await between?.();
	await sandbox.control.clearRequests();
	return await runNode({ parameters, items, credentials, retryOf: { run: first, crashed: true } });
}

/** The pages of `path` the retry asked for, in the order asked, tagged by a status filter. */
const pagesRead = async (path = POSTS) =>
	(await sandbox.control.requests({ method: 'GET', path })).map((request) => {
		const filter = request.query['status[]'];
		return filter ? `${filter} ${request.query.page}` : String(request.query.page);
	});
const createsSent = async (path = POSTS) =>
	(await sandbox.control.requests({ method: 'POST', path })).map((request) => [
		request.status,
		textOf(request.body),
	]);

/** A page of the drafts list as the service answers it now. */
async function draftsPage(page: number): Promise<{ total: number }> {
	const answer = await fetch(`${sandbox.url}${POSTS}?status[]=draft&per_page=100&page=${page}`, {
		headers: { 'X-API-Key': DEMO.keys.full },
	});
	return (await answer.json()) as { total: number };
}

// Every draft made since the attempt began (the second workspace has no drafts of its own): no
// page reaches back to before it, so the one refused is known absent once every page has been
// read, and no page past the last is asked for. (Not in an opaque order: made within a second or
// two, at a precision of seconds the posts may tie and fit an order of time, or not, and the pages
// read then differ; the mixed batch below has it.)
test.each(['updated-desc', 'created-desc', 'created-asc'] as const)(
	'150 drafts listed %s, every one made by the first attempt: no page past the last',
	async (listOrder) => {
		await sandbox.control.profile({ listOrder });
		const tag = `new ${listOrder}`;
		const parameters = {
			...createPosts(),
			workspaceId: byId(DEMO.workspaces.second.id),
			accounts: [A.secondFacebook],
		};

		const retried = await crashedRetry(parameters, stories(150, tag), 140, { path: SECOND_POSTS });

		expect(retried.error).toBeUndefined();
		expect((await pagesRead(SECOND_POSTS)).sort()).toEqual(['draft 1', 'draft 2']);
		expect(await createsSent(SECOND_POSTS)).toEqual([[201, `${tag} story 141`]]);
		expect(await textsPosted(sandbox, tag, SECOND_POSTS)).toHaveLength(150);
	},
);

// 150 drafts made by the first attempt above 250 older ones: the oldest of the new are past page
// 1 and the last page, found in the first order the pages fit; the lookup stops there rather than
// go on to other orders (whose pages would forget the find and read the list whole).
test.each([
	['updated-desc', ['1', '2', '4']],
	['created-desc', ['1', '2', '4']],
	['created-asc', ['1', '3', '4']],
] as const)(
	'150 new drafts listed %s above 250 older ones: found where the pages fit, nothing read whole',
	async (listOrder, pages) => {
		await sandbox.control.profile({ listOrder });
		await olderDrafts();
		const tag = `deep ${listOrder}`;

		const retried = await crashedRetry(createPosts(), stories(150, tag), 140);

		expect(retried.error).toBeUndefined();
		expect((await pagesRead()).sort()).toEqual(pages.map((page) => `draft ${page}`));
		expect(await createsSent()).toEqual([[201, `${tag} story 141`]]);
		expect(await textsPosted(sandbox, tag, POSTS)).toHaveLength(150);
	},
);

// A list that grew between its first page and its last: the pages' places are not to be trusted,
// so no order is read from them, and the whole list is read.
test.each(['updated-desc', 'created-desc', 'created-asc'] as const)(
	'a list listed %s whose last page tells another size than its first: read whole',
	async (listOrder) => {
		await sandbox.control.profile({ listOrder });
		await olderDrafts();
		// The last page as the service answers it, telling one post more than page 1 will.
		const between = async () => {
			const lastPage = await draftsPage(3);
			const body = { ...lastPage, total: lastPage.total + 1 };
			await sandbox.control.fault({ method: 'GET', path: POSTS, skip: 1, status: 200, body });
		};

		const retried = await crashedRetry(createPosts(), stories(3, 'grown'), 2, { between });

		expect(retried.error).toBeUndefined();
		expect(await pagesRead()).toEqual(['1', '3', '1', '2', '3'].map((page) => `draft ${page}`));
		expect(await createsSent()).toEqual([[201, 'grown story 3']]);
		expect(await textsPosted(sandbox, 'grown', POSTS)).toEqual([
			'grown story 1',
			'grown story 2',
			'grown story 3',
		]);
	},
);

// A list whose pages never add up (here every page answers with page 1's posts): the post a first
// attempt may have made can be neither found nor known absent, so nothing is sent, and the error
// says how much of the list could be read.
test('a list whose pages never add up: nothing sent, and the error says so', async () => {
	// Newest first, so that the page every request is answered with holds the two posts made.
	await sandbox.control.profile({ listOrder: 'updated-desc' });
	await olderDrafts();
	const between = async () => {
		const body = await draftsPage(1);
		await sandbox.control.fault({ method: 'GET', path: POSTS, times: 100, status: 200, body });
	};

	const retried = await crashedRetry(createPosts(), stories(3, 'unreadable'), 2, { between });

	expect(retried.error?.itemIndex).toBe(2);
	expect(retried.error?.message).toBe(
		"Could not look in the workspace's posts for what an earlier attempt made, so nothing was sent: only 100 of its 253 records could be read: its pages did not add up",
	);
	expect(await createsSent()).toEqual([]);
	// Page 1 and the last, which fit no order; then the whole list, read again while short, 4 times.
	const whole = ['1', '2', '3'];
	expect(await pagesRead()).toEqual(
		['1', '3', ...whole, ...whole, ...whole, ...whole].map((page) => `draft ${page}`),
	);
});

// Drafts are looked for among drafts, the other posts in the whole list: two lists of three pages
// (250 older drafts), shared by the ten items: page 1 and the last, then the pages the list's
// order calls for (none more where the newest end is read; every page where no order fits), each
// once for all the items that look in that list.
const WHOLE = ['1', '1', '2', '3', '3'];
test.each([
	['updated-desc', { all: ['1', '3'], draft: ['1'] }],
	['created-desc', { all: ['1', '3'], draft: ['1'] }],
	['created-asc', { all: ['1', '3'], draft: ['1', '3'] }],
	['opaque', { all: WHOLE, draft: WHOLE }],
] as const)(
	'drafts and queued posts in one batch, lists of several pages listed %s: each reading shared by the items of its list',
	async (listOrder, pages) => {
		await sandbox.control.profile({ listOrder });
		await olderDrafts();
		const tag = `mixed ${listOrder}`;
		const items = jsonItems(
			Array.from({ length: 10 }, (_, n) => ({
				text: `${tag} story ${n + 1}`,
				type: n % 2 === 0 ? 'draft' : 'queued',
			})),
		);

		const retried = await crashedRetry(createPosts('={{ $json.type }}'), items, 6);

		expect(retried.error).toBeUndefined();
		expect((await pagesRead()).sort()).toEqual([
			...pages.all,
			...pages.draft.map((page) => `draft ${page}`),
		]);
		// Queued posts go one at a time, in item order (a queue slot goes to the first to come): the
		// 7th create refused (story 4), stories 6, 8 and 10 were never sent.
		expect(await createsSent()).toEqual([4, 6, 8, 10].map((n) => [201, `${tag} story ${n}`]));
		expect(await textsPosted(sandbox, tag, POSTS)).toEqual(
			Array.from({ length: 10 }, (_, n) => `${tag} story ${n + 1}`).sort(),
		);
		expect(retried.output.filter((item) => item.json.recovered === true)).toHaveLength(6);
	},
);
