import type { INodeProperties } from 'n8n-workflow';

import { parallelRequestsOption } from '../../shared/options';
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

/** Items of one execution are sent in parallel, so every action's Options end with that bound. */
const withParallelRequests = (property: INodeProperties): INodeProperties =>
	property.name === 'options' && property.type === 'collection'
		? { ...property, options: [...(property.options ?? []), parallelRequestsOption] }
		: property;

export const resourceDescriptions = RESOURCES.flatMap((resource) => resource.description).map(
	withParallelRequests,
);
