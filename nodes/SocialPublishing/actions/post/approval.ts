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
							const refused = ['400', '409', '422'].includes(String(error.httpCode));
							if (
								out.doubt === undefined ||
								!refused ||
								!(await holds(out.ctx, { ...params, itemIndex }, action))
							)
								throw error;
						});
					if (answer) return { post_id: params.postId, ...body, message: answer.message ?? null };
					return { post_id: params.postId, ...body, message: null, note: ALREADY_HELD(action) };
				},
			};
		},
	};
}

const ALREADY_HELD = (action: string) =>
	`The service already holds your ${action}: an earlier attempt of this run sent it, so nothing more was needed.`;

/**
 * Whether the post's approvers show this user's `action` already: asked only on a retry of an item
 * an earlier attempt may have done, when the service refuses the action (it was taken).
 */
async function holds(
	ctx: IExecuteFunctions,
	{ workspaceId, postId, itemIndex }: { workspaceId: string; postId: string; itemIndex: number },
	action: string,
): Promise<boolean> {
	const { ids } = await readMe(ctx, itemIndex);
	const qs = { approval_assigned_to: ids };
	const post = (await getList.call(ctx, 'posts', { workspaceId }, { itemIndex, qs })).find(
		(each) => idOf(each) === postId,
	);
	return asList(asObject(post?.approval).approvers).some(
		(approver) => ids.includes(String(approver.user_id)) && approver.status === action,
	);
}
