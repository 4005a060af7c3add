import { getList } from '../../../shared/api';
import { picking } from '../../helpers/output';
import { getMany } from '../getMany';

export const { description, plan } = getMany({
	read: async (ctx, itemIndex) => await getList.call(ctx, 'textBackgrounds', {}, { itemIndex }),
	simplify: picking('id', 'description', 'type'),
});
