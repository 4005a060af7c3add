import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { blueskyFields } from '../../fields/account';
import { bodyOf, workspace, workspaceIdOf } from '../../fields/common';
import { property } from '../../fields/ui';
import { createOnce } from '../../../shared/api/exactlyOnce';
import { nodeOptions, onServerErrorOption } from '../../../shared/options';
import { accountLookup } from '../../helpers/recovery';

export const description: INodeProperties[] = [
	...[workspace, ...blueskyFields].map(property),
	nodeOptions(onServerErrorOption),
];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const body = bodyOf(this, itemIndex, blueskyFields);
	const workspaceId = workspaceIdOf(this, itemIndex);
	return await createOnce.call(
		this,
		'addBluesky',
		{ workspaceId },
		{ body, itemIndex },
		accountLookup(this, workspaceId, { platform: 'bluesky', name: String(body.handle) }, itemIndex),
	);
}
