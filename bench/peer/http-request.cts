// The peer our node is measured against: n8n's own HTTP Request node, from the n8n-nodes-base of
// the n8n the end-to-end tests run (.demo/n8n, installed by scripts/n8n-runtime.cts when missing).
// It runs in the harness engine beside our node, configured as a user would: a predefined
// credential type (our credential), the full URL, a JSON body built from the item.
import Module from 'node:module';
import { join } from 'node:path';

import type { INodeParameters, INodeType } from 'n8n-workflow';

import {
	DEMO_DIR,
	ensureN8n,
	N8N_VERSION,
	PINNED_N8N_VERSION,
	ROOT as repoRoot,
} from '../../scripts/n8n-runtime.cts';
import type { RunNodeOptions } from '../../test/harness/engine.cts';

const N8N_MODULES = join(DEMO_DIR, 'n8n', 'node_modules');
const NODES_BASE = join(N8N_MODULES, 'n8n-nodes-base');
export const PEER_NODE_TYPE = 'n8n-nodes-base.httpRequest';
/** The version n8n 2.41 gives a new HTTP Request node (its `defaultVersion`), run by HttpRequestV3. */
export const PEER_TYPE_VERSION = 4.5;

export interface PeerParameters {
	method: 'GET' | 'POST';
	/** The full URL, as a user types it. */
	url: string;
	qs?: Record<string, string | number>;
	/** The JSON body: an n8n expression that builds it from the item (`={{ ... }}`). */
	jsonBody?: string;
	/** Options > Batching: `batchSize` items, then a pause of `batchInterval` ms. */
	batching?: { batchSize: number; batchInterval: number };
}

export function peerParameters({
	method,
	url,
	qs,
	jsonBody,
	batching,
}: PeerParameters): INodeParameters {
	return {
		method,
		url,
		authentication: 'predefinedCredentialType',
		nodeCredentialType: 'socialPublishingApi',
		sendQuery: qs !== undefined,
		...(qs
			? {
					queryParameters: {
						parameters: Object.entries(qs).map(([name, value]) => ({ name, value: String(value) })),
					},
				}
			: {}),
		sendBody: jsonBody !== undefined,
		...(jsonBody ? { contentType: 'json', specifyBody: 'json', jsonBody } : {}),
		options: batching ? { batching: { batch: batching } } : {},
	};
}

let loaded: { type: INodeType; versions: Record<string, string> } | undefined;

/**
 * In n8n one n8n-workflow serves the engine and every node, so an error a helper throws is the very
 * NodeApiError class the node tests for. .demo/n8n holds its own copy of n8n-workflow (the same
 * version); requires of it from n8n-nodes-base are pointed at the copy our engine runs on.
 */
function shareN8nWorkflow(): void {
	const ours = require.resolve('n8n-workflow');
	const loader = Module as unknown as {
		_resolveFilename(
			request: string,
			parent: { filename?: string } | undefined,
			...rest: unknown[]
		): string;
	};
	const resolve = loader._resolveFilename;
	loader._resolveFilename = function (request, parent, ...rest) {
		if (request === 'n8n-workflow' && parent?.filename?.startsWith(N8N_MODULES)) return ours;
		return resolve.call(this, request, parent, ...rest);
	};
}

function versionOf(path: string): string {
	return (require(join(path, 'package.json')) as { version: string }).version;
}

/** Loads HTTP Request once, installing n8n first if it is missing (as `npm start` does). */
export function loadPeer(log: (line: string) => void = console.log) {
	if (!loaded) {
		// The peer is the n8n our engine (n8n-core, n8n-workflow) is pinned to; ensureN8n installs that
		// one into .demo/n8n unless N8N_E2E_VERSION names another.
		if (N8N_VERSION !== PINNED_N8N_VERSION) {
			throw new Error(
				`The bench compares with n8n ${PINNED_N8N_VERSION}, the version our engine runs; unset N8N_E2E_VERSION (${N8N_VERSION})`,
			);
		}
		ensureN8n(log);
		const versions = {
			n8n: N8N_VERSION,
			nodesBase: versionOf(NODES_BASE),
			demoWorkflow: versionOf(join(N8N_MODULES, 'n8n-workflow')),
			ourWorkflow: versionOf(join(repoRoot, 'node_modules', 'n8n-workflow')),
		};
		if (versions.demoWorkflow !== versions.ourWorkflow) {
			throw new Error(
				`n8n ${N8N_VERSION} ships n8n-workflow ${versions.demoWorkflow}, our engine runs ${versions.ourWorkflow}: HTTP Request would not run as in n8n`,
			);
		}
		shareN8nWorkflow();
		const { HttpRequest } = require(
			join(NODES_BASE, 'dist', 'nodes', 'HttpRequest', 'HttpRequest.node.js'),
		) as {
			HttpRequest: new () => INodeType;
		};
		loaded = { type: new HttpRequest(), versions };
	}
	return loaded;
}

type Job = Pick<RunNodeOptions, 'nodeType' | 'extraNodeTypes' | 'settings'>;

/**
 * What runNode needs to run HTTP Request. The harness makes every node typeVersion 1; the node's
 * own fields pass through `settings`, so the version a user's new node gets goes in there.
 */
export function peerNode(settings: RunNodeOptions['settings'] = {}): Job {
	return {
		nodeType: PEER_NODE_TYPE,
		extraNodeTypes: { [PEER_NODE_TYPE]: loadPeer().type },
		settings: { ...settings, typeVersion: PEER_TYPE_VERSION } as RunNodeOptions['settings'],
	};
}

/** The JSON body of a Create Post draft, as a user writes it in HTTP Request's JSON field. */
export function createPostBody(account: string): string {
	return `={{ JSON.stringify({ content: { text: $json.text }, accounts: [${JSON.stringify(account)}], scheduling: { publish_type: 'draft' } }) }}`;
}
