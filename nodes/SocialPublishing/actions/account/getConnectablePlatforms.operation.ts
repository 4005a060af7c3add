import { getList } from '../../../shared/api';
import { picking } from '../../helpers/output';
import { getMany } from '../getMany';

export const { description, plan } = getMany({
	read: async (ctx, itemIndex) => await getList.call(ctx, 'platforms', {}, { itemIndex }),
	simplify: picking('platform', 'display_name', 'connection_method'),
});
