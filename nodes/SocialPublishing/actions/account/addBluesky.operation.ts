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
		displayName: 'Handle',
		name: 'handle',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. acme.bsky.social',
		description: `The Bluesky handle, with or without a leading @ (at most ${LIMITS.blueskyHandleLength} characters)`,
	},
	{
		displayName: 'App Password',
		name: 'appPassword',
		type: 'string',
		typeOptions: { password: true },
		required: true,
		default: '',
		description:
			'An app password created in Bluesky under Settings > Privacy and Security > App Passwords; not the account password',
	},
	nodeOptions(),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['account'], operation: ['addBluesky'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const handle = String(this.getNodeParameter('handle', itemIndex, ''))
		.trim()
		.replace(/^@/, '');
	const appPassword = String(this.getNodeParameter('appPassword', itemIndex, ''));
	const checks = new InputChecks(this, itemIndex);
	checks.required('Handle', handle);
	checks.maxLength('Handle', handle, LIMITS.blueskyHandleLength);
	checks.required('App Password', appPassword);
	const workspaceId = workspaceIdOf(this, itemIndex);
	return await send.call(
		this,
		'addBluesky',
		{ workspaceId },
		{ body: { handle, app_password: appPassword }, itemIndex },
	);
}
