import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { operationsByResource } from './index';

/** The item loop: pairing, continueOnFail and error wrapping live here, not in operations. */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const returnData: INodeExecutionData[] = [];

	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
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
			const result = await handler.execute.call(this, itemIndex);
			returnData.push(
				...this.helpers.constructExecutionMetaData(this.helpers.returnJsonArray(result), {
					itemData: { item: itemIndex },
				}),
			);
		} catch (error) {
			const nodeError =
				error instanceof NodeApiError || error instanceof NodeOperationError
					? error
					: new NodeOperationError(this.getNode(), error as Error, { itemIndex });
			if (this.continueOnFail()) {
				const json: IDataObject = { error: nodeError.message };
				if (nodeError.description) json.description = nodeError.description;
				if (nodeError instanceof NodeApiError && nodeError.httpCode) json.httpCode = nodeError.httpCode;
				if (nodeError.context.itemIndex === undefined) nodeError.context.itemIndex = itemIndex;
				// With "Continue (using error output)" the engine routes an item by its `error`, and
				// keeps only the message in its JSON; the whole error stays on the item.
				const toErrorOutput = this.getNode().onError === 'continueErrorOutput';
				returnData.push({ json, pairedItem: { item: itemIndex }, ...(toErrorOutput ? { error: nodeError } : {}) });
				continue;
			}
			if (nodeError.context.itemIndex === undefined) nodeError.context.itemIndex = itemIndex;
			throw nodeError;
		}
	}

	return [returnData];
}
