import type { Operation } from './types';
import * as account from './account';
import * as campaign from './campaign';
import * as comment from './comment';
import * as contentCategory from './contentCategory';
import * as facebookTextBackground from './facebookTextBackground';
import * as label from './label';
import * as media from './media';
import * as post from './post';
import * as teamMember from './teamMember';
import * as user from './user';
import * as workspace from './workspace';

/** Every resource's operations, by the values of the Resource and Operation selectors. */
export const operationsByResource: Record<string, Record<string, Operation>> = {
	account: account.operations,
	campaign: campaign.operations,
	comment: comment.operations,
	contentCategory: contentCategory.operations,
	facebookTextBackground: facebookTextBackground.operations,
	label: label.operations,
	media: media.operations,
	post: post.operations,
	teamMember: teamMember.operations,
	user: user.operations,
	workspace: workspace.operations,
};

export const resourceDescriptions = [
	...account.description,
	...campaign.description,
	...comment.description,
	...contentCategory.description,
	...facebookTextBackground.description,
	...label.description,
	...media.description,
	...post.description,
	...teamMember.description,
	...user.description,
	...workspace.description,
];
