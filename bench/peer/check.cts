// Before any figure: HTTP Request, as loaded, sends the very request our node sends, and an error
// answer fails it as in n8n (the first failed item, in item order, with the service's status).
import { runNode } from '../../test/harness/engine.cts';
import type { BenchSandbox } from '../lib/jobs.cts';
import { createPost, peerCreatePost, textItems } from '../lib/jobs.cts';
import { peerNode } from './http-request.cts';

async function creates(sandbox: BenchSandbox) {
	const log = await sandbox.control.requests({ method: 'POST', path: '/api/v1/workspaces/*' });
	return log.map(({ path, body, key }) => ({ path, body, key }));
}

/** Throws unless the peer behaves as the comparison claims; answers what was checked. */
export async function checkPeer(sandbox: BenchSandbox): Promise<string> {
	const items = textItems('peer check', 2);
	await sandbox.control.reset();
	const ours = await runNode({ parameters: createPost(), items, credentials: sandbox.credentials });
	const fromOurs = await creates(sandbox);
	await sandbox.control.reset();
	const peer = await runNode({
		...peerNode(),
		parameters: peerCreatePost(sandbox.url),
		items,
		credentials: sandbox.credentials,
	});
	const fromPeer = await creates(sandbox);
	if (ours.error || peer.error)
		throw new Error(`peer check: a create failed: ${(ours.error ?? peer.error)?.message}`);
	if (fromPeer.length !== 2 || JSON.stringify(fromPeer) !== JSON.stringify(fromOurs)) {
		throw new Error(
			`peer check: HTTP Request sent ${JSON.stringify(fromPeer)}, our node ${JSON.stringify(fromOurs)}`,
		);
	}
	if (peer.output.length !== 2 || (peer.output[0].json as { status?: unknown }).status !== true) {
		throw new Error(`peer check: HTTP Request output ${JSON.stringify(peer.output).slice(0, 300)}`);
	}

	await sandbox.control.reset();
	await sandbox.control.fault({
		method: 'POST',
		path: '/api/v1/workspaces/*',
		status: 500,
		times: 1,
	});
	const failed = await runNode({
		...peerNode(),
		parameters: peerCreatePost(sandbox.url),
		items,
		credentials: sandbox.credentials,
	});
	const sent = (await creates(sandbox)).length;
	const error = failed.error;
	if (
		!error ||
		error.httpCode !== '500' ||
		error.itemIndex !== 0 ||
		failed.output.length !== 0 ||
		sent !== 2
	) {
		throw new Error(
			`peer check: a 500 for item 1 should fail HTTP Request at item 0 with code 500 after sending both; got ${JSON.stringify({ message: error?.message, httpCode: error?.httpCode, itemIndex: error?.itemIndex, output: failed.output.length, sent })}`,
		);
	}
	await sandbox.control.reset();
	return `the same two create requests as our node reached the sandbox (same path, body and key); a 500 on the first failed the node at item 0 with "${error.message}" (HTTP ${error.httpCode}) after both requests were sent`;
}
