import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { idOf } from '../../../shared/ids';

import {
	filtersCollection,
	nodeOptions,
	returnAllOrLimit,
	workspaceLocator,
} from '../../descriptions/common';
import { readFields } from '../../fields/field';
import { mediaFilters, mediaSort } from '../../fields/lists';
import { property } from '../../fields/ui';
import { InputChecks } from '../../fields/checks';
import { getManyInWorkspace } from '../../helpers/workspaceLists';
import { outputProperties } from '../../helpers/output';
import type { ListOutput } from '../../helpers/output';

const properties: INodeProperties[] = [
	workspaceLocator,
	...returnAllOrLimit(),
	filtersCollection(...mediaFilters.map(property)),
	...outputProperties('raw'),
	nodeOptions(property(mediaSort)),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['media'], operation: ['getAll'] } },
	properties,
);

/** The fields an agent or a message needs. */
const simplifyMedia = (media: IDataObject): IDataObject => ({
	id: idOf(media),
	name: media.name ?? null,
	type: media.type ?? null,
	url: media.url ?? null,
});

export const list: ListOutput = { simplify: simplifyMedia, defaultOutput: 'raw' };

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const checks = new InputChecks(this, itemIndex);
	const qs = readFields(checks, mediaFilters, filters, '');
	readFields(checks, [mediaSort], options, '', qs);
	return await getManyInWorkspace.call(this, itemIndex, 'media', qs);
}
