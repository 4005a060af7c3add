import type { IDataObject } from 'n8n-workflow';

import { idOf } from '../../../shared/ids';
import { accountFilters } from '../../fields/listQuery';
import { getMany } from '../getMany';

/** The fields an agent or a message needs. */
const simplifyAccount = (account: IDataObject): IDataObject => ({
	id: idOf(account),
	platform: account.platform ?? null,
	account_name: account.account_name ?? null,
	status: account.status ?? null,
});

export const { description, plan } = getMany({
	endpoint: 'accounts',
	filters: accountFilters,
	simplify: simplifyAccount,
	defaultOutput: 'raw',
});
