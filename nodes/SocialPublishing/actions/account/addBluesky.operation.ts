import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { blueskyFields } from '../../fields/account';
import { bodyOf, workspace, workspaceIdOf } from '../../fields/common';
import { property } from '../../fields/ui';
import { createOnce } from '../../../shared/api/exactlyOnce';
import { nodeOptions, onServerErrorOption } from '../../../shared/options';
import { accountLookup } from '../../helpers/recovery';
import type { Plan } from '../resource';

export const description: INodeProperties[] = [
	...[workspace, ...blueskyFields].map(property),
	nodeOptions(onServerErrorOption),
];

export async function plan(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	const body = bodyOf(this, itemIndex, blueskyFields);
	const workspaceId = workspaceIdOf(this, itemIndex);
	const account = { platform: 'bluesky', name: String(body.handle) };
	return {
		// The workspace's account cap and duplicate names go to the first to arrive.
		lane: `accounts of ${workspaceId}`,
		send: async (out) =>
			await createOnce.call(
				out,
				'addBluesky',
				{ workspaceId },
				{ body, itemIndex },
				accountLookup(this, workspaceId, account, itemIndex),
			),
	};
}
