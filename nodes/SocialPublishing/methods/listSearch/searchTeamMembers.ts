import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { userIdOf } from '../../helpers/ids';
import { searchWorkspaceList } from '../../helpers/listSearch';

export async function searchTeamMembers(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchWorkspaceList.call(this, {
		segment: 'team-members',
		filter,
		paginationToken,
		// By user ID: approvers and mentions take user IDs, and a member's `_id` may be a membership ID.
		toResult: (member) => {
			const name = String(member.name ?? member.email ?? userIdOf(member));
			return {
				name: member.name && member.email ? `${name} (${String(member.email)})` : name,
				value: userIdOf(member),
			};
		},
	});
}
