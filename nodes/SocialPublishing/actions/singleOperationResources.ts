import { resource } from './resource';
import type { Operation } from './resource';
import * as campaignGetAll from './campaign/getAll.operation';
import * as contentCategoryGetAll from './contentCategory/getAll.operation';
import * as facebookTextBackgroundGetAll from './facebookTextBackground/getAll.operation';
import * as labelGetAll from './label/getAll.operation';
import * as teamMemberGetAll from './teamMember/getAll.operation';
import * as userGetCurrent from './user/getCurrent.operation';
import * as workspaceGetAll from './workspace/getAll.operation';

/** A resource whose one operation is Get Many. */
const getManyOf = (name: string, operation: Operation, action: string, description: string) =>
	resource(name, 'getAll', [{ name: 'Get Many', value: 'getAll', description, action, operation }]);

/** Resources with one operation each. */
export const singleOperationResources = [
	getManyOf(
		'campaign',
		campaignGetAll,
		'Get many campaigns',
		'List the campaigns of a workspace, with the campaign IDs that posts take',
	),
	getManyOf(
		'contentCategory',
		contentCategoryGetAll,
		'Get many content categories',
		"List a workspace's content categories, with their accounts and IDs",
	),
	getManyOf(
		'facebookTextBackground',
		facebookTextBackgroundGetAll,
		'Get many Facebook text backgrounds',
		"List the background presets for Facebook text posts; a preset's ID is the Facebook background ID of a text-only post",
	),
	getManyOf(
		'label',
		labelGetAll,
		'Get many labels',
		'List the labels of a workspace, with the label IDs that posts take',
	),
	getManyOf(
		'teamMember',
		teamMemberGetAll,
		'Get many team members',
		"List a workspace's team members: the user IDs approvers and mentions take",
	),
	resource('user', 'getCurrent', [
		{
			name: 'Get Current',
			value: 'getCurrent',
			description: 'Get the user the API key belongs to',
			action: 'Get the current user',
			operation: userGetCurrent,
		},
	]),
	getManyOf(
		'workspace',
		workspaceGetAll,
		'Get many workspaces',
		'List the workspaces the API key can reach, with their IDs and time zones',
	),
];
