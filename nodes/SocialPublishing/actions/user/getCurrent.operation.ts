import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { nodeOptions } from '../../../shared/options';
import { send } from '../../../shared/api';

export const description: INodeProperties[] = [nodeOptions()];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	return await send.call(this, 'me', {}, { itemIndex });
}
