// When the lookup itself cannot tell. A create failed in a way that leaves it unknown whether the
// service acted, and the list the node looks in could not be read: sending again could post twice,
// so nothing is sent again, and the error says what was tried. The same on a retry, where the
// node looks before it sends at all.
import { useSandbox } from '../harness/sandbox.cts';
import { runNode } from '../harness/engine.cts';
import { DEMO } from '../../sandbox/demo-data.cts';
import { calls, inWorkspace, MAIN_WORKSPACE } from '../library/fixtures.cts';
import { createDraft, MAY_EXIST, readList, textOf, uploadFile } from './fixtures.cts';
import { POSTS } from '../post/fixtures.cts';

const sandbox = useSandbox();

const FAILED = 'Sandbox fault: HTTP 500 (HTTP 500)';
const REFUSED = 'Sandbox fault: HTTP 403 (HTTP 403)';

const made = async (text: string) =>
	(await readList(sandbox, POSTS)).filter((post) => textOf(post) === text);

test('a 500 after the service acted, then the list refused: nothing sent again, and the error says why', async () => {
	const text = 'Unknown, the list refused';
	await sandbox.control.fault({ method: 'POST', path: POSTS, when: 'after', status: 500 });
	await sandbox.control.fault({ method: 'GET', path: POSTS, status: 403 });
	await sandbox.control.clearRequests();
	const { output, error } = await runNode({
		parameters: createDraft(text),
		credentials: sandbox.credentials(),
	});
	expect(output).toEqual([]);
	expect(error?.message).toBe(`It is still unknown whether the service created this: ${FAILED}`);
	expect(error?.description).toBe(
		`What was tried: attempt 1: ${FAILED}; could not look in the workspace's posts: ${REFUSED}.\n${MAY_EXIST}`,
	);
	// The first failure's code, not the lookup's.
	expect(error?.httpCode).toBe('500');
	expect(await calls(sandbox.control)).toEqual([`POST ${POSTS}`, `GET ${POSTS}`]);
	expect(await made(text)).toHaveLength(1);
});

test('Retry On Fail after a 500 with On Server Error "Fail", the list refused on the retry: nothing sent', async () => {
	const text = 'Unknown on the retry';
	await sandbox.control.fault({ method: 'POST', path: POSTS, when: 'after', status: 500 });
	await sandbox.control.fault({ method: 'GET', path: POSTS, status: 403 });
	await sandbox.control.clearRequests();
	const draft = createDraft(text);
	const { output, error } = await runNode({
		parameters: { ...draft, options: { ...(draft.options as object), onServerError: 'fail' } },
		credentials: sandbox.credentials(),
		settings: { retryOnFail: true, maxTries: 2, waitBetweenTries: 0 },
	});
	expect(output).toEqual([]);
	expect(error?.message).toBe(
		`Could not look in the workspace's posts for what an earlier attempt made, so nothing was sent: ${REFUSED}`,
	);
	expect(error?.itemIndex).toBe(0);
	expect(await calls(sandbox.control)).toEqual([`POST ${POSTS}`, `GET ${POSTS}`]);
	expect(await made(text)).toHaveLength(1);
});

// Each lookup names the list it could not read: the media library for an upload, the post's
// comments for a comment.
const W = `/api/v1/workspaces/${MAIN_WORKSPACE}`;
const COMMENTS = `${W}/posts/${DEMO.posts.draft}/comments`;
test.each([
	['Media > Upload', `${W}/media`, 'the media library', uploadFile('unknown.png', 'refused list')],
	[
		'Comment > Create',
		COMMENTS,
		"the post's comments",
		{
			parameters: inWorkspace('comment', 'create', {
				postId: DEMO.posts.draft,
				comment: 'Unknown, its list refused',
				options: { timeout: 1 },
			}),
		},
	],
])(
	'%s: a 500 after the service acted, then its list refused: the error names the list',
	async (_name, path, where, run) => {
		await sandbox.control.fault({ method: 'POST', path, when: 'after', status: 500 });
		await sandbox.control.fault({ method: 'GET', path, status: 403 });
		await sandbox.control.clearRequests();
		const { output, error } = await runNode({ ...run, credentials: sandbox.credentials() });
		expect(output).toEqual([]);
		expect(error?.message).toBe(`It is still unknown whether the service created this: ${FAILED}`);
		expect(error?.description).toBe(
			`What was tried: attempt 1: ${FAILED}; could not look in ${where}: ${REFUSED}.\n${MAY_EXIST}`,
		);
		expect(await calls(sandbox.control)).toEqual([`POST ${path}`, `GET ${path}`]);
	},
);
