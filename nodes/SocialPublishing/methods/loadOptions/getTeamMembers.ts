import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { teamMemberOption, workspaceOptions } from '../../../shared/lists';

/** The workspace's team members by user ID: approvers, mentioned users and the posts list's approval filters. */
export async function getTeamMembers(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return await workspaceOptions(this, 'teamMembers', teamMemberOption);
}
