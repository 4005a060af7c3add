// Runs the node's editor-side methods (`methods.loadOptions`, `methods.listSearch`) the way n8n's
// editor does: a node holding the current parameters, and n8n-core's LoadOptionsContext around it.
import type { INode, INodeParameters, IWorkflowExecuteAdditionalData } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';
import { LoadOptionsContext } from 'n8n-core';

import type { Credentials, NodeErrorInfo } from './engine.cts';
import {
	CREDENTIAL_TYPE,
	loadPackage,
	NODE_TYPE,
	nodeError,
	PackageCredentialsHelper,
	PackageNodeTypes,
} from './engine.cts';

export type MethodKind = 'loadOptions' | 'listSearch';

export interface MethodRun<T> {
	result?: T;
	error?: NodeErrorInfo;
}

export async function runNodeMethod<T>(
	kind: MethodKind,
	method: string,
	parameters: INodeParameters,
	credentials: Credentials,
	args: unknown[] = [],
	nodeTypeName = NODE_TYPE,
): Promise<MethodRun<T>> {
	const loader = await loadPackage();
	const nodeTypes = new PackageNodeTypes(loader);
	const node: INode = {
		id: 'editor-node',
		name: 'Editor-Node',
		type: nodeTypeName,
		typeVersion: nodeTypes.newestVersion(nodeTypeName),
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
	const run = nodeTypes.getByNameAndVersion(nodeTypeName, 1).methods?.[kind]?.[method] as
		| ((this: LoadOptionsContext, ...args: unknown[]) => Promise<T>)
		| undefined;
	if (!run) throw new Error(`The node has no ${kind} method "${method}"`);
	try {
		return { result: await run.call(context, ...args) };
	} catch (thrown) {
		return { error: nodeError(thrown) };
	}
}
