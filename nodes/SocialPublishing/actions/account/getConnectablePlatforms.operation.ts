import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { nodeOptions } from '../../../shared/options';
import { getList } from '../../../shared/api';
import { outputProperties } from '../../helpers/output';
import type { ListOutput } from '../../helpers/output';
import type { Plan } from '../resource';

export const description: INodeProperties[] = [...outputProperties('raw'), nodeOptions()];

/** The fields an agent or a message needs. */
const simplifyPlatform = (platform: IDataObject): IDataObject => ({
	platform: platform.platform ?? null,
	display_name: platform.display_name ?? null,
	connection_method: platform.connection_method ?? null,
});

export const list: ListOutput = { simplify: simplifyPlatform, defaultOutput: 'raw' };

export async function plan(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	return { send: async () => await getList.call(this, 'platforms', {}, { itemIndex }) };
}
