import type { INodeProperties } from 'n8n-workflow';

import { parallelRequestsOption } from '../../shared/options';
import { titleCase } from '../fields/names';
import { accountResource } from './account';
import { commentResource } from './comment';
import { mediaResource } from './media';
import { postResource } from './post';
import { singleOperationResources } from './singleOperationResources';

const RESOURCES = [
	accountResource,
	commentResource,
	mediaResource,
	postResource,
	...singleOperationResources,
];

/** Every resource's operations, by the values of the Resource and Operation selectors. */
export const operationsByResource = Object.fromEntries(
	RESOURCES.map((resource) => [resource.name, resource.operations]),
);

/** The Resource selector's options: each resource's value in words, in the editor's order. */
export const resourceOptions = RESOURCES.map(({ name }) => ({
	name: titleCase(name.replace(/[A-Z]/g, ' $&')),
	value: name,
})).sort((a, b) => a.name.localeCompare(b.name));

/** Items of one execution are sent in parallel, so every action's Options end with that bound. */
const withParallelRequests = (property: INodeProperties): INodeProperties =>
	property.name === 'options' && property.type === 'collection'
		? { ...property, options: [...(property.options ?? []), parallelRequestsOption] }
		: property;

export const resourceDescriptions = RESOURCES.flatMap((resource) => resource.description).map(
	withParallelRequests,
);
