import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { apiRequest, paths } from '../../transport';

export const description: INodeProperties[] = [];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const response = await apiRequest.call(this, 'GET', paths.me(), { itemIndex });
	return (response.data as IDataObject) ?? {};
}
