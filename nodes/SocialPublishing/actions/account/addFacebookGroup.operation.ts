import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { workspaceLocator } from '../../../shared/locators';
import { facebookGroupImage, facebookGroupName } from '../../fields/account';
import { readFields } from '../../fields/field';
import { paramsOf } from '../../fields/common';
import { property } from '../../fields/ui';
import { InputChecks } from '../../fields/checks';
import { workspaceIdOf } from '../../helpers/workspaceLists';
import { createOnce } from '../../../shared/api/exactlyOnce';
import { nodeOptions, onServerErrorOption } from '../../../shared/options';
import { accountLookup } from '../../helpers/recovery';

const properties: INodeProperties[] = [
	workspaceLocator,
	property(facebookGroupName),
	nodeOptions(property(facebookGroupImage), onServerErrorOption),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['account'], operation: ['addFacebookGroup'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const source = { ...options, ...paramsOf(this, itemIndex, [facebookGroupName]) };
	const checks = new InputChecks(this, itemIndex);
	const body = readFields(
		checks,
		[facebookGroupName, facebookGroupImage],
		source,
		this.getTimezone(),
	);
	const workspaceId = workspaceIdOf(this, itemIndex);
	return await createOnce.call(
		this,
		'addFacebookGroup',
		{ workspaceId },
		{ body, itemIndex },
		accountLookup(this, workspaceId, { platform: 'facebook', name: String(body.name) }, itemIndex),
	);
}
