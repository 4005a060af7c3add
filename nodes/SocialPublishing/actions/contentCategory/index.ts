import type { INodeProperties } from 'n8n-workflow';

import type { Operation } from '../types';
import * as getAll from './getAll.operation';

export const operations: Record<string, Operation> = { getAll };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['contentCategory'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getAll',
				description:
					'List the content categories of a workspace, with their accounts and the IDs that posts take',
				action: 'Get many content categories',
			},
		],
		default: 'getAll',
	},
	...getAll.description,
];
