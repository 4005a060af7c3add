import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { blueskyFields } from '../../fields/account';
import { bodyOf, workspace } from '../../fields/common';
import { property } from '../../fields/ui';
import { nodeOptions, onServerErrorOption } from '../../../shared/options';
import type { Plan } from '../resource';
import { addAccount } from './add';

export const description: INodeProperties[] = [
	...[workspace, ...blueskyFields].map(property),
	nodeOptions(onServerErrorOption),
];

export async function plan(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	const body = bodyOf(this, itemIndex, blueskyFields);
	return addAccount(this, itemIndex, 'addBluesky', body, {
		platform: 'bluesky',
		name: String(body.handle),
	});
}
