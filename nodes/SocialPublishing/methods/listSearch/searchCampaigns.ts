import { namedListSearch } from '../../../shared/lists';

export const searchCampaigns = namedListSearch('campaigns');
