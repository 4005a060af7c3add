import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { nodeOptions, workspaceLocator } from '../../descriptions/common';
import { workspaceMultiSelect } from '../../descriptions/multiSelect';
import { InputChecks } from '../../helpers/checks';
import { toList } from '../../helpers/values';
import { workspaceIdOf } from '../../helpers/workspaceLists';
import { send } from '../../../shared/api';
import { postIdField, postIdOfItem } from '../post/postId';

const properties: INodeProperties[] = [
	workspaceLocator,
	postIdField,
	{
		displayName: 'Comment',
		name: 'comment',
		type: 'string',
		typeOptions: { rows: 3 },
		required: true,
		default: '',
		description: "The comment's text, seen by the workspace's team on the post",
	},
	{
		displayName: 'Internal Note',
		name: 'isNote',
		type: 'boolean',
		default: false,
		description: 'Whether the comment is an internal note (is_note) rather than a regular comment',
	},
	workspaceMultiSelect(
		{
			displayName: 'Mentioned User Names or IDs',
			name: 'mentionedUsers',
			description: 'Team members to mention (mentioned_users), by user ID.',
		},
		'getTeamMembers',
	),
	nodeOptions(),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['comment'], operation: ['create'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const workspaceId = workspaceIdOf(this, itemIndex);
	const postId = postIdOfItem(this, itemIndex);
	const comment = String(this.getNodeParameter('comment', itemIndex, ''));
	new InputChecks(this, itemIndex).required('Comment', comment.trim());
	const body: IDataObject = { comment };
	if (this.getNodeParameter('isNote', itemIndex, false)) body.is_note = true;
	const mentionedUsers = toList(this.getNodeParameter('mentionedUsers', itemIndex, []));
	if (mentionedUsers.length > 0) body.mentioned_users = mentionedUsers;
	const created = await send.call(
		this,
		'createComment',
		{ workspaceId, postId },
		{ body, itemIndex },
	);
	return { ...created, post_id: postId };
}
