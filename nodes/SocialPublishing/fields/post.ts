import { APPROVE_OPTIONS, LIMITS, POST_TYPES, PUBLISH_TYPES } from '../../shared/limits';
import type { Field, Group } from './field';
import { flag } from './field';

/** The body of `POST posts` (4.14) outside the platform options, one row per field. */

export const text: Field = {
	name: 'text',
	label: 'Text',
	path: 'content.text',
	kind: 'text',
	required: true,
	max: LIMITS.textLength,
	ui: { description: "The post's text", rows: 5 },
};

export const accounts: Field = {
	name: 'accounts',
	label: 'Accounts',
	kind: 'ids',
	ui: {
		loadOptions: 'getAccounts',
		description: 'The social accounts to publish to; the service detects the platform of each.',
		hint: 'Needed: choose at least one, or set a Content Category (Additional Fields), whose accounts are added',
	},
};

export const publishType: Field = {
	name: 'publishType',
	label: 'Publish Type',
	path: 'scheduling.publish_type',
	kind: 'enum',
	values: PUBLISH_TYPES,
	required: true,
	valueDescriptions: {
		scheduled: 'Publish at the time in Scheduled At',
		draft: 'Save as a draft; nothing is published',
		queued: "Add to the accounts' publishing queue, at its next free slot",
		content_category:
			"Publish in the next slot of the content category's schedule (set Content Category)",
	},
	ui: { description: 'When the post goes out', default: 'draft' },
};

/** Scheduled At (a scheduled post); a draft's Planned At fills the same field. */
export const scheduledAt: Field = {
	name: 'scheduledAt',
	label: 'Scheduled At',
	path: 'scheduling.scheduled_at',
	kind: 'time',
	ui: {
		description:
			"When to publish. A time with an offset (e.g. 2026-05-04T09:30:00+02:00, or a DateTime from an expression) is converted to the Timezone option's zone; a time without one is read in that zone. Must be in the future.",
		show: { publishType: ['scheduled'] },
	},
};

export const plannedAt: Field = {
	...scheduledAt,
	ui: {
		displayName: 'Planned At',
		description: 'Optional date the draft is planned for, read like Scheduled At',
		show: { publishType: ['draft'] },
	},
};

/** Options > Timezone of Post > Create and Get Many: the zone of every time and date sent. */
export const timezone: Field = {
	name: 'timezone',
	label: 'Timezone',
	path: '',
	kind: 'zone',
	ui: {
		placeholder: 'e.g. Europe/Berlin',
		description:
			"Time zone of the times sent, e.g. Europe/Berlin. Best left empty (the default): the workspace's own time zone, which the service reads them in, or the workflow's when the workspace has none.",
	},
};

/** Options > Skip Posted Within (Hours) of Post > Create: a pipeline's guard against repeats. */
export const skipPostedWithin: Field = {
	name: 'skipPostedWithinHours',
	label: 'Skip Posted Within (Hours)',
	path: '',
	kind: 'count',
	min: 0,
	ui: {
		description:
			'Skip a post whose text already went to the same accounts within this many hours: the item comes back as that post, with skipped: true, and nothing is sent. 0 sends every post.',
	},
};

export const approval: Group = {
	name: 'approval',
	label: 'Approval',
	path: 'approval',
	shape: 'fixedCollection',
	ui: {
		description:
			'Send the post for review before it is published. The approvers may not include the user the API key belongs to (the creator).',
	},
	fields: [
		{
			name: 'approveOption',
			label: 'Approve Option',
			path: 'approve_option',
			kind: 'enum',
			values: APPROVE_OPTIONS,
			fallback: 'anyone',
			ui: {
				description: 'How many approvers must approve: one (Anyone) or all of them (Everyone)',
			},
		},
		{
			name: 'approvers',
			label: 'Approvers',
			kind: 'ids',
			required: true,
			ui: {
				loadOptions: 'getTeamMembers',
				description: 'Team members (user IDs) who review the post.',
			},
		},
		{
			name: 'notes',
			label: 'Notes',
			kind: 'text',
			max: LIMITS.approvalNotesLength,
			nullable: true,
			ui: { description: 'Notes for the approvers', rows: 2 },
		},
	],
};

export const firstComment: Group = {
	name: 'firstComment',
	label: 'First Comment',
	path: 'first_comment',
	shape: 'fixedCollection',
	ui: { description: 'A comment posted under the post right after it is published' },
	fields: [
		{
			name: 'accounts',
			label: 'Accounts',
			kind: 'ids',
			required: true,
			ui: {
				loadOptions: 'getFirstCommentAccounts',
				loadOptionsDependsOn: ['accounts'],
				description:
					"Which of the post's accounts post the comment; they must be among the post's accounts.",
			},
		},
		{
			name: 'message',
			label: 'Message',
			kind: 'text',
			required: true,
			max: LIMITS.firstCommentLength,
			ui: { description: "The comment's text", rows: 2 },
		},
	],
};

