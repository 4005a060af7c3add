import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { InputChecks } from '../../helpers/checks';

/** Posts are chosen by ID (Create and Get Many output it as `id`). */
export const postIdField: INodeProperties = {
	displayName: 'Post ID',
	name: 'postId',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. 6650a1b2c3d4e5f6a7b8c9d0',
	description: 'ID of the post, as Post > Create and Post > Get Many return it',
};

export function postIdOfItem(ctx: IExecuteFunctions, itemIndex: number): string {
	const postId = String(ctx.getNodeParameter('postId', itemIndex, '')).trim();
	new InputChecks(ctx, itemIndex).required('Post ID', postId);
	return postId;
}
