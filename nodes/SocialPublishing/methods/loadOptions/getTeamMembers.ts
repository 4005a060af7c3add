import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { userIdOf } from '../../helpers/ids';
import { workspaceOptions } from './workspaceList';

/** The workspace's team members by user ID: approvers, mentioned users and the posts list's approval filters. */
export async function getTeamMembers(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return await workspaceOptions(this, 'team-members', (member) => {
		const id = userIdOf(member);
		const name = String(member.name ?? member.email ?? id);
		return {
			name: member.email && member.name ? `${name} (${String(member.email)})` : name,
			value: id,
			description: typeof member.role === 'string' ? member.role : undefined,
		};
	});
}
