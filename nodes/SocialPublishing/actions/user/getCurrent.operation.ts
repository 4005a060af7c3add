import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { nodeOptions } from '../../descriptions/common';
import { apiRequest, paths } from '../../transport';

const properties: INodeProperties[] = [nodeOptions()];

export const description = updateDisplayOptions({ show: { resource: ['user'], operation: ['getCurrent'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const response = await apiRequest.call(this, 'GET', paths.me(), { itemIndex });
	return (response.data as IDataObject) ?? {};
}
