import type { INodeProperties } from 'n8n-workflow';

export type LocatorField = Pick<INodeProperties, 'displayName' | 'name' | 'description'> & {
	required?: boolean;
};

/** A resource locator over one of the searchable lists (lists.ts), with From List and By ID modes. */
export function resourceLocator(
	field: LocatorField,
	searchListMethod: string,
	idPlaceholder: string,
): INodeProperties {
	return {
		...field,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: field.required ?? true,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: `Select a ${field.displayName.toLowerCase()}...`,
				typeOptions: { searchListMethod, searchable: true },
			},
			{ displayName: 'By ID', name: 'id', type: 'string', placeholder: idPlaceholder },
		],
	};
}

export const workspaceLocator: INodeProperties = resourceLocator(
	{
		displayName: 'Workspace',
		name: 'workspaceId',
		description: 'The workspace to work in (required). Every post, account and library item belongs to one.',
		// So an imported example shows no node in error; a run without one still stops (fields/common.ts).
		required: false,
	},
	'searchWorkspaces',
	'e.g. 64f1c2a9e4b0a1b2c3d4e5f6',
);

/** A team member by user ID, which approvers, mentions and the posts list's filters take. */
export const teamMemberLocator = (field: LocatorField) =>
	resourceLocator(field, 'searchTeamMembers', 'e.g. 64f1c2a9e4b0a1b2c3d4e5f6');
