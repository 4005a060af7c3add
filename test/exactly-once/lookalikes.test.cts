// A record like the one being created, made by someone else just before: within the minutes a
// service's clock may be off, so it counts as made since the attempt. After an ambiguous failure
// before the service acted, the lookup must pass it by and send the create again; taking it would
// answer with someone else's record and make nothing. Each case differs from what the node sends in
// one thing the lookup matches on. The last cases are the other side: what the service adds on its
// own (a content category's accounts) does not hide the record the node made.
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { DEMO } from '../../sandbox/demo-data.cts';
import { runNode } from '../harness/engine.cts';
import { useSandbox } from '../harness/sandbox.cts';
import { calls, inWorkspace, MAIN_WORKSPACE } from '../library/fixtures.cts';
import { NEXT_YEAR } from '../post/fixtures.cts';
import { MAY_EXIST, readList, textOf, uploadFile } from './fixtures.cts';

const sandbox = useSandbox();

const W = `/api/v1/workspaces/${MAIN_WORKSPACE}`;
const POSTS = `${W}/posts`;
const MEDIA = `${W}/media`;
const COMMENTS = `${POSTS}/${DEMO.posts.draft}/comments`;
const ACCOUNTS = `${W}/accounts`;
const ADD = `${W}/add/bluesky`;
const A = DEMO.accounts;

/** A record's ID, under any of the keys a service may answer it with. */
const idIn = (record: Record<string, unknown>) => String(record._id ?? record.id ?? record.post_id);

/** Makes a record through the API, as another workflow or a person in the app would. */
async function make(path: string, body: Record<string, unknown>): Promise<string> {
	const response = await fetch(`${sandbox.url}${path}`, {
		method: 'POST',
		headers: { 'X-API-Key': sandbox.credentials().apiKey, 'Content-Type': 'application/json' },
		body: JSON.stringify(body),
	});
	expect(response.ok).toBe(true);
	return idIn(((await response.json()) as { data: Record<string, unknown> }).data);
}

/**
 * Clears the log once what was made is in it: the sandbox logs a request after its answer is out,
 * so a clearing made at once could come before it (a few tries at most).
 */
async function clearLog(): Promise<void> {
	for (let tries = 0; tries < 100 && (await sandbox.control.requests()).length === 0; tries++)
		await new Promise((resolve) => setTimeout(resolve, 10));
	await sandbox.control.clearRequests();
}

/** Runs the node after a 500 to its first create, before the service acted. */
async function afterA500(path: string, parameters: INodeParameters, items?: INodeExecutionData[]) {
	await clearLog();
	await sandbox.control.fault({ method: 'POST', path, when: 'before', status: 500 });
	return await runNode({ parameters, items, credentials: sandbox.credentials() });
}

/** The node's output after the lookup passed the lookalike by: its own record, made once. */
async function expectSentAgain(
	{ output, error }: Awaited<ReturnType<typeof runNode>>,
	path: string,
	lookalike: string,
) {
	expect(error).toBeUndefined();
	expect(output).toHaveLength(1);
	expect(output[0].json.recovered).toBeUndefined();
	expect(idIn(output[0].json)).not.toBe(lookalike);
	expect(idIn(output[0].json)).not.toBe('undefined');
	expect(await calls(sandbox.control)).toEqual([`POST ${path}`, `GET ${path}`, `POST ${path}`]);
}

