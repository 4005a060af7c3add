import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { nodeOptions } from '../../../shared/options';
import { getList } from '../../../shared/api';
import { outputProperties } from '../../helpers/output';
import type { ListOutput } from '../../helpers/output';

export const description: INodeProperties[] = [...outputProperties('raw'), nodeOptions()];

/** The fields an agent or a message needs. */
const simplifyPlatform = (platform: IDataObject): IDataObject => ({
	platform: platform.platform ?? null,
	display_name: platform.display_name ?? null,
	connection_method: platform.connection_method ?? null,
});

export const list: ListOutput = { simplify: simplifyPlatform, defaultOutput: 'raw' };

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return await getList.call(this, 'platforms', {}, { itemIndex });
}
