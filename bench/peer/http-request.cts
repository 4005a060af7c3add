// The peer our node is measured against: what n8n's HTTP Request node (v4, n8n-nodes-base 2.41.1)
// does with a request, reduced to that. n8n-nodes-base does not install here (see BENCHMARKS.md),
// so this stand-in sends the same request through the same n8n-core helper the real node uses for a
// predefined credential (`helpers.requestWithAuthentication`), and keeps the real node's behaviour
// that matters under a rate limit: every item's request is started before any answer is awaited
// (its default, no batching), and the first failed item, in item order, fails the node.
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	INodeTypeDescription,
	IRequestOptions,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeConnectionTypes, sleep } from 'n8n-workflow';

export const PEER_NODE_TYPE = 'benchHttpRequest';

export interface PeerParameters {
	method: 'GET' | 'POST';
	/** Path under the credential's Base URL, e.g. /api/v1/workspaces/ws1/posts. */
	path: string;
	qs?: IDataObject;
	/** The JSON body, or an n8n expression that builds it from the item (`={{ {...} }}`). */
	body?: IDataObject | string;
	/** HTTP Request's Options > Batching: pause `batchInterval` ms after every `batchSize` items. */
	batching?: { batchSize: number; batchInterval: number };
	/**
	 * Not an HTTP Request option: awaits each answer before sending the next request, to separate
	 * the per-request cost of the node from the gain of having every request in flight at once.
	 */
	oneAtATime?: boolean;
}

const description: INodeTypeDescription = {
	displayName: 'HTTP Request (bench stand-in)',
	name: PEER_NODE_TYPE,
	group: ['output'],
	version: 1,
	description: "n8n's HTTP Request node reduced to one JSON request per item",
	defaults: { name: 'HTTP Request' },
	inputs: [NodeConnectionTypes.Main],
	outputs: [NodeConnectionTypes.Main],
	credentials: [{ name: 'socialPublishingApi', required: true }],
	properties: [
		{ displayName: 'Method', name: 'method', type: 'string', default: 'GET' },
		{ displayName: 'Path', name: 'path', type: 'string', default: '' },
		{ displayName: 'Query', name: 'qs', type: 'json', default: '{}' },
		{ displayName: 'Body', name: 'body', type: 'json', default: '' },
		{ displayName: 'Batch Size', name: 'batchSize', type: 'number', default: 1 },
		{ displayName: 'Batch Interval (Ms)', name: 'batchInterval', type: 'number', default: 0 },
		{ displayName: 'One at a Time', name: 'oneAtATime', type: 'boolean', default: false },
	],
};

function objectParameter(value: unknown): IDataObject | undefined {
	if (value === '' || value === undefined || value === null) return undefined;
	return (typeof value === 'string' ? JSON.parse(value) : value) as IDataObject;
}

export class BenchHttpRequest implements INodeType {
	description = description;

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		const { baseUrl } = await this.getCredentials<{ baseUrl: string }>('socialPublishingApi');
		const oneAtATime = this.getNodeParameter('oneAtATime', 0, false) as boolean;
		const batchSize = Math.max(1, this.getNodeParameter('batchSize', 0, 1) as number);
		const batchInterval = this.getNodeParameter('batchInterval', 0, 0) as number;

		const requests: Array<Promise<unknown>> = [];
		for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
			// As HTTP Request does it: the pause holds back the next requests, not the answers.
			if (itemIndex > 0 && batchInterval > 0 && itemIndex % batchSize === 0) await sleep(batchInterval);
			const options: IRequestOptions = {
				method: this.getNodeParameter('method', itemIndex) as 'GET' | 'POST',
				uri: `${String(baseUrl).replace(/\/+$/, '')}${this.getNodeParameter('path', itemIndex) as string}`,
				qs: objectParameter(this.getNodeParameter('qs', itemIndex, '')),
				body: objectParameter(this.getNodeParameter('body', itemIndex, '')),
				json: true,
				gzip: true,
				timeout: 300_000,
			};
			const request = this.helpers.requestWithAuthentication.call(
				this,
				'socialPublishingApi',
				options,
				undefined,
				itemIndex,
			);
			request.catch(() => {});
			requests.push(request);
			if (oneAtATime) await Promise.allSettled([request]);
		}

		const answers = await Promise.allSettled(requests);
		return [
			answers.map((answer, itemIndex) => {
				if (answer.status === 'rejected') {
					const reason = answer.reason as JsonObject;
					throw reason instanceof NodeApiError ? reason : new NodeApiError(this.getNode(), reason, { itemIndex });
				}
				return { json: answer.value as IDataObject, pairedItem: { item: itemIndex } };
			}),
		];
	}
}

/** What the harness's runNode needs to run the peer: its type name and the type itself. */
export const peerNode = {
	nodeType: PEER_NODE_TYPE,
	extraNodeTypes: { [PEER_NODE_TYPE]: new BenchHttpRequest() },
};

export function peerParameters({ method, path, qs, body, batching, oneAtATime }: PeerParameters): INodeParameters {
	return {
		method,
		path,
		qs: JSON.stringify(qs ?? {}),
		body: body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body),
		batchSize: batching?.batchSize ?? 1,
		batchInterval: batching?.batchInterval ?? 0,
		oneAtATime: oneAtATime ?? false,
	};
}
