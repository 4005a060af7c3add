import { searchTeamMembers, searchWorkspaces } from '../../shared/lists';
import { getAccounts } from './loadOptions/getAccounts';
import { getFirstCommentAccounts } from './loadOptions/getFirstCommentAccounts';
import { getLabels } from './loadOptions/getLabels';
import { getMediaItems } from './loadOptions/getMediaItems';
import { getTeamMembers } from './loadOptions/getTeamMembers';
import { getTextBackgrounds } from './loadOptions/getTextBackgrounds';
import { searchAccounts } from './listSearch/searchAccounts';
import { searchCampaigns } from './listSearch/searchCampaigns';
import { searchContentCategories } from './listSearch/searchContentCategories';

export const listSearch = {
	searchAccounts,
	searchCampaigns,
	searchContentCategories,
	searchTeamMembers,
	searchWorkspaces,
};

export const loadOptions = {
	getAccounts,
	getFirstCommentAccounts,
	getLabels,
	getMediaItems,
	getTeamMembers,
	getTextBackgrounds,
};
