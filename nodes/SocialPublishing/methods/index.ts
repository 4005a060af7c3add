import { searchAccounts } from './listSearch/searchAccounts';
import { searchCampaigns } from './listSearch/searchCampaigns';
import { searchContentCategories } from './listSearch/searchContentCategories';
import { searchLabels } from './listSearch/searchLabels';
import { searchMedia } from './listSearch/searchMedia';
import { searchTeamMembers } from './listSearch/searchTeamMembers';
import { searchWorkspaces } from './listSearch/searchWorkspaces';

export const listSearch = {
	searchAccounts,
	searchCampaigns,
	searchContentCategories,
	searchLabels,
	searchMedia,
	searchTeamMembers,
	searchWorkspaces,
};
