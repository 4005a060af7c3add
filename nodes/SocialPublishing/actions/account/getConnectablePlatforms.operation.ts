import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { nodeOptions } from '../../descriptions/common';
import { getList } from '../../../shared/api';

export const description: INodeProperties[] = updateDisplayOptions(
	{ show: { resource: ['account'], operation: ['getConnectablePlatforms'] } },
	[nodeOptions()],
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return await getList.call(this, 'platforms', {}, { itemIndex });
}
