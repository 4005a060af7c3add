import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import {
	filtersCollection,
	nodeOptions,
	returnAllOrLimit,
	workspaceLocator,
} from '../../descriptions/common';
import { readFields } from '../../fields/field';
import { accountFilters } from '../../fields/lists';
import { property } from '../../fields/ui';
import { InputChecks } from '../../helpers/checks';
import { getManyInWorkspace } from '../../helpers/workspaceLists';

const properties: INodeProperties[] = [
	workspaceLocator,
	...returnAllOrLimit(),
	filtersCollection(...accountFilters.map(property)),
	nodeOptions(),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['account'], operation: ['getAll'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const qs = readFields(new InputChecks(this, itemIndex), accountFilters, filters, '');
	return await getManyInWorkspace.call(this, itemIndex, 'accounts', qs);
}
