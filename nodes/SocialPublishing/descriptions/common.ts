import type { INodeProperties } from 'n8n-workflow';

import { DEFAULT_MAX_RATE_LIMIT_WAIT_SECONDS } from '../transport';

/** Options lists built from the limits table, so the UI and the checks share one source. */
export function toOptions(values: readonly string[], label: (value: string) => string = titleCase) {
	return values.map((value) => ({ name: label(value), value }));
}

export function titleCase(value: string): string {
	return value
		.split(/[_+\s-]/)
		.filter(Boolean)
		.map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
		.join(value.includes('+') ? ' + ' : ' ');
}

/** A resource locator over one of the searchable lists, with From List and By ID modes. */
export function resourceLocator(
	field: Pick<INodeProperties, 'displayName' | 'name' | 'description'> & { required?: boolean },
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
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: idPlaceholder,
			},
		],
	};
}

export const workspaceLocator: INodeProperties = resourceLocator(
	{
		displayName: 'Workspace',
		name: 'workspaceId',
		description: 'The workspace to work in. Every post, account and library item belongs to one.',
	},
	'searchWorkspaces',
	'e.g. 64f1c2a9e4b0a1b2c3d4e5f6',
);

/** Return All / Limit, shown for one resource's Get Many. */
export function returnAllOrLimit(): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
			displayOptions: { show: { returnAll: [false] } },
		},
	];
}

/** The bound on waiting out rate limits; the transport reads it from the node's options. */
export const maxRateLimitWaitOption: INodeProperties = {
	displayName: 'Max Rate-Limit Wait (Seconds)',
	name: 'maxRateLimitWait',
	type: 'number',
	typeOptions: { minValue: 0 },
	default: DEFAULT_MAX_RATE_LIMIT_WAIT_SECONDS,
	description:
		'When the service answers "too many requests", the node waits as long as it asks and tries again, up to this many seconds in total. Past that it stops with an error saying when to try again.',
};

/** The Filters collection of a Get Many: each filter narrows the list on the service. */
export function filtersCollection(...filters: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: filters,
	};
}

/** The Options collection every operation ends with: its own options, then the rate-limit bound. */
export function nodeOptions(...extra: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [...extra, maxRateLimitWaitOption],
	};
}

type LocatorField = Pick<INodeProperties, 'displayName' | 'name' | 'description'> & { required?: boolean };

/**
 * Searchable lists for fields that take one ID; each list method lives in methods/listSearch/.
 * Labels and media are chosen several at a time, so they are multi-selects (methods/loadOptions/).
 */
export const locators = {
	account: (field: LocatorField) => resourceLocator(field, 'searchAccounts', 'e.g. 171639455029'),
	campaign: (field: LocatorField) => resourceLocator(field, 'searchCampaigns', 'e.g. 64f1c2a9e4b0a1b2c3d4e5f6'),
	contentCategory: (field: LocatorField) =>
		resourceLocator(field, 'searchContentCategories', 'e.g. 64f1c2a9e4b0a1b2c3d4e5f6'),
	teamMember: (field: LocatorField) => resourceLocator(field, 'searchTeamMembers', 'e.g. 64f1c2a9e4b0a1b2c3d4e5f6'),
};
