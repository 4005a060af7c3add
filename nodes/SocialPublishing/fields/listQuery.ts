import { platformLabel } from './names';
import {
	LIMITS,
	MEDIA_SORTS,
	MEDIA_TYPES,
	PLATFORMS,
	POST_FILTER_STATUSES,
} from '../../shared/limits';
import type { Field } from './field';
import { day } from './field';

/** The query fields of the Get Many operations (Return All / Limit are in common.ts). */

/** The `search` of a list: the library lists' only row, a filter of accounts and media. */
export function librarySearch(description: string, placeholder: string): Field {
	return {
		name: 'search',
		label: 'Search',
		kind: 'text',
		normalize: (value) => value.trim(),
		ui: { description, placeholder },
	};
}

export const accountFilters: Field[] = [
	{
		name: 'platforms',
		label: 'Platforms',
		path: 'platform',
		kind: 'enums',
		values: PLATFORMS,
		valueNames: Object.fromEntries(PLATFORMS.map((key) => [key, platformLabel(key)])),
		join: ',',
		ui: { description: 'Only accounts of these platforms' },
	},
	librarySearch('Only accounts whose name contains this text', 'e.g. Acme'),
];

export const mediaFilters: Field[] = [
	{
		...librarySearch('Only media whose name contains this text, case-insensitive', 'e.g. banner'),
		max: LIMITS.mediaSearchLength,
	},
	{
		name: 'type',
		label: 'Type',
		kind: 'enum',
		values: MEDIA_TYPES,
		ui: { description: 'Only images or only videos' },
	},
];

export const mediaSort: Field = {
	name: 'sort',
	label: 'Sort',
	kind: 'enum',
	values: MEDIA_SORTS,
	valueNames: {
		recent: 'Newest First',
		oldest: 'Oldest First',
		size: 'Size',
		a2z: 'Name (A to Z)',
		z2a: 'Name (Z to A)',
	},
	ui: { description: 'The order of the results' },
};

const teamMembers = (name: string, label: string, path: string, description: string): Field => ({
	name,
	label,
	path,
	kind: 'ids',
	ui: { loadOptions: 'getTeamMembers', description },
});

export const postFilters: Field[] = [
	teamMembers(
		'approvalAssignedTo',
		'Approval Assigned To',
		'approval_assigned_to',
		'Only posts these team members are approvers of.',
	),
	teamMembers(
		'approvalRequestedBy',
		'Approval Requested By',
		'approval_requested_by',
		'Only posts whose approval these team members requested.',
	),
	day('dateFrom', 'Date From', 'Only posts on or after this day', 'date_from'),
	day('dateTo', 'Date To', 'Only posts on or before this day', 'date_to'),
	{
		name: 'statuses',
		label: 'Statuses',
		path: 'status',
		kind: 'enums',
		values: POST_FILTER_STATUSES,
		ui: {
			description:
				'Only posts in one of these states, e.g. Under Review for posts awaiting approval',
		},
	},
];
