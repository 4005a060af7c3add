import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { getList } from '../../../shared/api';
import { getMany } from '../getMany';

/** The fields an agent or a message needs. */
const simplifyPlatform = (platform: IDataObject): IDataObject => ({
	platform: platform.platform ?? null,
	display_name: platform.display_name ?? null,
	connection_method: platform.connection_method ?? null,
});

export const { description, plan } = getMany({
	async read(this: IExecuteFunctions, itemIndex: number) {
		return await getList.call(this, 'platforms', {}, { itemIndex });
	},
	simplify: simplifyPlatform,
	defaultOutput: 'raw',
});
