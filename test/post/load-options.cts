// Runs one of the node's option lists (`methods.loadOptions`) as the editor does when a
// multi-select opens.
import type { INodeParameters, INodePropertyOptions } from 'n8n-workflow';

import type { Credentials, NodeErrorInfo } from '../harness/engine.cts';
import { runNodeMethod } from '../harness/methods.cts';

export interface LoadOptionsRun {
	options?: INodePropertyOptions[];
	error?: NodeErrorInfo;
}

export async function runLoadOptions(
	method: string,
	parameters: INodeParameters,
	credentials: Credentials,
): Promise<LoadOptionsRun> {
	const { result, error } = await runNodeMethod<INodePropertyOptions[]>(
		'loadOptions',
		method,
		parameters,
		credentials,
	);
	return { options: result, error };
}
