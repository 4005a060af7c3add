import type { ILoadOptionsFunctions } from 'n8n-workflow';

import {
	namedListSearch,
	namedResult,
	searchTeamMembers,
	searchWorkspaces,
	teamMemberOption,
	workspaceOptions,
} from '../../shared/lists';
import { idOf } from '../../shared/ids';
import { getAccounts, getFirstCommentAccounts } from './loadOptions/getAccounts';
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
	// The workspace's media library, for attaching library items to a post by `media_ids`.
	async getMediaItems(this: ILoadOptionsFunctions) {
		return await workspaceOptions(this, 'media', (asset) => {
			const id = idOf(asset);
			const name = String(asset.name ?? id);
			return { name: asset.type ? `${name} (${String(asset.type)})` : name, value: id };
		});
	},
	// By user ID, which approvers, mentions and the posts list's approval filters take.
	async getTeamMembers(this: ILoadOptionsFunctions) {
		return await workspaceOptions(this, 'teamMembers', teamMemberOption);
	},
	getTextBackgrounds,
};
