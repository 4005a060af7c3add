import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { idOf } from '../../../shared/ids';

import {
	filtersCollection,
	nodeOptions,
	returnAllOrLimit,
	workspaceLocator,
} from '../../descriptions/common';
import { readFields } from '../../fields/field';
import { accountFilters } from '../../fields/lists';
import { property } from '../../fields/ui';
import { InputChecks } from '../../fields/checks';
import { getManyInWorkspace } from '../../helpers/workspaceLists';
import { outputProperties } from '../../helpers/output';
import type { ListOutput } from '../../helpers/output';

const properties: INodeProperties[] = [
	workspaceLocator,
	...returnAllOrLimit(),
	filtersCollection(...accountFilters.map(property)),
	...outputProperties('raw'),
	nodeOptions(),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['account'], operation: ['getAll'] } },
	properties,
);

/** The fields an agent or a message needs. */
const simplifyAccount = (account: IDataObject): IDataObject => ({
	id: idOf(account),
	platform: account.platform ?? null,
	account_name: account.account_name ?? null,
	status: account.status ?? null,
});

export const list: ListOutput = { simplify: simplifyAccount, defaultOutput: 'raw' };

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const qs = readFields(new InputChecks(this, itemIndex), accountFilters, filters, '');
	return await getManyInWorkspace.call(this, itemIndex, 'accounts', qs);
}
