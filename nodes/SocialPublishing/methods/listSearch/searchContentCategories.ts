import { namedListSearch } from '../../helpers/listSearch';

export const searchContentCategories = namedListSearch('content-categories');
