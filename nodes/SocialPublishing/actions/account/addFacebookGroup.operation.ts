import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { facebookGroupImage, facebookGroupName } from '../../fields/account';
import { readFields } from '../../fields/field';
import { paramsOf, workspace } from '../../fields/common';
import { property } from '../../fields/ui';
import { InputChecks } from '../../fields/checks';
import { nodeOptions, onServerErrorOption, optionsOf } from '../../../shared/options';
import type { Plan } from '../resource';
import { addAccount } from './add';

export const description: INodeProperties[] = [
	...[workspace, facebookGroupName].map(property),
	nodeOptions(property(facebookGroupImage), onServerErrorOption),
];

export async function plan(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	const options = optionsOf(this, itemIndex);
	const source = { ...options, ...paramsOf(this, itemIndex, [facebookGroupName]) };
	const fields = [facebookGroupName, facebookGroupImage];
	const body = readFields(new InputChecks(this, itemIndex), fields, source, this.getTimezone());
	return addAccount(this, itemIndex, 'addFacebookGroup', body, {
		platform: 'facebook',
		name: String(body.name),
	});
}
