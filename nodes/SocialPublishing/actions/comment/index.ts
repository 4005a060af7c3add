import { resource } from '../resource';
import * as create from './create.operation';
import * as getAll from './getAll.operation';

export const commentResource = resource('comment', 'create', [
	{
		name: 'Create',
		value: 'create',
		description: 'Add a comment or internal note to a post, optionally mentioning team members',
		action: 'Create a comment on a post',
		operation: create,
	},
	{
		name: 'Get Many',
		value: 'getAll',
		description: "List a post's comments and internal notes",
		action: 'Get many comments on a post',
		operation: getAll,
	},
]);
