import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { idOf } from '../../../shared/ids';
import { readWorkspaces } from '../../../shared/workspaces';
import { getMany } from '../getMany';

/** The fields an agent or a message needs. */
const simplifyWorkspace = (workspace: IDataObject): IDataObject => ({
	id: idOf(workspace),
	name: workspace.name ?? null,
	timezone: workspace.timezone ?? null,
});

export const { description, plan } = getMany({
	async read(this: IExecuteFunctions, itemIndex: number) {
		return await readWorkspaces(this, itemIndex);
	},
	simplify: simplifyWorkspace,
	defaultOutput: 'raw',
});
