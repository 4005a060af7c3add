import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { nodeOptions } from '../../../shared/options';
import { send } from '../../../shared/api';

const properties: INodeProperties[] = [nodeOptions()];

export const description = updateDisplayOptions(
	{ show: { resource: ['user'], operation: ['getCurrent'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	return await send.call(this, 'me', {}, { itemIndex });
}
