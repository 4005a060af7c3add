import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import {
	filtersCollection,
	nodeOptions,
	returnAllOrLimit,
	workspaceLocator,
} from '../../descriptions/common';
import { readFields } from '../../fields/field';
import { mediaFilters, mediaSort } from '../../fields/lists';
import { property } from '../../fields/ui';
import { InputChecks } from '../../helpers/checks';
import { getManyInWorkspace } from '../../helpers/workspaceLists';

const properties: INodeProperties[] = [
	workspaceLocator,
	...returnAllOrLimit(),
	filtersCollection(...mediaFilters.map(property)),
	nodeOptions(property(mediaSort)),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['media'], operation: ['getAll'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const checks = new InputChecks(this, itemIndex);
	const qs = readFields(checks, mediaFilters, filters, '');
	readFields(checks, [mediaSort], options, '', qs);
	return await getManyInWorkspace.call(this, itemIndex, 'media', qs);
}
