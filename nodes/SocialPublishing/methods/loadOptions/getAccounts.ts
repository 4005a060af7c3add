import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { listOf } from '../../fields/field';
import { platformLabel } from '../../fields/names';
import { idOf } from '../../../shared/ids';
import { workspaceOptions } from '../../../shared/lists';

export function accountOption(account: IDataObject): INodePropertyOptions {
	const id = idOf(account);
	const platform = typeof account.platform === 'string' ? platformLabel(account.platform) : '';
	const name = String(account.account_name ?? account.name ?? id);
	return { name: platform ? `${name} (${platform})` : name, value: id };
}

/** The workspace's social accounts, for the Accounts multi-select of a post. */
export async function getAccounts(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return await workspaceOptions(this, 'accounts', accountOption);
}

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
