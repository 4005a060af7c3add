import { mediaFilters, mediaSort } from '../../fields/listQuery';
import { picking } from '../../helpers/output';
import { getMany } from '../getMany';

export const { description, plan } = getMany({
	endpoint: 'media',
	filters: mediaFilters,
	options: [mediaSort],
	simplify: picking('id', 'name', 'type', 'url'),
});
