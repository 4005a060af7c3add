import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { searchWorkspaceList } from '../../../shared/lists';
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

export async function searchAccounts(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const platform = reconnectPlatform(this);
	return await searchWorkspaceList.call(this, {
		endpoint: 'accounts',
		filter,
		paginationToken,
		qs: platform ? { platform } : {},
		toResult: accountOption,
	});
}
