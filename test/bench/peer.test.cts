// The benchmarks compare our node with a stand-in for n8n's HTTP Request node. These tests hold the
// stand-in to what the comparison claims: it sends the very request our node sends, fails the node
// at the first failed item as HTTP Request does, and under the engine's Retry On Fail re-sends the
// items that had already succeeded.
import { runNode } from '../harness/engine.cts';
import { useSandbox } from '../harness/sandbox.cts';
import { DEMO } from '../../sandbox/demo-data.cts';
import {
	createPost,
	getManyPosts,
	peerCreatePost,
	peerGetManyPosts,
	postsTagged,
	textItems,
} from '../../bench/lib/jobs.cts';
import { peerNode } from '../../bench/peer/http-request.cts';

const sandbox = useSandbox();
const postsPath = `/api/v1/workspaces/${DEMO.workspaces.main.id}/posts`;

async function requestsTo(method: 'GET' | 'POST') {
	const log = await sandbox.control.requests({ method, path: postsPath });
	return log.map(({ path, query, body }) => ({ method, path, query, body }));
}

test('the stand-in sends the same create request as our node', async () => {
	const items = textItems('same request', 2);
	const ours = await runNode({ parameters: createPost(), items, credentials: sandbox.credentials() });
	expect(ours.error).toBeUndefined();
	const fromOurs = await requestsTo('POST');
	await sandbox.control.clearRequests();

	const peer = await runNode({ ...peerNode, parameters: peerCreatePost(), items, credentials: sandbox.credentials() });
	expect(peer.error).toBeUndefined();
	expect(peer.output).toHaveLength(2);
	expect(await requestsTo('POST')).toEqual(fromOurs);
	expect(fromOurs).toHaveLength(2);
});

test('the stand-in sends the same Get Many request as our node with a Limit', async () => {
	const items = textItems('list', 2);
	const ours = await runNode({
		parameters: getManyPosts(DEMO.workspaces.main.id, { limit: 10 }),
		items,
		credentials: sandbox.credentials(),
	});
	expect(ours.error).toBeUndefined();
	const fromOurs = await requestsTo('GET');
	await sandbox.control.clearRequests();

	const peer = await runNode({
		...peerNode,
		parameters: peerGetManyPosts(DEMO.workspaces.main.id, 10),
		items,
		credentials: sandbox.credentials(),
	});
	expect(peer.error).toBeUndefined();
	expect(await requestsTo('GET')).toEqual(fromOurs);
	expect(fromOurs).toHaveLength(2);
});

test('a failed item fails the stand-in node, as HTTP Request does by default', async () => {
	await sandbox.control.fault({ method: 'POST', path: postsPath, times: 1, status: 429, body: { status: false, message: 'Too many requests' } });
	const { output, error } = await runNode({
		...peerNode,
		parameters: peerCreatePost(),
		items: textItems('failing', 3),
		credentials: sandbox.credentials(),
	});
	expect(output).toEqual([]);
	expect(error?.httpCode).toBe('429');
	// Every item's request had been sent: the other two posts exist although the node failed.
	expect(await postsTagged({ url: sandbox.url, credentials: sandbox.credentials() }, 'failing')).toHaveLength(2);
});

test("the engine's Retry On Fail re-runs the whole node and duplicates the posts already made", async () => {
	await sandbox.control.fault({ method: 'POST', path: postsPath, times: 1, status: 429, body: { status: false, message: 'Too many requests' } });
	const { output, error } = await runNode({
		...peerNode,
		parameters: peerCreatePost(),
		items: textItems('retried', 3),
		credentials: sandbox.credentials(),
		settings: { retryOnFail: true, maxTries: 2 },
	});
	expect(error).toBeUndefined();
	expect(output).toHaveLength(3);
	const texts = await postsTagged({ url: sandbox.url, credentials: sandbox.credentials() }, 'retried');
	expect(texts).toHaveLength(5);
	expect(new Set(texts).size).toBe(3);
});
