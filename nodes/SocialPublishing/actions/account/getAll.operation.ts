import { accountFilters } from '../../fields/listQuery';
import { picking } from '../../helpers/output';
import { getMany } from '../getMany';

export const { description, plan } = getMany({
	endpoint: 'accounts',
	filters: accountFilters,
	simplify: picking('id', 'platform', 'account_name', 'status'),
});
