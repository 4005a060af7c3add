import { resource } from '../resource';
import * as approve from './approve.operation';
import * as create from './create.operation';
import * as deleteOperation from './delete.operation';
import * as getAll from './getAll.operation';
import * as reject from './reject.operation';

export const postResource = resource('post', 'create', [
	{
		name: 'Approve',
		value: 'approve',
		description: 'Approve a post under review, as one of its approvers, with an optional comment',
		action: 'Approve a post',
		operation: approve,
	},
	{
		name: 'Create',
		value: 'create',
		description:
			'Create a post for one or more social accounts: publish it at a time, queue it, or save it as a draft; optionally send it for approval',
		action: 'Create a post',
		operation: create,
	},
	{
		name: 'Delete',
		value: 'delete',
		description: 'Delete a post, and optionally the published copies on the social platforms',
		action: 'Delete a post',
		operation: deleteOperation,
	},
	{
		name: 'Get Many',
		value: 'getAll',
		description:
			'List the posts of a workspace, e.g. those awaiting approval (Statuses: Under Review), filtered by status, date range or approver; gives the post IDs that Approve, Reject, Delete and comments take',
		action: 'Get many posts',
		operation: getAll,
	},
	{
		name: 'Reject',
		value: 'reject',
		description: 'Reject a post under review, as one of its approvers, with an optional reason',
		action: 'Reject a post',
		operation: reject,
	},
]);
