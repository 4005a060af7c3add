import type { ILoadOptionsFunctions } from 'n8n-workflow';

import {
	namedListSearch,
	namedResult,
	searchTeamMembers,
	searchWorkspaces,
	teamMemberOption,
	workspaceOptions,
} from '../../shared/lists';
import { getAccounts } from './loadOptions/getAccounts';
import { getFirstCommentAccounts } from './loadOptions/getFirstCommentAccounts';
import { getMediaItems } from './loadOptions/getMediaItems';
import { getTextBackgrounds } from './loadOptions/getTextBackgrounds';
import { searchAccounts } from './listSearch/searchAccounts';

export const listSearch = {
	searchAccounts,
	searchCampaigns: namedListSearch('campaigns'),
	searchContentCategories: namedListSearch('contentCategories'),
	searchTeamMembers,
	searchWorkspaces,
};

export const loadOptions = {
	getAccounts,
	getFirstCommentAccounts,
	async getLabels(this: ILoadOptionsFunctions) {
		return await workspaceOptions(this, 'labels', namedResult);
	},
	getMediaItems,
	// By user ID, which approvers, mentions and the posts list's approval filters take.
	async getTeamMembers(this: ILoadOptionsFunctions) {
		return await workspaceOptions(this, 'teamMembers', teamMemberOption);
	},
	getTextBackgrounds,
};
