import type { ILoadOptionsFunctions } from 'n8n-workflow';

import { workspaceListMethod } from '../../../shared/lists';
import { accountOption } from '../loadOptions/getAccounts';

/**
 * When reconnecting, only accounts of the platform being connected can be meant. The connect keys
 * name the account platform first: `facebook-profile` is a facebook account,
 * `instagram-via-facebook` an instagram one.
 */
function reconnectPlatform(ctx: ILoadOptionsFunctions): string | undefined {
	if (ctx.getCurrentNodeParameter('operation') !== 'connect') return undefined;
	const platform = ctx.getCurrentNodeParameter('platform');
	if (typeof platform !== 'string' || platform === '' || platform.startsWith('=')) return undefined;
	return platform.split('-')[0];
}

export const searchAccounts = workspaceListMethod('accounts', accountOption, (ctx) => {
	const platform = reconnectPlatform(ctx);
	return platform ? { platform } : {};
});
