import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { workspaceLocator } from '../../../shared/locators';
import { bodyOf } from '../../fields/common';
import { commentFields } from '../../fields/post';
import { property } from '../../fields/ui';
import { workspaceIdOf } from '../../helpers/workspaceLists';
import { createOnce } from '../../../shared/api/exactlyOnce';
import { nodeOptions, onServerErrorOption } from '../../../shared/options';
import { commentLookup } from '../../helpers/recovery';
import { postIdField, postIdOfItem } from '../post/postId';

const properties: INodeProperties[] = [
	workspaceLocator,
	postIdField,
	...commentFields.map(property),
	nodeOptions(onServerErrorOption),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['comment'], operation: ['create'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const workspaceId = workspaceIdOf(this, itemIndex);
	const postId = postIdOfItem(this, itemIndex);
	const body = bodyOf(this, itemIndex, commentFields);
	// is_note is sent only when it is a note, as before: false is the service's default.
	if (body.is_note === false) delete body.is_note;
	const params = { workspaceId, postId };
	const created = await createOnce.call(
		this,
		'createComment',
		params,
		{ body, itemIndex },
		commentLookup(this, params, body, itemIndex),
	);
	return { ...created, post_id: postId };
}
