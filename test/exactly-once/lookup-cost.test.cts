// What finding out costs on a long history. After an ambiguous create, the node looks for what it
// would have made before it sends again. On a workspace with 5,000 posts (or a post with 5,000
// comments, a library of 5,000 media items) that look costs 1 to 3 list requests, in every list
// order a service plausibly uses and with the service's clock 10 minutes off n8n's: page 1, the
// last page, and one page beside the end where the newest records are, when many were made in the
// minutes before. Each case asserts the pages asked for, in order, and that exactly one record exists.
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import type { Fault } from '../../sandbox/client.cts';
import { DEMO } from '../../sandbox/demo-data.cts';
import { runNode } from '../harness/engine.cts';
import { useSandbox } from '../harness/sandbox.cts';
import { inWorkspace, MAIN_WORKSPACE } from '../library/fixtures.cts';
import { createDraft, readList, textOf, uploadFile } from './fixtures.cts';

const sandbox = useSandbox();

const W = `/api/v1/workspaces/${MAIN_WORKSPACE}`;
const POSTS = `${W}/posts`;
const MEDIA = `${W}/media`;
const COMMENTS = `${POSTS}/${DEMO.posts.draft}/comments`;
const HISTORY = 5000;
const PER_PAGE = 100;
/**
 * A whole reading sends every page at once, each a shuffle of 5,000 posts: a busy machine can take
 * over the 1 s the other tests allow. No request is held here, so a long timeout costs nothing.
 */
const WHOLE_READING_TIMEOUT = 30;
const DAY_S = 86_400;

const ORDERS = ['updated-desc', 'created-desc', 'created-asc'] as const;
const OFFSETS: Array<[string, number]> = [
	['on time', 0],
	['10 minutes behind', -600],
	['10 minutes ahead', 600],
];
/** The service made the record, then the connection dropped: the lookup finds it. */
const MADE: Omit<Fault, 'path'> = { method: 'POST', when: 'after', answer: 'drop' };
/** A 500 before the service acted: the lookup finds nothing, and the create is sent again. */
const NOT_MADE: Omit<Fault, 'path'> = {
	method: 'POST',
	when: 'before',
	answer: 'status',
	status: 500,
};

/** How many records a list holds now (its `total`), as a person would ask. */
async function totalOf(path: string, query = ''): Promise<number> {
	const response = await fetch(`${sandbox.url}${path}?per_page=1${query}`, {
		headers: { 'X-API-Key': sandbox.credentials().apiKey },
	});
	return ((await response.json()) as { total: number }).total;
}

const lastPage = (records: number) => String(Math.ceil(records / PER_PAGE));

/**
 * Runs one create that meets `fault`; answers its output item, the queries its lookup sent (the
 * pages asked for among them, in order) and how many create requests were sent.
 */
async function createWith(
	path: string,
	fault: Omit<Fault, 'path'>,
	run: { parameters: INodeParameters; items?: INodeExecutionData[] },
) {
	await sandbox.control.fault({ ...fault, path });
	await sandbox.control.clearRequests();
	const { output, error } = await runNode({ ...run, credentials: sandbox.credentials() });
	expect(error).toBeUndefined();
	const queries = (await sandbox.control.requests({ method: 'GET', path })).map(
		(entry) => entry.query,
	);
	return {
		item: output[0].json,
		queries,
		pages: queries.map((query) => String(query.page)),
		creates: (await sandbox.control.requests({ method: 'POST', path })).length,
	};
}

const OUTCOMES = [
	['made', MADE],
	['not made', NOT_MADE],
] as const;

/** A year of history: 5,000 posts in `status`, spread as a long history has them. */
const seedPosts = (status: string) =>
	sandbox.control.seed({
		workspace_id: MAIN_WORKSPACE,
		resource: 'posts',
		count: HISTORY,
		template: { status, history_days: 365, history_seed: 5 },
	});

/** Seeds 5,000 records a day older than the service's clock, then sets that clock `offsetSeconds` off. */
async function seedHistory(
	offsetSeconds: number,
	resource: 'media' | 'comments',
	template: Record<string, string>,
) {
	await sandbox.control.clock({ offsetSeconds: offsetSeconds - DAY_S });
	await sandbox.control.seed({ workspace_id: MAIN_WORKSPACE, resource, count: HISTORY, template });
	await sandbox.control.clock({ offsetSeconds });
}

