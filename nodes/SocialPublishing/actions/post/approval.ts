import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { nodeOptions, workspaceLocator } from '../../descriptions/common';
import { param } from '../../fields/common';
import { approvalComment } from '../../fields/post';
import { property } from '../../fields/ui';
import { workspaceIdOf } from '../../helpers/workspaceLists';
import type { APPROVAL_ACTIONS } from '../../limits';
import { apiRequest, paths } from '../../transport';
import type { Operation } from '../types';
import { postIdField, postIdOfItem } from './postId';

type ApprovalAction = (typeof APPROVAL_ACTIONS)[number];

/** What the approval endpoint's refusals mean for this operation, and what to do about them. */
const REFUSAL_HINTS: Record<number, string> = {
	403: "Only an approver of this post can approve or reject it, and the API key acts as its user. Use the key of a user listed in the post's approval.approvers (Post > Get Many shows them), or ask the post's creator to add this user as an approver.",
	400: 'The post is probably not under review: only a post with status "under_review" (approval status "pending_approval") can be approved or rejected, and each approver decides once. Check the post with Post > Get Many (filter Statuses: Under Review).',
};

/** Approve and Reject share one endpoint, `POST posts/{post_id}/approval`, differing only in `action`. */
export function approvalOperation(action: ApprovalAction): Operation {
	const properties: INodeProperties[] = [
		workspaceLocator,
		postIdField,
		property(approvalComment),
		nodeOptions(),
	];

	return {
		description: updateDisplayOptions(
			{ show: { resource: ['post'], operation: [action] } },
			properties,
		),
		async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
			const workspaceId = workspaceIdOf(this, itemIndex);
			const postId = postIdOfItem(this, itemIndex);
			const comment = param(this, itemIndex, approvalComment) as string | undefined;
			const body: IDataObject = { action, ...(comment !== undefined ? { comment } : {}) };
			const response = await apiRequest.call(
				this,
				'POST',
				paths.workspace(workspaceId, 'posts', postId, 'approval'),
				{ body, itemIndex, hints: REFUSAL_HINTS },
			);
			return {
				post_id: postId,
				action,
				...(comment !== undefined ? { comment } : {}),
				message: response.message ?? null,
			};
		},
	};
}
