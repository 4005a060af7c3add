import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { nodeOptions, workspaceLocator } from '../../descriptions/common';
import { InputChecks } from '../../helpers/checks';
import { workspaceIdOf } from '../../helpers/workspaceLists';
import { LIMITS } from '../../../shared/limits';
import { send } from '../../../shared/api';

const properties: INodeProperties[] = [
	workspaceLocator,
	{
		displayName: 'Group Name',
		name: 'name',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Acme Customers Community',
		description: `The Facebook group's name as it should appear in the workspace (${LIMITS.facebookGroupNameMin} to ${LIMITS.facebookGroupNameMax} characters). Groups are added by name, without a login.`,
	},
	nodeOptions({
		displayName: 'Image URL',
		name: 'image',
		type: 'string',
		default: '',
		placeholder: 'e.g. https://example.com/group.png',
		description: "A picture for the group's avatar in the workspace",
	}),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['account'], operation: ['addFacebookGroup'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const name = String(this.getNodeParameter('name', itemIndex, '')).trim();
	const image = String(this.getNodeParameter('options.image', itemIndex, '')).trim();
	const checks = new InputChecks(this, itemIndex);
	checks.required('Group Name', name);
	checks.minLength('Group Name', name, LIMITS.facebookGroupNameMin);
	checks.maxLength('Group Name', name, LIMITS.facebookGroupNameMax);
	checks.url('Image URL', image);
	const workspaceId = workspaceIdOf(this, itemIndex);
	return await send.call(
		this,
		'addFacebookGroup',
		{ workspaceId },
		{ body: { name, ...(image ? { image } : {}) }, itemIndex },
	);
}
