import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { parallelRequestsOf } from '../../shared/transport/request';
import { outputShaper } from '../helpers/output';
import { operationsByResource } from './index';

type NodeError = NodeApiError | NodeOperationError;

/**
 * The item loop: pairing, continueOnFail and error wrapping live here, not in operations.
 * Items run up to Options > Parallel Requests at a time; their output keeps item order. Without
 * Continue On Fail the node stops at the first failed item in item order: no item is started
 * after a failure is known, and the items already started finish first.
 */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const outputs: INodeExecutionData[][] = new Array(items.length);
	let firstFailure: { itemIndex: number; error: NodeError } | undefined;

	const runItem = async (itemIndex: number): Promise<void> => {
		const resource = this.getNodeParameter('resource', itemIndex) as string;
		const operation = this.getNodeParameter('operation', itemIndex) as string;
		const handler = operationsByResource[resource]?.[operation];
		try {
			if (!handler) {
				throw new NodeOperationError(
					this.getNode(),
					`The operation "${operation}" is not known for the resource "${resource}"`,
					{ itemIndex },
				);
			}
			const shape = handler.list ? outputShaper(this, itemIndex, handler.list) : undefined;
			const result = await handler.execute.call(this, itemIndex);
			outputs[itemIndex] = this.helpers.constructExecutionMetaData(
				this.helpers.returnJsonArray(shape ? shape(result as IDataObject[]) : result),
				{ itemData: { item: itemIndex } },
			);
		} catch (error) {
			const nodeError =
				error instanceof NodeApiError || error instanceof NodeOperationError
					? error
					: new NodeOperationError(this.getNode(), error as Error, { itemIndex });
			if (nodeError.context.itemIndex === undefined) nodeError.context.itemIndex = itemIndex;
			if (!this.continueOnFail()) {
				if (!firstFailure || itemIndex < firstFailure.itemIndex) {
					firstFailure = { itemIndex, error: nodeError };
				}
				return;
			}
			const json: IDataObject = { error: nodeError.message };
			if (nodeError.description) json.description = nodeError.description;
			if (nodeError instanceof NodeApiError && nodeError.httpCode)
				json.httpCode = nodeError.httpCode;
			// With "Continue (using error output)" the engine routes an item by its `error`, and
			// keeps only the message in its JSON; the whole error stays on the item.
			const toErrorOutput = this.getNode().onError === 'continueErrorOutput';
			outputs[itemIndex] = [
				{ json, pairedItem: { item: itemIndex }, ...(toErrorOutput ? { error: nodeError } : {}) },
			];
		}
	};

	let next = 0;
	const worker = async () => {
		while (next < items.length && !firstFailure) await runItem(next++);
	};
	const parallel = Math.min(parallelRequestsOf(this), Math.max(1, items.length));
	await Promise.all(Array.from({ length: parallel }, worker));

	if (firstFailure) throw firstFailure.error;
	return [outputs.flat()];
}
