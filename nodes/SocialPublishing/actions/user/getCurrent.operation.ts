import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { nodeOptions } from '../../../shared/options';
import { getRecord } from '../../../shared/api';
import type { Plan } from '../resource';

export const description: INodeProperties[] = [nodeOptions()];

export async function plan(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	return { send: async () => await getRecord(this, 'me', { itemIndex }) };
}
