import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { idOf } from '../../../shared/ids';

import { nodeOptions } from '../../descriptions/common';
import { readWorkspaces } from '../../../shared/workspaces';
import { outputProperties } from '../../helpers/output';
import type { ListOutput } from '../../helpers/output';

const properties: INodeProperties[] = [...outputProperties('raw'), nodeOptions()];

export const description = updateDisplayOptions(
	{ show: { resource: ['workspace'], operation: ['getAll'] } },
	properties,
);

/** The fields an agent or a message needs. */
const simplifyWorkspace = (workspace: IDataObject): IDataObject => ({
	id: idOf(workspace),
	name: workspace.name ?? null,
	timezone: workspace.timezone ?? null,
});

export const list: ListOutput = { simplify: simplifyWorkspace, defaultOutput: 'raw' };

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return await readWorkspaces(this, itemIndex);
}
