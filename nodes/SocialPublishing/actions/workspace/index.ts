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
		displayOptions: { show: { resource: ['workspace'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List the workspaces the API key can reach, with their IDs and time zones',
				action: 'Get many workspaces',
			},
		],
		default: 'getAll',
	},
	...getAll.description,
];