/** Not a body field: names of the item's binary fields, uploaded first and attached by media ID. */
export const binaryPropertyNames: Field = {
	name: 'binaryPropertyNames',
	label: 'Input Binary Fields',
	path: '',
	kind: 'texts',
	ui: {
		description:
			'Names of binary fields of the input item, separated by commas. Each file is uploaded to the media library first, then attached to the post. For files already online, Image URLs and Video URL send no bytes through n8n.',
		placeholder: 'e.g. data, image2',
	},
};

/** The Additional Fields of Create that are sent as they are. */
export const additionalFields: Field[] = [
	{
		name: 'campaignId',
		label: 'Campaign',
		path: 'campaign_id',
		kind: 'id',
		nullable: true,
		ui: { locator: 'campaign', description: 'The campaign (folder) to file the post in' },
	},
	{
		name: 'contentCategoryId',
		label: 'Content Category',
		path: 'content_category_id',
		kind: 'id',
		ui: {
			locator: 'contentCategory',
			description:
				'A content category whose accounts are added to the post\'s accounts. Needed for Publish Type "Content Category".',
		},
	},
	flag(
		'hideClient',
		'Hide From Client',
		'Whether to hide the draft from client users. Only drafts can be hidden; the service ignores it otherwise.',
		'hide_client',
	),
	{
		name: 'images',
		label: 'Image URLs',
		path: 'content.media.images',
		kind: 'urls',
		max: LIMITS.images,
		ui: {
			description: 'Public image URLs: the service fetches them, not n8n',
			multipleValues: 'Add Image URL',
			placeholder: 'e.g. https://example.com/photo.jpg',
		},
	},
	{
		name: 'labels',
		label: 'Labels',
		kind: 'ids',
		max: LIMITS.labels,
		ui: { loadOptions: 'getLabels', description: 'Labels of the workspace to tag the post with.' },
	},
	{
		name: 'mediaIds',
		label: 'Media Library Items',
		path: 'content.media.media_ids',
		kind: 'ids',
		ui: {
			loadOptions: 'getMediaItems',
			description: `Items already in the media library, reused without uploading them again (at most ${LIMITS.mediaIds}, counting uploaded binary files).`,
		},
	},
	{
		name: 'postType',
		label: 'Post Type',
		path: 'post_type',
		kind: 'enum',
		values: POST_TYPES,
		ui: {
			description: 'The kind of post, e.g. a reel or story where the platform has them',
			default: 'feed',
		},
	},
	{
		name: 'postVideoTitle',
		label: 'Video Title',
		path: 'post_video_title',
		kind: 'text',
		ui: { description: 'The video title for YouTube and LinkedIn' },
	},
	{
		name: 'video',
		label: 'Video URL',
		path: 'content.media.video',
		kind: 'url',
		ui: {
			description: 'A public video URL: the service fetches it, not n8n',
			placeholder: 'e.g. https://example.com/clip.mp4',
		},
	},
];

/** The body of `DELETE posts/{post_id}` (4.15). */
export const deleteFields: Field[] = [
	flag(
		'deleteFromSocial',
		'Delete From Social Platforms',
		'Whether to also delete the published post from the social platforms before removing it here. Instagram, TikTok and Facebook groups do not support this.',
		'delete_from_social',
	),
	{
		name: 'accountIds',
		label: 'Only These Accounts',
		path: 'account_ids',
		kind: 'ids',
		ui: {
			loadOptions: 'getAccounts',
			description:
				'The accounts to delete the published post from; leave empty for every account it was published to.',
			show: { deleteFromSocial: [true] },
		},
	},
];

/** The body of `POST posts/{post_id}/approval` (4.16) besides `action`, which the operation sets. */
export const approvalComment: Field = {
	name: 'comment',
	label: 'Comment',
	kind: 'text',
	max: LIMITS.approvalCommentLength,
	ui: { description: 'Optional comment recorded with the decision, e.g. what to change', rows: 2 },
};

/** The body of `POST posts/{post_id}/comments` (4.18). */
export const commentFields: Field[] = [
	{
		name: 'comment',
		label: 'Comment',
		kind: 'text',
		required: true,
		ui: { description: "The comment's text, seen by the workspace's team on the post", rows: 3 },
	},
	flag(
		'isNote',
		'Internal Note',
		'Whether the comment is an internal note rather than a regular comment',
		'is_note',
	),
	{
		name: 'mentionedUsers',
		label: 'Mentioned Users',
		path: 'mentioned_users',
		kind: 'ids',
		ui: { loadOptions: 'getTeamMembers', description: 'Team members to mention, by user ID.' },
	},
];
