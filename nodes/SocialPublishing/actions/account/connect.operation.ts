import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { nodeOptions } from '../../../shared/options';
import { platformLabel } from '../../fields/names';
import { connectFields, reconnectAccount } from '../../fields/account';
import { bodyOf, param, workspace, workspaceIdOf } from '../../fields/common';
import { property } from '../../fields/ui';
import type { Plan } from '../resource';
import { linkLines } from '../../../shared/connect';
import { asObject } from '../../../shared/records';

export const description: INodeProperties[] = [
	...[workspace, ...connectFields, reconnectAccount].map(property),
	nodeOptions(),
];

/** The connection session (2.11), shaped for sending the link to the person who will log in. */
function forSending(session: IDataObject): IDataObject {
	const security = asObject(session.security);
	const platform = platformLabel(String(session.platform ?? ''));
	const nextSteps = Array.isArray(session.next_steps) ? session.next_steps.map(String) : [];
	const what =
		session.process === 'reconnect' && session.account_name
			? `reconnect ${String(session.account_name)} (${platform})`
			: `connect a ${platform} account`;
	const lines = [
		...linkLines(session, what),
		...(typeof security.warning === 'string' && security.warning ? [security.warning] : []),
		...(nextSteps.length > 0
			? ['Next steps:', ...nextSteps.map((step, i) => `${i + 1}. ${step}`)]
			: []),
	];
	return {
		authorization_url: session.authorization_url,
		expires_in_minutes: security.expires_in_minutes,
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

export async function plan(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	const { platform, ...qs } = bodyOf(this, itemIndex, connectFields);
	if (qs.process === 'reconnect')
		qs.account_id = param(this, itemIndex, reconnectAccount) as string;
	const params = { workspaceId: workspaceIdOf(this, itemIndex), platform: String(platform) };
	return { send: async (out) => forSending(await out.send('connect', params, { qs, itemIndex })) };
}
