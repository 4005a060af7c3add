import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { nodeOptions, workspaceLocator } from '../../descriptions/common';
import { InputChecks } from '../../helpers/checks';
import { workspaceIdOf } from '../../helpers/workspaceLists';
import { APPROVAL_ACTIONS, LIMITS } from '../../../shared/limits';
import { send } from '../../../shared/api';
import type { Operation } from '../types';
import { postIdField, postIdOfItem } from './postId';

type ApprovalAction = (typeof APPROVAL_ACTIONS)[number];

/** Approve and Reject share one endpoint, `POST posts/{post_id}/approval`, differing only in `action`. */
export function approvalOperation(action: ApprovalAction): Operation {
	const properties: INodeProperties[] = [
		workspaceLocator,
		postIdField,
		{
			displayName: 'Comment',
			name: 'comment',
			type: 'string',
			typeOptions: { rows: 2 },
			default: '',
			description: `Optional comment recorded with the decision, e.g. what to change (at most ${LIMITS.approvalCommentLength} characters)`,
		},
		nodeOptions(),
	];

	return {
		description: updateDisplayOptions(
			{ show: { resource: ['post'], operation: [action] } },
			properties,
		),
		async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
			const checks = new InputChecks(this, itemIndex);
			const workspaceId = workspaceIdOf(this, itemIndex);
			const postId = postIdOfItem(this, itemIndex);
			const comment = String(this.getNodeParameter('comment', itemIndex, ''));
			checks.maxLength('Comment', comment, LIMITS.approvalCommentLength);
			const body: IDataObject = { action, ...(comment.trim() !== '' ? { comment } : {}) };
			const answer = await send.call(
				this,
				'approval',
				{ workspaceId, postId },
				{ body, itemIndex },
			);
			return {
				post_id: postId,
				action,
				...(comment.trim() !== '' ? { comment } : {}),
				message: answer.message ?? null,
			};
		},
	};
}
