import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { idOf } from '../../../shared/ids';

import { nodeOptions, returnAllOrLimit, workspaceLocator } from '../../descriptions/common';
import { getManyInWorkspace } from '../../helpers/workspaceLists';
import { postIdField, postIdOfItem } from '../post/postId';
import { outputProperties } from '../../helpers/output';
import type { ListOutput } from '../../helpers/output';

const properties: INodeProperties[] = [
	workspaceLocator,
	postIdField,
	...returnAllOrLimit(),
	...outputProperties('raw'),
	nodeOptions(),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['comment'], operation: ['getAll'] } },
	properties,
);

/** The fields an agent or a message needs. */
const simplifyComment = (comment: IDataObject): IDataObject => ({
	id: idOf(comment),
	comment: comment.comment ?? null,
	is_note: comment.is_note === true,
	author: ((comment.author ?? {}) as IDataObject).name ?? null,
	created_at: comment.created_at ?? null,
});

export const list: ListOutput = { simplify: simplifyComment, defaultOutput: 'raw' };

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const postId = postIdOfItem(this, itemIndex);
	return await getManyInWorkspace.call(this, itemIndex, 'comments', {}, { postId });
}
