// Runs one of the node's option lists (`methods.loadOptions`) the way n8n's editor does when a
// multi-select opens: n8n-core's LoadOptionsContext over the node's current parameters.
import type {
	INode,
	INodeParameters,
	INodePropertyOptions,
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

export interface LoadOptionsRun {
	options?: INodePropertyOptions[];
	error?: NodeErrorInfo;
}

export async function runLoadOptions(
	method: string,
	parameters: INodeParameters,
	credentials: Credentials,
): Promise<LoadOptionsRun> {
	const loader = await loadPackage();
	const nodeType = (name: string) => loader.getNode(name.replace(`${PACKAGE_NAME}.`, '')).type;
	const nodeTypes = {
		getByName: nodeType,
		getByNameAndVersion: (name: string, version?: number) =>
			NodeHelpers.getVersionedNodeType(nodeType(name), version),
		getKnownTypes: () => ({}),
	};
	const node: INode = {
		id: 'options-node',
		name: 'Options-Node',
		type: NODE_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters,
		credentials: { [CREDENTIAL_TYPE]: { id: 'cred-1', name: 'Social Publishing account' } },
	};
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	const additionalData = {
		credentialsHelper: new PackageCredentialsHelper(loader, {
			[CREDENTIAL_TYPE]: { ...credentials },
		}),
		currentNodeParameters: parameters,
	} as unknown as IWorkflowExecuteAdditionalData;
	const context = new LoadOptionsContext(workflow, node, additionalData, `parameters.${method}`);
	const load = nodeTypes.getByNameAndVersion(NODE_TYPE, 1).methods?.loadOptions?.[method];
	if (!load) throw new Error(`The node has no option list "${method}"`);
	try {
		return { options: await load.call(context) };
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