describe('a post', () => {
	const TEXT = 'Lookalikes: the roastery tour';
	/** 10:00 UTC on 15 June next year: noon in Berlin, where the node is told to schedule. */
	const AT = `${NEXT_YEAR}-06-15 12:00:00`;
	const scheduled = (text: string) =>
		inWorkspace('post', 'create', {
			text,
			accounts: [A.facebook, A.linkedin],
			publishType: 'scheduled',
			scheduledAt: `${NEXT_YEAR}-06-15T10:00:00Z`,
			options: { timezone: 'Europe/Berlin', timeout: 1 },
		});
	const post = (
		text: string,
		accounts: string[],
		publishType: string,
		scheduledAt: string | null,
	) => ({
		content: { text },
		accounts,
		scheduling: { publish_type: publishType, scheduled_at: scheduledAt },
	});

	test.each([
		[
			'one account another (Twitter for LinkedIn)',
			post(TEXT, [A.facebook, A.twitter], 'scheduled', AT),
		],
		['one account more', post(TEXT, [A.facebook, A.linkedin, A.twitter], 'scheduled', AT)],
		['one account fewer', post(TEXT, [A.facebook], 'scheduled', AT)],
		[
			'a minute later',
			post(TEXT, [A.facebook, A.linkedin], 'scheduled', `${NEXT_YEAR}-06-15 12:01:00`),
		],
		[
			'an hour later',
			post(TEXT, [A.facebook, A.linkedin], 'scheduled', `${NEXT_YEAR}-06-15 13:00:00`),
		],
		['a draft for the same minute', post(TEXT, [A.facebook, A.linkedin], 'draft', AT)],
		['another text', post(`${TEXT}!`, [A.facebook, A.linkedin], 'scheduled', AT)],
	])('made just before, %s: not taken for it, sent again', async (_name, body) => {
		const lookalike = await make(POSTS, body);
		await expectSentAgain(await afterA500(POSTS, scheduled(TEXT)), POSTS, lookalike);
		// What the node sent: the lookalike differs from it in the one thing the case names.
		const sent = await sandbox.control.requests({ method: 'POST', path: POSTS });
		for (const { body: each } of sent)
			expect(each).toMatchObject(post(TEXT, [A.facebook, A.linkedin], 'scheduled', AT));
	});
});

describe('a media file', () => {
	/** Uploads a file through the API, as a person in the app would. */
	async function upload(name: string, content: string): Promise<string> {
		const form = new FormData();
		form.append('file', new Blob([content], { type: 'image/png' }), name);
		const response = await fetch(`${sandbox.url}${MEDIA}`, {
			method: 'POST',
			headers: { 'X-API-Key': sandbox.credentials().apiKey },
			body: form,
		});
		expect(response.status).toBe(201);
		return idIn(((await response.json()) as { data: Record<string, unknown> }).data);
	}

	test.each([
		['the same name, one byte more', 'tour.png', 'roastery tour!'],
		['a name that holds the name, the same size', 'old-tour.png', 'roastery tour'],
	])('made just before, %s: not taken for it, sent again', async (_name, name, content) => {
		const lookalike = await upload(name, content);
		const { parameters, items } = uploadFile('tour.png', 'roastery tour');
		await expectSentAgain(await afterA500(MEDIA, parameters, items), MEDIA, lookalike);
		const made = await readList(sandbox, MEDIA, '&search=tour.png');
		expect(made.map((each) => [each.name, each.size]).sort()).toEqual(
			[
				[name, content.length],
				['tour.png', 'roastery tour'.length],
			].sort(),
		);
	});

	test('imported from a URL, made just before under another name: not taken for it, sent again', async () => {
		const lookalike = await upload('old-tour.jpg', 'roastery tour');
		const parameters = inWorkspace('media', 'upload', {
			source: 'url',
			url: 'https://images.demo.social/tour.jpg',
			options: { timeout: 1 },
		});
		await expectSentAgain(await afterA500(MEDIA, parameters), MEDIA, lookalike);
	});

	test('imported from a URL, the connection dropped after the service acted: found by its name, not sent again', async () => {
		await clearLog();
		await sandbox.control.fault({ method: 'POST', path: MEDIA, when: 'after', answer: 'drop' });
		const { output, error } = await runNode({
			parameters: inWorkspace('media', 'upload', {
				source: 'url',
				url: 'https://images.demo.social/tour.jpg',
				options: { timeout: 1 },
			}),
			credentials: sandbox.credentials(),
		});
		expect(error).toBeUndefined();
		expect(output.map((item) => item.json)).toMatchObject([
			{
				name: 'tour.jpg',
				recovered: true,
				matched_on: ['name', 'created after the first attempt'],
			},
		]);
		expect(await calls(sandbox.control)).toEqual([`POST ${MEDIA}`, `GET ${MEDIA}`]);
		expect(await readList(sandbox, MEDIA, '&search=tour.jpg')).toHaveLength(1);
	});
});

