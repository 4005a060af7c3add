import { namedListSearch } from '../../../shared/lists';

export const searchLabels = namedListSearch('labels');
