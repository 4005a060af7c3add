import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { nodeOptions } from '../../descriptions/common';
import { readWorkspaces } from '../../../shared/workspaces';

const properties: INodeProperties[] = [nodeOptions()];

export const description = updateDisplayOptions(
	{ show: { resource: ['workspace'], operation: ['getAll'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return await readWorkspaces(this, itemIndex);
}
