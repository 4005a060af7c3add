import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { nodeOptions } from '../../descriptions/common';
import { apiRequest, paths } from '../../transport';

const properties: INodeProperties[] = [nodeOptions()];

export const description = updateDisplayOptions({ show: { resource: ['workspace'], operation: ['getAll'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const response = await apiRequest.call(this, 'GET', paths.workspaces(), { itemIndex });
	return Array.isArray(response.data) ? (response.data as IDataObject[]) : [];
}
