import { namedListSearch } from '../../../shared/lists';

export const searchContentCategories = namedListSearch('contentCategories');
