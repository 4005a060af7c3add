import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { facebookGroupImage, facebookGroupName } from '../../fields/account';
import { readFields } from '../../fields/field';
import { paramsOf, workspace, workspaceIdOf } from '../../fields/common';
import { property } from '../../fields/ui';
import { InputChecks } from '../../fields/checks';
import { createOnce } from '../../../shared/api/exactlyOnce';
import { nodeOptions, onServerErrorOption } from '../../../shared/options';
import { accountLookup } from '../../helpers/recovery';
import type { Plan } from '../resource';

export const description: INodeProperties[] = [
	...[workspace, facebookGroupName].map(property),
	nodeOptions(property(facebookGroupImage), onServerErrorOption),
];

export async function plan(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
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
	const account = { platform: 'facebook', name: String(body.name) };
	return {
		// The workspace's account cap and duplicate names go to the first to arrive.
		lane: `accounts of ${workspaceId}`,
		send: async (out) =>
			await createOnce.call(
				out,
				'addFacebookGroup',
				{ workspaceId },
				{ body, itemIndex },
				accountLookup(this, workspaceId, account, itemIndex),
			),
	};
}
