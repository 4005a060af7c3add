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
		displayOptions: { show: { resource: ['facebookTextBackground'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getAll',
				description:
					"List the background presets for Facebook text posts; a preset's ID is the Facebook background ID of a text-only post",
				action: 'Get many facebook text backgrounds',
			},
		],
		default: 'getAll',
	},
	...getAll.description,
];
