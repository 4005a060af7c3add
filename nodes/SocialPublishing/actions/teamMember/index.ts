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
		displayOptions: { show: { resource: ['teamMember'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getAll',
				description:
					'List the team members of a workspace, with the user IDs that approvers and mentions take',
				action: 'Get many team members',
			},
		],
		default: 'getAll',
	},
	...getAll.description,
];
