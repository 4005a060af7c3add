import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { workspaceLocator } from '../../../shared/locators';
import { nodeOptions } from '../../../shared/options';
import { param } from '../../fields/common';
import { approvalComment } from '../../fields/post';
import { property } from '../../fields/ui';
import { workspaceIdOf } from '../../helpers/workspaceLists';
import type { APPROVAL_ACTIONS } from '../../../shared/limits';
import { send } from '../../../shared/api';
import type { Operation } from '../types';
import { postIdField, postIdOfItem } from './postId';

type ApprovalAction = (typeof APPROVAL_ACTIONS)[number];

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
			const answer = await send.call(
				this,
				'approval',
				{ workspaceId, postId },
				{ body, itemIndex },
			);
			return {
				post_id: postId,
				action,
				...(comment !== undefined ? { comment } : {}),
				message: answer.message ?? null,
			};
		},
	};
}
