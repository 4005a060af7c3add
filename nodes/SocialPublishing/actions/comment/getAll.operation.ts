import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { nodeOptions, returnAllOrLimit, workspaceLocator } from '../../descriptions/common';
import { getManyInWorkspace } from '../../helpers/workspaceLists';
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
	const postId = postIdOfItem(this, itemIndex);
	return await getManyInWorkspace.call(this, itemIndex, 'comments', {}, { postId });
}