describe.each(OFFSETS)('the service %s', (_clock, offsetSeconds) => {
	describe.each(ORDERS)('5,000 draft posts listed %s', (listOrder) => {
		const newestFirst = listOrder !== 'created-asc';
		const text = `Cost ${listOrder} ${offsetSeconds}`;

		beforeEach(async () => {
			await sandbox.control.profile({ listOrder });
			await sandbox.control.clock({ offsetSeconds });
			await seedPosts('draft');
		});

		const drafts = () => totalOf(POSTS, '&status[]=draft');
		test('made, then the answer lost: found on the page where the newest are, never sent twice', async () => {
			const before = await drafts();
			const { item, queries, pages, creates } = await createWith(POSTS, MADE, {
				parameters: createDraft(text),
			});
			const records = await drafts();
			expect(item.recovered).toBe(true);
			expect(pages).toEqual(newestFirst ? ['1'] : ['1', lastPage(records)]);
			expect(creates).toBe(1);
			// Only drafts were asked for: a draft was sent.
			expect(queries.map((query) => query['status[]'])).toEqual(pages.map(() => 'draft'));
			expect(records).toBe(before + 1);
		});

		test('not made: page 1 and the last page prove it absent, and it is sent again once', async () => {
			const before = await drafts();
			const { item, pages, creates } = await createWith(POSTS, NOT_MADE, {
				parameters: createDraft(text),
			});
			expect(item.recovered).toBeUndefined();
			expect(pages).toEqual(['1', lastPage(before)]);
			expect(creates).toBe(2);
			expect(await drafts()).toBe(before + 1);
		});

		test('not made, 100 drafts made in the minutes before: one page more, 3 in all', async () => {
			await sandbox.control.seed({
				workspace_id: MAIN_WORKSPACE,
				resource: 'posts',
				count: PER_PAGE,
				template: { status: 'draft', text: 'Just made' },
			});
			const before = await drafts();
			const { pages, creates } = await createWith(POSTS, NOT_MADE, {
				parameters: createDraft(text),
			});
			const last = Number(lastPage(before));
			expect(pages).toEqual(
				newestFirst ? ['1', String(last), '2'] : ['1', String(last), String(last - 1)],
			);
			expect(creates).toBe(2);
			expect(await drafts()).toBe(before + 1);
		});

		test('a scheduled post (no status filter), made, then the answer lost: found, never sent twice', async () => {
			const scheduledAt = new Date(Date.now() + DAY_S * 1000).toISOString();
			const { item, queries, pages, creates } = await createWith(POSTS, MADE, {
				parameters: inWorkspace('post', 'create', {
					text,
					accounts: [DEMO.accounts.facebook],
					publishType: 'scheduled',
					scheduledAt,
					options: { timezone: 'Europe/Berlin', timeout: 1 },
				}),
			});
			const records = await totalOf(POSTS);
			expect(item.recovered).toBe(true);
			expect(pages).toEqual(newestFirst ? ['1'] : ['1', lastPage(records)]);
			expect(creates).toBe(1);
			expect(queries.map((query) => query['status[]'])).toEqual(pages.map(() => undefined));
			expect(records).toBeGreaterThan(HISTORY);
		});
	});

	// The lookup asks for newest first, and reads the order from the answers: a service may ignore it.
	describe.each(['honoured', 'ignored'] as const)(
		'a library of 5,000 media items, sort %s',
		(mediaSort) => {
			const name = `cost-${offsetSeconds + DAY_S}.png`;
			const same = () => totalOf(MEDIA, `&search=${name}`);

			beforeEach(async () => {
				await sandbox.control.profile({ mediaSort });
				// Named `<name>-<n>.png`: every one matches the search for the upload's name.
				await seedHistory(offsetSeconds, 'media', { name });
			});

			test('made, then the answer lost: found at the newest end', async () => {
				const { item, queries, pages, creates } = await createWith(
					MEDIA,
					MADE,
					uploadFile(name, 'cost'),
				);
				const records = await same();
				expect(item.recovered).toBe(true);
				expect(pages).toEqual(mediaSort === 'honoured' ? ['1'] : ['1', lastPage(records)]);
				expect(creates).toBe(1);
				expect(queries[0]).toMatchObject({ sort: 'recent', search: name, per_page: '100' });
				expect(records).toBe(HISTORY + 1);
			});

			test('not made: page 1 and the last page, then sent again once', async () => {
				const before = await same();
				const { pages, creates } = await createWith(MEDIA, NOT_MADE, uploadFile(name, 'cost'));
				expect(pages).toEqual(['1', lastPage(before)]);
				expect(creates).toBe(2);
				expect(await same()).toBe(before + 1);
			});
		},
	);

	describe.each(['created-asc', 'created-desc'] as const)(
		'a post with 5,000 comments listed %s',
		(commentOrder) => {
			const comment = `Cost ${commentOrder} ${offsetSeconds}`;
			const parameters = inWorkspace('comment', 'create', {
				postId: DEMO.posts.draft,
				comment,
				options: { timeout: 1 },
			});

			beforeEach(async () => {
				await sandbox.control.profile({ commentOrder });
				await seedHistory(offsetSeconds, 'comments', { post_id: DEMO.posts.draft });
			});

			test('made, then the answer lost: found at the newest end', async () => {
				const { item, pages, creates } = await createWith(COMMENTS, MADE, { parameters });
				const records = await totalOf(COMMENTS);
				expect(item.recovered).toBe(true);
				expect(pages).toEqual(commentOrder === 'created-desc' ? ['1'] : ['1', lastPage(records)]);
				expect(creates).toBe(1);
			});

			test('not made: page 1 and the last page, then sent again once', async () => {
				const before = await totalOf(COMMENTS);
				const { pages, creates } = await createWith(COMMENTS, NOT_MADE, { parameters });
				expect(pages).toEqual(['1', lastPage(before)]);
				expect(creates).toBe(2);
				expect(await totalOf(COMMENTS)).toBe(before + 1);
			});
		},
	);
});

