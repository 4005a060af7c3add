import type { IDataObject } from 'n8n-workflow';

import { PER_PAGE_MAX } from '../limits';
import type { ApiContext } from './request';
import { apiRequest } from './request';

export interface Page<T = IDataObject> {
	data: T[];
	current_page?: number;
	last_page?: number;
	total?: number;
}

export interface PageRequest {
	qs?: IDataObject;
	itemIndex?: number;
}

/** One page of a list; used by searchable lists, which page with a token of their own. */
export async function apiRequestPage(
	this: ApiContext,
	path: string,
	page: number,
	perPage: number,
	{ qs, itemIndex }: PageRequest = {},
): Promise<Page> {
	const response = await apiRequest.call(this, 'GET', path, {
		qs: { ...qs, page, per_page: perPage },
		itemIndex,
	});
	return { ...response, data: Array.isArray(response.data) ? (response.data as IDataObject[]) : [] };
}

export function hasMorePages(page: Page<unknown>): boolean {
	const current = Number(page.current_page);
	const last = Number(page.last_page);
	if (Number.isFinite(current) && Number.isFinite(last)) return current < last;
	return false;
}

/**
 * Walks a list. Return All asks for full pages until `last_page`; a limit asks for no more than it
 * needs (a Limit of 5 is one request with per_page=5).
 */
export async function apiRequestAllItems<T = IDataObject>(
	this: ApiContext,
	path: string,
	{ qs, itemIndex, limit }: PageRequest & { limit?: number },
): Promise<T[]> {
	const wanted = limit === undefined ? Infinity : Math.max(0, limit);
	if (wanted === 0) return [];
	const perPage = Math.min(PER_PAGE_MAX, wanted);
	const items: T[] = [];
	for (let pageNumber = 1; ; pageNumber++) {
		const page = (await apiRequestPage.call(this, path, pageNumber, perPage, {
			qs,
			itemIndex,
		})) as Page<T>;
		items.push(...page.data.slice(0, wanted - items.length));
		if (items.length >= wanted || page.data.length === 0 || !hasMorePages(page)) return items;
	}
}
