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
		displayOptions: { show: { resource: ['campaign'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List the campaigns of a workspace, with the campaign IDs that posts take',
				action: 'Get many campaigns',
			},
		],
		default: 'getAll',
	},
	...getAll.description,
];
