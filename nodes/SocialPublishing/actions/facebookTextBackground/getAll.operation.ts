import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { getList } from '../../../shared/api';
import { idOf } from '../../../shared/ids';
import { getMany } from '../getMany';

/** The fields an agent or a message needs. */
const simplifyBackground = (preset: IDataObject): IDataObject => ({
	id: idOf(preset),
	description: preset.description ?? null,
	type: preset.type ?? null,
});

export const { description, plan } = getMany({
	async read(this: IExecuteFunctions, itemIndex: number) {
		return await getList.call(this, 'textBackgrounds', {}, { itemIndex });
	},
	simplify: simplifyBackground,
	defaultOutput: 'raw',
});
