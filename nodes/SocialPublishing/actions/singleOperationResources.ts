import { resource } from './resource';
import * as campaignGetAll from './campaign/getAll.operation';
import * as contentCategoryGetAll from './contentCategory/getAll.operation';
import * as facebookTextBackgroundGetAll from './facebookTextBackground/getAll.operation';
import * as labelGetAll from './label/getAll.operation';
import * as teamMemberGetAll from './teamMember/getAll.operation';
import * as userGetCurrent from './user/getCurrent.operation';
import * as workspaceGetAll from './workspace/getAll.operation';

/** Resources with one operation each. */
export const singleOperationResources = [
	resource('campaign', 'getAll', [
		{
			name: 'Get Many',
			value: 'getAll',
			description: 'List the campaigns of a workspace, with the campaign IDs that posts take',
			action: 'Get many campaigns',
			does: campaignGetAll,
		},
	]),
	resource('contentCategory', 'getAll', [
		{
			name: 'Get Many',
			value: 'getAll',
			description: "List a workspace's content categories, with their accounts and IDs",
			action: 'Get many content categories',
			does: contentCategoryGetAll,
		},
	]),
	resource('facebookTextBackground', 'getAll', [
		{
			name: 'Get Many',
			value: 'getAll',
			description:
				"List the background presets for Facebook text posts; a preset's ID is the Facebook background ID of a text-only post",
			action: 'Get many Facebook text backgrounds',
			does: facebookTextBackgroundGetAll,
		},
	]),
	resource('label', 'getAll', [
		{
			name: 'Get Many',
			value: 'getAll',
			description: 'List the labels of a workspace, with the label IDs that posts take',
			action: 'Get many labels',
			does: labelGetAll,
		},
	]),
	resource('teamMember', 'getAll', [
		{
			name: 'Get Many',
			value: 'getAll',
			description: "List a workspace's team members: the user IDs approvers and mentions take",
			action: 'Get many team members',
			does: teamMemberGetAll,
		},
	]),
	resource('user', 'getCurrent', [
		{
			name: 'Get Current',
			value: 'getCurrent',
			description: 'Get the user the API key belongs to',
			action: 'Get the current user',
			does: userGetCurrent,
		},
	]),
	resource('workspace', 'getAll', [
		{
			name: 'Get Many',
			value: 'getAll',
			description: 'List the workspaces the API key can reach, with their IDs and time zones',
			action: 'Get many workspaces',
			does: workspaceGetAll,
		},
	]),
];
