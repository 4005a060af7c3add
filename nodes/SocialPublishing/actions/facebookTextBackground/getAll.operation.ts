import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { idOf } from '../../../shared/ids';

import { nodeOptions } from '../../descriptions/common';
import { getList } from '../../../shared/api';
import { outputProperties } from '../../helpers/output';
import type { ListOutput } from '../../helpers/output';

export const description: INodeProperties[] = updateDisplayOptions(
	{ show: { resource: ['facebookTextBackground'], operation: ['getAll'] } },
	[...outputProperties('raw'), nodeOptions()],
);

/** The fields an agent or a message needs. */
const simplifyBackground = (preset: IDataObject): IDataObject => ({
	id: idOf(preset),
	description: preset.description ?? null,
	type: preset.type ?? null,
});

export const list: ListOutput = { simplify: simplifyBackground, defaultOutput: 'raw' };

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return await getList.call(this, 'textBackgrounds', {}, { itemIndex });
}
