import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
	INodePropertyOptions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { getList, getPage } from './api';
import type { ReadName } from './api';
import { idOf, userIdOf } from './ids';
import { PER_PAGE_MAX } from './limits';
import { readWorkspaces } from './workspaces';

/** The editor's lists of records, shared by both nodes: searchable lists and options. */

/** The workspace chosen in the node; the lists below depend on it. */
function currentWorkspaceId(ctx: ILoadOptionsFunctions): string {
	const workspaceId = ctx.getCurrentNodeParameter('workspaceId', { extractValue: true });
	if (typeof workspaceId !== 'string' || workspaceId.trim() === '') {
		throw new NodeOperationError(ctx.getNode(), 'Choose a workspace first', {
			description:
				'This list shows records of the chosen workspace. Set the Workspace field, then open the list again.',
		});
	}
	return workspaceId.trim();
}

/**
 * The list method of a workspace list for a resource locator, its items shown as `toResult` gives
 * them: the API does the search, and the page number is the pagination token, so the list goes on
 * past the first page. `qsOf` adds further filters of the list, e.g. `platform` for accounts.
 */
export function workspaceListMethod(
	endpoint: ReadName,
	toResult: (item: IDataObject) => INodeListSearchItems,
	qsOf: (ctx: ILoadOptionsFunctions) => IDataObject = () => ({}),
) {
	return async function (
		this: ILoadOptionsFunctions,
		filter?: string,
		paginationToken?: string,
	): Promise<INodeListSearchResult> {
		const page = Math.max(1, Number(paginationToken) || 1);
		const search = (filter ?? '').trim();
		const answer = await getPage.call(
			this,
			endpoint,
			{ workspaceId: currentWorkspaceId(this) },
			{ page, perPage: PER_PAGE_MAX, qs: { ...qsOf(this), ...(search ? { search } : {}) } },
		);
		return {
			results: answer.items.map(toResult).filter((result) => result.value !== ''),
			paginationToken: answer.hasMore ? String(page + 1) : undefined,
		};
	};
}

/** A record in a list, by its name (its ID when it has none). */
export const namedResult = (record: IDataObject) => ({
	name: String(record.name ?? idOf(record)),
	value: idOf(record),
});

/** The list method of a library list whose items show by name (campaigns, content categories). */
export const namedListSearch = (endpoint: ReadName) => workspaceListMethod(endpoint, namedResult);

/**
 * Every record of one of the workspace's lists (accounts, labels, team members, media), walked
 * page by page so that lists past one page stay complete, as options sorted by name.
 */
export async function workspaceOptions(
	ctx: ILoadOptionsFunctions,
	endpoint: ReadName,
	toOption: (record: IDataObject) => INodePropertyOptions,
): Promise<INodePropertyOptions[]> {
	const records = await getList.call(ctx, endpoint, { workspaceId: currentWorkspaceId(ctx) });
	return records
		.map(toOption)
		.filter((option) => option.value !== '')
		.sort((a, b) => a.name.localeCompare(b.name));
}

/** The workspaces the key reaches, filtered by name here: the API has no search for them. */
export async function searchWorkspaces(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const needle = (filter ?? '').trim().toLowerCase();
	const matches = (record: IDataObject) =>
		String(record.name ?? '')
			.toLowerCase()
			.includes(needle);
	const results = (await readWorkspaces(this)).filter(matches).map(namedResult);
	return { results: results.filter((result) => result.value !== '') };
}

/** A team member as an option: by user ID, which approvers and mentions take. */
export function teamMemberOption(member: IDataObject): INodePropertyOptions {
	const id = userIdOf(member);
	const name = String(member.name ?? member.email ?? id);
	return {
		name: member.email && member.name ? `${name} (${String(member.email)})` : name,
		value: id,
		description: typeof member.role === 'string' ? member.role : undefined,
	};
}

// By user ID: a member's `_id` may be a membership ID (api-notes.md).
export const searchTeamMembers = workspaceListMethod('teamMembers', (member) => ({
	name: teamMemberOption(member).name,
	value: userIdOf(member),
}));