describe('a comment', () => {
	const TEXT = 'Lookalikes: see the notes';
	const comment = (isNote: boolean) =>
		inWorkspace('comment', 'create', {
			postId: DEMO.posts.draft,
			comment: TEXT,
			isNote,
			options: { timeout: 1 },
		});

	test.each([
		['a note, the same text', false, { comment: TEXT, is_note: true }],
		['a comment, the same text', true, { comment: TEXT }],
		['another text', false, { comment: `${TEXT}!` }],
	])('made just before, %s: not taken for it, sent again', async (_name, isNote, body) => {
		const lookalike = await make(COMMENTS, body);
		await expectSentAgain(await afterA500(COMMENTS, comment(isNote)), COMMENTS, lookalike);
	});
});

describe('a post to a content category, which adds its own accounts', () => {
	const TEXT = 'Lookalikes: tips by category';
	/** A draft to Twitter and the Coffee tips category (Facebook and LinkedIn). */
	const draft = inWorkspace('post', 'create', {
		text: TEXT,
		accounts: [A.twitter],
		publishType: 'draft',
		additionalFields: { contentCategoryId: DEMO.contentCategories.tips },
		options: { timezone: 'Europe/Berlin', timeout: 1 },
	});

	test('the connection dropped after the service acted: found with the accounts it added, not sent again', async () => {
		await clearLog();
		await sandbox.control.fault({ method: 'POST', path: POSTS, when: 'after', answer: 'drop' });
		const { output, error } = await runNode({
			parameters: draft,
			credentials: sandbox.credentials(),
		});
		expect(error).toBeUndefined();
		expect(output[0].json).toMatchObject({ recovered: true });
		expect(await calls(sandbox.control)).toEqual([`POST ${POSTS}`, `GET ${POSTS}`]);
		expect((await readList(sandbox, POSTS)).filter((post) => textOf(post) === TEXT)).toHaveLength(
			1,
		);
	});

	test('made just before to the category alone, without Twitter: not taken for it, sent again', async () => {
		const lookalike = await make(POSTS, {
			content: { text: TEXT },
			content_category_id: DEMO.contentCategories.tips,
			scheduling: { publish_type: 'draft' },
		});
		await expectSentAgain(await afterA500(POSTS, draft), POSTS, lookalike);
	});
});

describe('an added account', () => {
	const addBluesky = (handle: string) =>
		inWorkspace('account', 'addBluesky', {
			handle,
			appPassword: 'abcd-efgh-ijkl-mnop',
			options: { timeout: 1 },
		});

	test('another Bluesky account connected just before: it cannot tell which is its own, so it says so and sends nothing more', async () => {
		await make(ADD, { handle: 'other.bsky.social', app_password: 'abcd-efgh-ijkl-mnop' });
		await clearLog();
		await sandbox.control.fault({ method: 'POST', path: ADD, when: 'after', answer: 'drop' });
		const { output, error } = await runNode({
			parameters: addBluesky('lookalike.bsky.social'),
			credentials: sandbox.credentials(),
		});
		expect(output).toEqual([]);
		expect(error?.message).toBe(
			'It is still unknown whether the service created this: This Bluesky account is already connected to the workspace. (HTTP 409 DUPLICATE_ACCOUNT)',
		);
		expect(error?.description).toBe(
			`What was tried: attempt 1: Could not reach the Social Publishing service at ${sandbox.url}: the connection was closed before an answer came; attempt 2: the service says it exists already, but it was not found in the workspace's bluesky accounts.\n${MAY_EXIST}`,
		);
		expect(await calls(sandbox.control)).toEqual([`POST ${ADD}`, `POST ${ADD}`, `GET ${ACCOUNTS}`]);
	});

	test('a Facebook account connected just before: the Bluesky one the first attempt added is still told apart', async () => {
		await sandbox.control.seed({
			workspace_id: MAIN_WORKSPACE,
			resource: 'accounts',
			count: 1,
			template: { platform: 'facebook' },
		});
		await clearLog();
		await sandbox.control.fault({ method: 'POST', path: ADD, when: 'after', answer: 'drop' });
		const { output, error } = await runNode({
			parameters: addBluesky('lookalike.bsky.social'),
			credentials: sandbox.credentials(),
		});
		expect(error).toBeUndefined();
		expect(output[0].json).toMatchObject({
			platform: 'bluesky',
			recovered: true,
			matched_on: ['platform', 'connected after the first attempt'],
		});
		expect(await calls(sandbox.control)).toEqual([`POST ${ADD}`, `POST ${ADD}`, `GET ${ACCOUNTS}`]);
	});
});
