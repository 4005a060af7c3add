import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';

import { PER_PAGE_MAX } from '../limits';
import { currentWorkspaceId } from '../methods/loadOptions/workspaceList';
import { apiRequestPage, hasMorePages, paths } from '../transport';
import { idOf } from './ids';

interface WorkspaceListSearch {
	/** The list's path segment under the workspace, e.g. `labels`. */
	segment: string;
	/** The user's search text, sent as the API's `search` parameter. */
	filter?: string;
	/** The page number to fetch next, as n8n hands it back. */
	paginationToken?: string;
	/** Further filters of the list, e.g. `platform` for accounts. */
	qs?: IDataObject;
	toResult: (item: IDataObject) => INodeListSearchItems;
}

/**
 * One page of a workspace list for a resource locator: the API does the search, and the page
 * number is the pagination token, so the list goes on past the first page.
 */
export async function searchWorkspaceList(
	this: ILoadOptionsFunctions,
	{ segment, filter, paginationToken, qs, toResult }: WorkspaceListSearch,
): Promise<INodeListSearchResult> {
	const page = Math.max(1, Number(paginationToken) || 1);
	const search = (filter ?? '').trim();
	const response = await apiRequestPage.call(
		this,
		paths.workspace(currentWorkspaceId(this), segment),
		page,
		PER_PAGE_MAX,
		{
			qs: { ...qs, ...(search ? { search } : {}) },
		},
	);
	return {
		results: response.data.map(toResult).filter((result) => result.value !== ''),
		paginationToken: hasMorePages(response) ? String(page + 1) : undefined,
	};
}

/** The list method of a library list whose items show by name (labels, campaigns, content categories). */
export function namedListSearch(segment: string) {
	return async function (
		this: ILoadOptionsFunctions,
		filter?: string,
		paginationToken?: string,
	): Promise<INodeListSearchResult> {
		return await searchWorkspaceList.call(this, {
			segment,
			filter,
			paginationToken,
			toResult: (item) => ({ name: String(item.name ?? idOf(item)), value: idOf(item) }),
		});
	};
}
