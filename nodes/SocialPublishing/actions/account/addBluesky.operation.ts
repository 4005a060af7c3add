import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { nodeOptions, workspaceLocator } from '../../descriptions/common';
import { blueskyFields } from '../../fields/account';
import { bodyOf } from '../../fields/common';
import { property } from '../../fields/ui';
import { workspaceIdOf } from '../../helpers/workspaceLists';
import { send } from '../../../shared/api';

const properties: INodeProperties[] = [
	workspaceLocator,
	...blueskyFields.map(property),
	nodeOptions(),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['account'], operation: ['addBluesky'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const body = bodyOf(this, itemIndex, blueskyFields);
	const workspaceId = workspaceIdOf(this, itemIndex);
	return await send.call(this, 'addBluesky', { workspaceId }, { body, itemIndex });
}
