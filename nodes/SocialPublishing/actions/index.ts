import type { INodeProperties } from 'n8n-workflow';

import { parallelRequestsOption } from '../../shared/options';
import type { Operation } from './types';
import * as account from './account';
import * as comment from './comment';
import * as media from './media';
import * as post from './post';
import { singleOperationResources } from './singleOperationResources';

/** Every resource's operations, by the values of the Resource and Operation selectors. */
export const operationsByResource: Record<string, Record<string, Operation>> = {
	account: account.operations,
	comment: comment.operations,
	media: media.operations,
	post: post.operations,
	...singleOperationResources.operations,
};

/** Items of one execution are sent in parallel, so every action's Options end with that bound. */
const withParallelRequests = (property: INodeProperties): INodeProperties =>
	property.name === 'options' && property.type === 'collection'
		? { ...property, options: [...(property.options ?? []), parallelRequestsOption] }
		: property;

export const resourceDescriptions = [
	...account.description,
	...comment.description,
	...media.description,
	...post.description,
	...singleOperationResources.description,
].map(withParallelRequests);
