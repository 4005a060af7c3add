import { namedListSearch } from '../../helpers/listSearch';

export const searchCampaigns = namedListSearch('campaigns');
