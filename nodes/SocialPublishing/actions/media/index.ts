import type { INodeProperties } from 'n8n-workflow';

import type { Operation } from '../types';
import * as getAll from './getAll.operation';
import * as upload from './upload.operation';

export const operations: Record<string, Operation> = { getAll, upload };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['media'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getAll',
				description: "List the workspace's media library, with the media IDs that posts take",
				action: 'Get many media items',
			},
			{
				name: 'Upload',
				value: 'upload',
				description:
					"Add an image or video to the workspace's media library, from the input item's binary data or from a URL",
				action: 'Upload a media item',
			},
		],
		default: 'upload',
	},
	...getAll.description,
	...upload.description,
];
