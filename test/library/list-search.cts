// Runs one of the node's searchable lists (`methods.listSearch`) as the editor does, and follows
// its pages.
import type { INodeListSearchItems, INodeListSearchResult, INodeParameters } from 'n8n-workflow';

import type { Credentials, NodeErrorInfo } from '../harness/engine.cts';
import { runNodeMethod } from '../harness/methods.cts';

export interface ListSearchOptions {
	method: string;
	/** The node's current parameters, e.g. the chosen workspace as a resource locator value. */
	parameters: INodeParameters;
	credentials: Credentials;
	filter?: string;
	paginationToken?: string;
}

export interface ListSearchRun {
	result?: INodeListSearchResult;
	error?: NodeErrorInfo;
}

export async function runListSearch(options: ListSearchOptions): Promise<ListSearchRun> {
	return await runNodeMethod<INodeListSearchResult>(
		'listSearch',
		options.method,
		options.parameters,
		options.credentials,
		[options.filter, options.paginationToken],
	);
}

/** Follows the pagination tokens to the end, as scrolling the list in the editor does. */
export async function listAll(options: Omit<ListSearchOptions, 'paginationToken'>) {
	const items: INodeListSearchItems[] = [];
	const tokens: string[] = [];
	let token: string | undefined;
	do {
		const { result, error } = await runListSearch({ ...options, paginationToken: token });
		if (error || !result) throw new Error(`List search failed: ${error?.message}`);
		items.push(...result.results);
		token = result.paginationToken === undefined ? undefined : String(result.paginationToken);
		if (token !== undefined) tokens.push(token);
	} while (token !== undefined);
	return { items, tokens };
}
