import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import type { Operation } from './types';
import * as campaignGetAll from './campaign/getAll.operation';
import * as contentCategoryGetAll from './contentCategory/getAll.operation';
import * as facebookTextBackgroundGetAll from './facebookTextBackground/getAll.operation';
import * as labelGetAll from './label/getAll.operation';
import * as teamMemberGetAll from './teamMember/getAll.operation';
import * as userGetCurrent from './user/getCurrent.operation';
import * as workspaceGetAll from './workspace/getAll.operation';

/**
 * Resources with one operation each. A row names the resource, its operation as the selector
 * shows it, and the operation's file; the selector is built from the row, once.
 */
interface SingleOperationResource {
	resource: string;
	operation: INodePropertyOptions & { value: string; action: string };
	does: Operation;
}

const SINGLE_OPERATION_RESOURCES: SingleOperationResource[] = [
	{
		resource: 'campaign',
		operation: {
			name: 'Get Many',
			value: 'getAll',
			description: 'List the campaigns of a workspace, with the campaign IDs that posts take',
			action: 'Get many campaigns',
		},
		does: campaignGetAll,
	},
	{
		resource: 'contentCategory',
		operation: {
			name: 'Get Many',
			value: 'getAll',
			description:
				'List the content categories of a workspace, with their accounts and the IDs that posts take',
			action: 'Get many content categories',
		},
		does: contentCategoryGetAll,
	},
	{
		resource: 'facebookTextBackground',
		operation: {
			name: 'Get Many',
			value: 'getAll',
			description:
				"List the background presets for Facebook text posts; a preset's ID is the Facebook background ID of a text-only post",
			action: 'Get many facebook text backgrounds',
		},
		does: facebookTextBackgroundGetAll,
	},
	{
		resource: 'label',
		operation: {
			name: 'Get Many',
			value: 'getAll',
			description: 'List the labels of a workspace, with the label IDs that posts take',
			action: 'Get many labels',
		},
		does: labelGetAll,
	},
	{
		resource: 'teamMember',
		operation: {
			name: 'Get Many',
			value: 'getAll',
			description:
				'List the team members of a workspace, with the user IDs that approvers and mentions take',
			action: 'Get many team members',
		},
		does: teamMemberGetAll,
	},
	{
		resource: 'user',
		operation: {
			name: 'Get Current',
			value: 'getCurrent',
			description: 'Get the user the API key belongs to',
			action: 'Get the current user',
		},
		does: userGetCurrent,
	},
	{
		resource: 'workspace',
		operation: {
			name: 'Get Many',
			value: 'getAll',
			description: 'List the workspaces the API key can reach, with their IDs and time zones',
			action: 'Get many workspaces',
		},
		does: workspaceGetAll,
	},
];

function selector({ resource, operation }: SingleOperationResource): INodeProperties {
	const { value } = operation;
	return {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [resource] } },
		options: [operation],
		default: value,
	};
}

export const singleOperationResources = {
	operations: Object.fromEntries(
		SINGLE_OPERATION_RESOURCES.map((row) => [row.resource, { [row.operation.value]: row.does }]),
	) as Record<string, Record<string, Operation>>,
	description: SINGLE_OPERATION_RESOURCES.flatMap((row) => [
		selector(row),
		...row.does.description,
	]),
};
