import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { nodeOptions, returnAllOrLimit, workspaceLocator } from '../../descriptions/common';
import { limitOf } from '../../fields/common';
import { workspaceIdOf } from '../../helpers/workspaceLists';
import { apiRequestAllItems, paths } from '../../transport';
import { postIdField, postIdOfItem } from '../post/postId';

const properties: INodeProperties[] = [
	workspaceLocator,
	postIdField,
	...returnAllOrLimit(),
	nodeOptions(),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['comment'], operation: ['getAll'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const workspaceId = workspaceIdOf(this, itemIndex);
	const postId = postIdOfItem(this, itemIndex);
	const limit = limitOf(this, itemIndex);
	const path = paths.workspace(workspaceId, 'posts', postId, 'comments');
	return (await apiRequestAllItems.call(this, path, { itemIndex, limit })) as IDataObject[];
}
