import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { nodeOptions, workspaceLocator } from '../../descriptions/common';
import { blueskyFields } from '../../fields/account';
import { bodyOf } from '../../fields/common';
import { property } from '../../fields/ui';
import { workspaceIdOf } from '../../helpers/workspaceLists';
import { apiRequest, paths } from '../../transport';

const properties: INodeProperties[] = [
	workspaceLocator,
	...blueskyFields.map(property),
	nodeOptions(),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['account'], operation: ['addBluesky'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const body = bodyOf(this, itemIndex, blueskyFields);
	const workspaceId = workspaceIdOf(this, itemIndex);
	const response = await apiRequest.call(
		this,
		'POST',
		paths.workspace(workspaceId, 'add', 'bluesky'),
		{
			body,
			itemIndex,
		},
	);
	return (response.data as IDataObject) ?? {};
}
