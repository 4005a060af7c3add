import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { bodyOf, postId, postParams, workspace } from '../../fields/common';
import { commentFields } from '../../fields/post';
import { property } from '../../fields/ui';
import { createOnce } from '../../../shared/api/exactlyOnce';
import { nodeOptions, onServerErrorOption } from '../../../shared/options';
import { commentLookup } from '../../helpers/recovery';
import type { Plan } from '../resource';

export const description: INodeProperties[] = [
	...[workspace, postId, ...commentFields].map(property),
	nodeOptions(onServerErrorOption),
];

export async function plan(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	const params = postParams(this, itemIndex);
	const body = bodyOf(this, itemIndex, commentFields);
	// is_note is sent only when it is a note: false is the service's default.
	if (body.is_note === false) delete body.is_note;
	return {
		// A post's comments read in the order they arrive.
		orderGroup: `comments on ${params.postId}`,
		send: async (out) => {
			const created = await createOnce.call(
				out,
				'createComment',
				params,
				{ body, itemIndex },
				commentLookup(this, params, body, itemIndex),
			);
			return { ...created, post_id: params.postId };
		},
	};
}
