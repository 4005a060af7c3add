import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

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
