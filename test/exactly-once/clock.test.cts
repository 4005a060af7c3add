// The service's clock rules the lookup: before a resend, "made since this attempt" is judged by the
// service's clock (the Date header of its answers), not n8n's. The sandbox runs 10 minutes behind
// the real clock, and again 10 minutes ahead; its record times and Date header follow its clock.
import type { Fault } from '../../sandbox/client.cts';
import { DEMO } from '../../sandbox/demo-data.cts';
import { runNode } from '../harness/engine.cts';
import { useSandbox } from '../harness/sandbox.cts';
import { inWorkspace, MAIN_WORKSPACE } from '../library/fixtures.cts';
import { createDraft, readList, textOf, uploadFile } from './fixtures.cts';

const sandbox = useSandbox();

const W = `/api/v1/workspaces/${MAIN_WORKSPACE}`;
const POSTS = `${W}/posts`;
const CREATES = 20;
/** No request is held here: a generous timeout, so that a slow machine adds no failure of its own. */
const TIMEOUT = 30;
const OFFSETS: Array<[string, number]> = [
	['10 minutes behind', -600],
	['10 minutes ahead', 600],
];

/** The ambiguous failures after the service acted: 3 answered 500, 3 dropped connections. */
const AFTER_ACTING: Fault[] = [
	{ method: 'POST', path: POSTS, when: 'after', answer: 'status', status: 500, times: 3 },
	{ method: 'POST', path: POSTS, when: 'after', answer: 'drop', times: 3 },
];

const list = (path: string, query = '') => readList(sandbox, path, query);

describe.each(OFFSETS)('the service %s', (name, offsetSeconds) => {
	beforeEach(async () => {
		await sandbox.control.clock({ offsetSeconds });
		await sandbox.control.clearRequests();
	});

	test(`${CREATES} creates, 6 answered ambiguously after the service acted: one post each, none twice`, async () => {
		for (const fault of AFTER_ACTING) await sandbox.control.fault(fault);
		const texts = Array.from({ length: CREATES }, (_, i) => `Clock ${name} #${i}`);
		const { output, error } = await runNode({
			parameters: createDraft('={{ $json.text }}', undefined, TIMEOUT),
			items: texts.map((text) => ({ json: { text } })),
			credentials: sandbox.credentials(),
		});
		expect(error).toBeUndefined();

		const log = await sandbox.control.requests({ method: 'POST', path: POSTS });
		expect(log.filter((entry) => entry.status !== 201)).toHaveLength(6);
		// Each text was sent once: no resend, so no second post.
		expect(log.map((entry) => textOf(entry.body)).sort()).toEqual([...texts].sort());
		const posts = (await list(POSTS)).filter((post) =>
			texts.includes(textOf(post) as string),
		);
		expect(posts.map((post) => textOf(post)).sort()).toEqual([...texts].sort());
		expect(output.map((item) => item.json.id).sort()).toEqual(
			posts.map((post) => String(post.id)).sort(),
		);
		expect(output.filter((item) => item.json.recovered === true)).toHaveLength(6);
	});

	test('Media > Upload (a 500) and Comment > Create (a dropped connection, its first request) after the service acted: found, not sent again', async () => {
		const media = `${W}/media`;
		const comments = `${POSTS}/${DEMO.posts.draft}/comments`;
		await sandbox.control.fault({ method: 'POST', path: media, when: 'after', status: 500 });
		// No answer before the lookup's own: its Date header tells the service's clock.
		await sandbox.control.fault({ method: 'POST', path: comments, when: 'after', answer: 'drop' });
		const upload = await runNode({
			...uploadFile('clock.png', 'clock', TIMEOUT),
			credentials: sandbox.credentials(),
		});
		const comment = await runNode({
			parameters: inWorkspace('comment', 'create', {
				postId: DEMO.posts.draft,
				comment: `Clock ${name}`,
				options: { timeout: TIMEOUT },
			}),
			credentials: sandbox.credentials(),
		});
		expect([upload.error, comment.error]).toEqual([undefined, undefined]);
		expect([upload.output[0].json.recovered, comment.output[0].json.recovered]).toEqual([
			true,
			true,
		]);
		expect(
			(await sandbox.control.requests()).map((entry) => `${entry.method} ${entry.path}`),
		).toEqual([`POST ${media}`, `GET ${media}`, `POST ${comments}`, `GET ${comments}`]);
		expect(await list(media, '&search=clock.png')).toHaveLength(1);
		expect(
			(await list(comments)).filter((each) => each.comment === `Clock ${name}`),
		).toHaveLength(1);
	});
});

test("a service that sends no Date header: n8n's clock stands in, and the post is found", async () => {
	await sandbox.control.clock({ dateHeader: false });
	await sandbox.control.fault({ method: 'POST', path: POSTS, when: 'after', answer: 'drop' });
	await sandbox.control.clearRequests();
	const { output, error } = await runNode({
		parameters: createDraft('No Date header', undefined, TIMEOUT),
		credentials: sandbox.credentials(),
	});
	expect(error).toBeUndefined();
	expect(output[0].json.recovered).toBe(true);
	expect(
		(await sandbox.control.requests()).map((entry) => `${entry.method} ${entry.path}`),
	).toEqual([`POST ${POSTS}`, `GET ${POSTS}`]);
});

// The 5 minutes of slack: a post with the same text and accounts made more than 5 minutes before
// the attempt began is another post; one made within them is taken for the attempt's (the honest
// limit of docs/errors-and-rate-limits.md).
test.each([
	['6 minutes before the attempt: another post, so the create is sent again', -360, false],
	['4 minutes before the attempt: taken for it, and not sent again', -240, true],
])('the same draft made %s', async (name, offsetSeconds, found) => {
	const text = `Made ${offsetSeconds} s before`;
	await sandbox.control.clock({ offsetSeconds });
	const earlier = await runNode({
		parameters: createDraft(text, undefined, TIMEOUT),
		credentials: sandbox.credentials(),
	});
	expect(earlier.error).toBeUndefined();
	await sandbox.control.clock({ offsetSeconds: 0 });
	await sandbox.control.fault({ method: 'POST', path: POSTS, when: 'before', status: 500 });
	await sandbox.control.clearRequests();
	const { output, error } = await runNode({
		parameters: createDraft(text, undefined, TIMEOUT),
		credentials: sandbox.credentials(),
	});
	expect(error).toBeUndefined();
	expect(output[0].json.recovered).toBe(found ? true : undefined);
	const creates = await sandbox.control.requests({ method: 'POST', path: POSTS });
	expect(creates.map((entry) => entry.status)).toEqual(found ? [500] : [500, 201]);
	const posts = (await list(POSTS)).filter((post) => textOf(post) === text);
	expect({ name, posts: posts.length }).toEqual({ name, posts: found ? 1 : 2 });
});
