import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { searchWorkspaceList } from '../../helpers/listSearch';
import { accountOption } from '../loadOptions/getAccounts';

export async function searchAccounts(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchWorkspaceList.call(this, {
		segment: 'accounts',
		filter,
		paginationToken,
		toResult: accountOption,
	});
}
