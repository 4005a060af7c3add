import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { listOf } from '../../fields/field';
import { accountOption } from './getAccounts';
import { workspaceOptions } from '../../../shared/lists';

/** The post's chosen accounts (all of the workspace's while none is chosen): first comments go to a subset. */
export async function getFirstCommentAccounts(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const chosen = new Set(
		(listOf(this.getCurrentNodeParameter('accounts')) ?? []).map((id) => String(id).trim()),
	);
	const options = await workspaceOptions(this, 'accounts', accountOption);
	return chosen.size === 0 ? options : options.filter((option) => chosen.has(String(option.value)));
}
