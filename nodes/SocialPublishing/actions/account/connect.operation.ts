import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { locators, nodeOptions, toOptions, workspaceLocator } from '../../descriptions/common';
import { platformLabel } from '../../descriptions/platforms';
import { InputChecks } from '../../helpers/checks';
import { workspaceIdOf } from '../../helpers/workspaceLists';
import { CONNECT_PLATFORMS } from '../../../shared/limits';
import { send } from '../../../shared/api';

const PROCESSES = ['connect', 'reconnect'];

const properties: INodeProperties[] = [
	workspaceLocator,
	{
		displayName: 'Platform',
		name: 'platform',
		type: 'options',
		options: toOptions(CONNECT_PLATFORMS, platformLabel),
		default: 'facebook',
		description:
			'The platform to connect. "Instagram (via Facebook)" connects an Instagram business account through its Facebook page.',
	},
	{
		displayName: 'Process',
		name: 'process',
		type: 'options',
		options: [
			{
				name: 'Connect a New Account',
				value: 'connect',
				description: 'Add an account of this platform to the workspace',
			},
			{
				name: 'Reconnect an Account',
				value: 'reconnect',
				description:
					'Renew the login of an account already in the workspace, e.g. after it expired',
			},
		],
		default: 'connect',
	},
	{
		...locators.account({
			displayName: 'Account',
			name: 'accountId',
			description: 'The account to reconnect; it must be of the chosen platform',
		}),
		displayOptions: { show: { process: ['reconnect'] } },
	},
	nodeOptions(),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['account'], operation: ['connect'] } },
	properties,
);

/** The connection session (2.11), shaped for sending the link to the person who will log in. */
function forSending(session: IDataObject): IDataObject {
	const security = (session.security as IDataObject | undefined) ?? {};
	const platform = platformLabel(String(session.platform ?? ''));
	const minutes = security.expires_in_minutes;
	const nextSteps = Array.isArray(session.next_steps) ? session.next_steps.map(String) : [];
	const what =
		session.process === 'reconnect' && session.account_name
			? `reconnect ${String(session.account_name)} (${platform})`
			: `connect a ${platform} account`;
	const expiry = [
		minutes !== undefined ? `expires in ${String(minutes)} minutes` : 'expires soon',
		session.expires_at ? `(at ${String(session.expires_at)})` : '',
	]
		.filter(Boolean)
		.join(' ');
	const lines = [
		`Open this link to ${what}: ${String(session.authorization_url)}`,
		`The link ${security.single_use === false ? '' : 'works only once and '}${expiry}.`,
		...(typeof security.warning === 'string' && security.warning ? [security.warning] : []),
		...(nextSteps.length > 0
			? ['Next steps:', ...nextSteps.map((step, i) => `${i + 1}. ${step}`)]
			: []),
	];
	return {
		authorization_url: session.authorization_url,
		expires_in_minutes: minutes,
		expires_at: session.expires_at,
		single_use: security.single_use,
		warning: security.warning,
		next_steps: nextSteps,
		message: lines.join('\n'),
		platform: session.platform,
		process: session.process,
		...(session.account_name !== undefined ? { account_name: session.account_name } : {}),
		session_id: session.session_id,
	};
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const platform = String(this.getNodeParameter('platform', itemIndex, '')).trim();
	const connectProcess = String(this.getNodeParameter('process', itemIndex, 'connect'));
	const checks = new InputChecks(this, itemIndex);
	checks.required('Platform', platform);
	checks.oneOf('Platform', platform, CONNECT_PLATFORMS);
	checks.oneOf('Process', connectProcess, PROCESSES);
	const qs: IDataObject = { process: connectProcess };
	if (connectProcess === 'reconnect') {
		const accountId = String(
			this.getNodeParameter('accountId', itemIndex, '', { extractValue: true }) ?? '',
		).trim();
		checks.required('Account', accountId);
		qs.account_id = accountId;
	}
	const workspaceId = workspaceIdOf(this, itemIndex);
	return forSending(await send.call(this, 'connect', { workspaceId, platform }, { qs, itemIndex }));
}
