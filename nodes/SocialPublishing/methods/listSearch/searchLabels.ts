import { namedListSearch } from '../../helpers/listSearch';

export const searchLabels = namedListSearch('labels');
