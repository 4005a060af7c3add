import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import {
	filtersCollection,
	nodeOptions,
	returnAllOrLimit,
	toOptions,
	workspaceLocator,
} from '../../descriptions/common';
import { InputChecks } from '../../helpers/checks';
import { getManyInWorkspace } from '../../helpers/workspaceLists';
import { LIMITS, MEDIA_SORTS, MEDIA_TYPES } from '../../../shared/limits';

const SORT_NAMES: Record<string, string> = {
	recent: 'Newest First',
	oldest: 'Oldest First',
	size: 'Size',
	a2z: 'Name (A to Z)',
	z2a: 'Name (Z to A)',
};

const properties: INodeProperties[] = [
	workspaceLocator,
	...returnAllOrLimit(),
	filtersCollection(
		{
			displayName: 'Search',
			name: 'search',
			type: 'string',
			default: '',
			placeholder: 'e.g. banner',
			description: `Only media whose name contains this text, case-insensitive (at most ${LIMITS.mediaSearchLength} characters)`,
		},
		{
			displayName: 'Type',
			name: 'type',
			type: 'options',
			options: toOptions(MEDIA_TYPES),
			default: 'images',
			description: 'Only images or only videos',
		},
	),
	nodeOptions({
		displayName: 'Sort',
		name: 'sort',
		type: 'options',
		options: toOptions(MEDIA_SORTS, (sort) => SORT_NAMES[sort] ?? sort),
		default: 'recent',
		description: 'The order of the results',
	}),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['media'], operation: ['getAll'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	const filters = this.getNodeParameter('filters', itemIndex, {}) as {
		search?: string;
		type?: string;
	};
	const sort = String(this.getNodeParameter('options.sort', itemIndex, '')).trim();
	const search = (filters.search ?? '').trim();
	const type = (filters.type ?? '').trim();
	const checks = new InputChecks(this, itemIndex);
	checks.maxLength('Search', search, LIMITS.mediaSearchLength);
	checks.oneOf('Type', type, MEDIA_TYPES);
	checks.oneOf('Sort', sort, MEDIA_SORTS);
	return await getManyInWorkspace.call(this, itemIndex, 'media', {
		...(search ? { search } : {}),
		...(type ? { type } : {}),
		...(sort ? { sort } : {}),
	});
}
