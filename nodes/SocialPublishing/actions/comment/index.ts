import type { INodeProperties } from 'n8n-workflow';

import type { Operation } from '../types';
import * as create from './create.operation';
import * as getAll from './getAll.operation';

export const operations: Record<string, Operation> = { create, getAll };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['comment'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Add a comment or internal note to a post, optionally mentioning team members',
				action: 'Create a comment on a post',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: "List a post's comments and internal notes",
				action: 'Get many comments on a post',
			},
		],
		default: 'create',
	},
	...create.description,
	...getAll.description,
];
