import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { apiRequestPage, hasMorePages, paths } from '../../transport';
import { PER_PAGE_MAX } from '../../limits';

export async function searchWorkspaces(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const page = paginationToken ? Number(paginationToken) : 1;
	const response = await apiRequestPage.call(this, paths.workspaces(), page, PER_PAGE_MAX);
	const needle = (filter ?? '').toLowerCase();
	const results = (response.data as IDataObject[])
		.filter((workspace) => String(workspace.name ?? '').toLowerCase().includes(needle))
		.map((workspace) => ({
			name: String(workspace.name ?? workspace._id ?? workspace.id),
			value: String(workspace._id ?? workspace.id),
		}));
	return { results, paginationToken: hasMorePages(response) ? String(page + 1) : undefined };
}
