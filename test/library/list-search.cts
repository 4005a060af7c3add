// Runs one of the node's searchable lists (`methods.listSearch`) the way n8n's editor does: a
// temporary node holding the current parameters, and n8n-core's LoadOptionsContext around it.
import type {
	INode,
	INodeListSearchItems,
	INodeListSearchResult,
	INodeParameters,
	INodeTypes,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { NodeHelpers, Workflow } from 'n8n-workflow';
import { LoadOptionsContext } from 'n8n-core';

import type { Credentials, NodeErrorInfo } from '../harness/engine.cts';
import {
	CREDENTIAL_TYPE,
	loadPackage,
	NODE_TYPE,
	PACKAGE_NAME,
	PackageCredentialsHelper,
} from '../harness/engine.cts';

export interface ListSearchOptions {
	method: string;
	/** The node's current parameters, e.g. the chosen workspace as a resource locator value. */
	parameters: INodeParameters;
	credentials: Credentials;
	filter?: string;
	paginationToken?: string;
}

export interface ListSearchRun {
	result?: INodeListSearchResult;
	error?: NodeErrorInfo;
}

export async function runListSearch(options: ListSearchOptions): Promise<ListSearchRun> {
	const loader = await loadPackage();
	const typeOf = (name: string) => loader.getNode(name.replace(`${PACKAGE_NAME}.`, '')).type;
	const typeAt = (name: string, version?: number) =>
		NodeHelpers.getVersionedNodeType(typeOf(name), version);
	const nodeTypes: INodeTypes = {
		getByName: typeOf,
		getByNameAndVersion: typeAt,
		getKnownTypes: () => ({}),
	};
	const node: INode = {
		id: 'temp-node',
		name: 'Temp-Node',
		type: NODE_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: options.parameters,
		credentials: { [CREDENTIAL_TYPE]: { id: 'cred-1', name: 'Social Publishing account' } },
	};
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	const additionalData = {
		credentialsHelper: new PackageCredentialsHelper(loader, {
			[CREDENTIAL_TYPE]: { ...options.credentials },
		}),
		currentNodeParameters: options.parameters,
	} as unknown as IWorkflowExecuteAdditionalData;
	const context = new LoadOptionsContext(
		workflow,
		node,
		additionalData,
		`parameters.${options.method}`,
	);
	const method = typeAt(NODE_TYPE, 1).methods?.listSearch?.[options.method];
	if (!method) throw new Error(`The node has no list search "${options.method}"`);
	try {
		return { result: await method.call(context, options.filter, options.paginationToken) };
	} catch (thrown) {
		const error = thrown as {
			message?: string;
			description?: string | null;
			httpCode?: string | null;
		};
		return {
			error: {
				message: String(error.message),
				description: error.description,
				httpCode: error.httpCode,
				raw: thrown,
			},
		};
	}
}

/** Follows the pagination tokens to the end, as scrolling the list in the editor does. */
export async function listAll(options: Omit<ListSearchOptions, 'paginationToken'>) {
	const items: INodeListSearchItems[] = [];
	const tokens: string[] = [];
	let token: string | undefined;
	do {
		const { result, error } = await runListSearch({ ...options, paginationToken: token });
		if (error || !result) throw new Error(`List search failed: ${error?.message}`);
		items.push(...result.results);
		token = result.paginationToken === undefined ? undefined : String(result.paginationToken);
		if (token !== undefined) tokens.push(token);
	} while (token !== undefined);
	return { items, tokens };
}
