import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

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
					const answer = await out.send('approval', params, { body, itemIndex });
					return { post_id: params.postId, ...body, message: answer.message ?? null };
				},
			};
		},
	};
}