/** 5,000 drafts, then a draft `text` that meets `fault`: its output, error and requests to the list. */
async function createOverDrafts(text: string, fault: Omit<Fault, 'path'>) {
	await seedPosts('draft');
	await sandbox.control.fault({ ...fault, path: POSTS });
	await sandbox.control.clearRequests();
	const { output, error } = await runNode({
		parameters: createDraft(text, undefined, WHOLE_READING_TIMEOUT),
		credentials: sandbox.credentials(),
	});
	return { output, error, log: await sandbox.control.requests({ path: POSTS }) };
}

/** The drafts with `text`, counted newest first, where a new one is on page 1. */
async function draftsWith(text: string) {
	await sandbox.control.profile({ listOrder: 'created-desc' });
	return (await readList(sandbox, POSTS, '&status[]=draft')).filter(
		(post) => textOf(post) === text,
	);
}

// A new order for every request proves nothing from the list's ends: the list is read whole.
describe('posts listed in a new order for every request', () => {
	beforeEach(() => sandbox.control.profile({ listOrder: 'shuffled' }));

	test.each(OUTCOMES)(
		'5,000 scheduled posts, a draft %s: only drafts are asked for, one page of them, one post',
		async (name, fault) => {
			await seedPosts('scheduled');
			const text = `Shuffled draft ${name}`;
			const { item, queries, creates } = await createWith(POSTS, fault, {
				parameters: createDraft(text),
			});
			expect(queries).toEqual([{ 'status[]': 'draft', page: '1', per_page: '100' }]);
			expect(item.recovered).toBe(name === 'made' ? true : undefined);
			expect(creates).toBe(name === 'made' ? 1 : 2);
			const drafts = await readList(sandbox, POSTS, '&status[]=draft');
			expect(drafts.filter((post) => textOf(post) === text)).toHaveLength(1);
		},
	);

	test.each(OUTCOMES)(
		'5,000 drafts, a draft %s: every page, read again while they do not add up; found, or unknown and not sent again, never two posts',
		async (name, fault) => {
			const text = `Shuffled history ${name}`;
			const { output, error, log } = await createOverDrafts(text, fault);
			const reads = log.filter((entry) => entry.method === 'GET').length;
			const creates = log.filter((entry) => entry.method === 'POST').length;
			const pages = Math.ceil((await totalOf(POSTS, '&status[]=draft')) / PER_PAGE);
			// Page 1 and the last page, then the whole list up to 4 times.
			expect(reads).toBeGreaterThanOrEqual(2 + pages - 1);
			expect(reads).toBeLessThanOrEqual(2 + 4 * pages);
			const made = await draftsWith(text);
			if (error) {
				expect(error.message).toMatch(/^It is still unknown whether the service created this: /);
				expect(creates).toBe(1);
				expect(made).toHaveLength(name === 'made' ? 1 : 0);
			} else {
				expect(output[0].json.recovered).toBe(name === 'made' ? true : undefined);
				expect(made).toHaveLength(1);
			}
		},
	);
});

// A fixed order by no time (a service that sorts by an opaque key): neither end of the list holds
// the newest posts, and its pages add up, so the list is read whole once, and the end is certain.
describe('posts listed by an opaque key, the same order on every request', () => {
	beforeEach(() => sandbox.control.profile({ listOrder: 'opaque' }));

	test.each(OUTCOMES)(
		'5,000 drafts, a draft %s: page 1, the last page, then the whole list once; one post',
		async (name, fault) => {
			const text = `Opaque history ${name}`;
			const { output, error, log } = await createOverDrafts(text, fault);
			expect(error).toBeUndefined();
			const pagesAsked = log
				.filter((entry) => entry.method === 'GET')
				.map((entry) => Number(entry.query.page));
			const pages = Math.ceil((await totalOf(POSTS, '&status[]=draft')) / PER_PAGE);
			const everyPage = Array.from({ length: pages }, (_, i) => i + 1);
			expect(pagesAsked.slice(0, 2)).toEqual([1, pages]);
			expect(pagesAsked.slice(2).sort((a, b) => a - b)).toEqual(everyPage);
			expect(output[0].json.recovered).toBe(name === 'made' ? true : undefined);
			expect(log.filter((entry) => entry.method === 'POST')).toHaveLength(name === 'made' ? 1 : 2);
			expect(await draftsWith(text)).toHaveLength(1);
		},
	);
});
