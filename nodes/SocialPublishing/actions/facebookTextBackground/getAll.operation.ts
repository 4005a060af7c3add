import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { nodeOptions } from '../../descriptions/common';
import { apiRequest, paths } from '../../transport';

export const description: INodeProperties[] = updateDisplayOptions(
	{ show: { resource: ['facebookTextBackground'], operation: ['getAll'] } },
	[nodeOptions()],
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const response = await apiRequest.call(this, 'GET', paths.textBackgrounds(), { itemIndex });
	return Array.isArray(response.data) ? (response.data as IDataObject[]) : [];
}
