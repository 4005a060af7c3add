import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import {
	filtersCollection,
	nodeOptions,
	returnAllOrLimit,
	toOptions,
	workspaceLocator,
} from '../../descriptions/common';
import { platformLabel } from '../../descriptions/platforms';
import { InputChecks } from '../../helpers/checks';
import { toList } from '../../helpers/values';
import { getManyInWorkspace } from '../../helpers/workspaceLists';
import { PLATFORMS } from '../../../shared/limits';

const properties: INodeProperties[] = [
	workspaceLocator,
	...returnAllOrLimit(),
	filtersCollection(
		{
			displayName: 'Platforms',
			name: 'platforms',
			type: 'multiOptions',
			options: toOptions(PLATFORMS, platformLabel),
			default: [],
			description: 'Only accounts of these platforms',
		},
		{
			displayName: 'Search',
			name: 'search',
			type: 'string',
			default: '',
			placeholder: 'e.g. Acme',
			description: 'Only accounts whose name contains this text',
		},
	),
	nodeOptions(),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['account'], operation: ['getAll'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	const filters = this.getNodeParameter('filters', itemIndex, {}) as {
		platforms?: unknown;
		search?: string;
	};
	const wanted = toList(filters.platforms);
	const checks = new InputChecks(this, itemIndex);
	for (const platform of wanted) checks.oneOf('Platforms', platform, PLATFORMS);
	const search = (filters.search ?? '').trim();
	return await getManyInWorkspace.call(this, itemIndex, 'accounts', {
		...(wanted.length > 0 ? { platform: wanted.join(',') } : {}),
		...(search ? { search } : {}),
	});
}
