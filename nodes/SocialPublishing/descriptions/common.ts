import type { INodeProperties } from 'n8n-workflow';

import { resourceLocator, teamMemberLocator } from '../../shared/locators';
import type { LocatorField } from '../../shared/locators';

export { resourceLocator, workspaceLocator } from '../../shared/locators';
export { nodeOptions } from '../../shared/options';

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

/**
 * Searchable lists for fields that take one ID; each list method lives in methods/listSearch/.
 * Labels and media are chosen several at a time, so they are multi-selects (methods/loadOptions/).
 */
export const locators = {
	account: (field: LocatorField) => resourceLocator(field, 'searchAccounts', 'e.g. 171639455029'),
	campaign: (field: LocatorField) =>
		resourceLocator(field, 'searchCampaigns', 'e.g. 64f1c2a9e4b0a1b2c3d4e5f6'),
	contentCategory: (field: LocatorField) =>
		resourceLocator(field, 'searchContentCategories', 'e.g. 64f1c2a9e4b0a1b2c3d4e5f6'),
	teamMember: teamMemberLocator,
};
