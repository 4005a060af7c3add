import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { workspaceLocator } from '../../../shared/locators';
import { blueskyFields } from '../../fields/account';
import { bodyOf } from '../../fields/common';
import { property } from '../../fields/ui';
import { workspaceIdOf } from '../../helpers/workspaceLists';
import { createOnce } from '../../../shared/api/exactlyOnce';
import { nodeOptions, onServerErrorOption } from '../../../shared/options';
import { accountLookup } from '../../helpers/recovery';

const properties: INodeProperties[] = [
	workspaceLocator,
	...blueskyFields.map(property),
	nodeOptions(onServerErrorOption),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['account'], operation: ['addBluesky'] } },
	properties,
);

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
