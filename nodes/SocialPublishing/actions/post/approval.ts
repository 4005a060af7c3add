import type { IDataObject, IExecuteFunctions, NodeApiError } from 'n8n-workflow';

import { getList } from '../../../shared/api';
import { idOf } from '../../../shared/ids';
import { readMe } from '../../../shared/me';
import { asList, asObject } from '../../../shared/records';

import { nodeOptions } from '../../../shared/options';
import { param, postId, postParams, workspace } from '../../fields/common';
import { approvalComment } from '../../fields/post';
import { property } from '../../fields/ui';
import type { APPROVAL_ACTIONS } from '../../../shared/limits';
import type { Operation } from '../resource';

type ApprovalAction = (typeof APPROVAL_ACTIONS)[number];

/** Approve and Reject share one endpoint, `POST posts/{post_id}/approval`, differing only in `action`. */
export function approvalOperation(action: ApprovalAction): Operation {
	return {
		description: [...[workspace, postId, approvalComment].map(property), nodeOptions()],
		async plan(this: IExecuteFunctions, itemIndex: number) {
			const params = postParams(this, itemIndex);
			const comment = param(this, itemIndex, approvalComment) as string | undefined;
			const body: IDataObject = { action, ...(comment !== undefined ? { comment } : {}) };
			return {
				// With "anyone", the first decision on a post decides.
				orderGroup: `approval of ${params.postId}`,
				async send(out) {
					const answer = await out
						.send('approval', params, { body, itemIndex })
						.catch(async (error: NodeApiError) => {
							// On a retry of an item that may have been done, the refusal may be for that.
							const refused = ['400', '409', '422'].includes(String(error.httpCode));
							if (out.doubt === undefined || !refused || !(await holds(out.ctx, itemIndex, action)))
								throw error;
							return {
								message: null,
								note: `The service already holds your ${action}: an earlier attempt of this run sent it.`,
							};
						});
					return {
						post_id: params.postId,
						...body,
						message: answer.message ?? null,
						...(answer.note ? { note: answer.note } : {}),
					};
				},
			};
		},
	};
}

/** Whether the post's approvers show this user's `action` already (read only on a retry). */
async function holds(ctx: IExecuteFunctions, itemIndex: number, action: string) {
	const { workspaceId, postId } = postParams(ctx, itemIndex);
	const { ids } = await readMe(ctx, itemIndex);
	const qs = { approval_assigned_to: ids };
	const posts = await getList.call(ctx, 'posts', { workspaceId }, { itemIndex, qs });
	return asList(asObject(posts.find((each) => idOf(each) === postId)?.approval).approvers).some(
		(approver) => ids.includes(String(approver.user_id)) && approver.status === action,
	);
}
