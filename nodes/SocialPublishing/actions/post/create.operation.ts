import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { locators, nodeOptions, toOptions, workspaceLocator } from '../../descriptions/common';
import { workspaceMultiSelect } from '../../descriptions/multiSelect';
import { InputChecks } from '../../helpers/checks';
import { send } from '../../../shared/api';
import { idOf, postIdOf } from '../../../shared/ids';
import { readMe } from '../../../shared/me';
import { uploadBinaryToLibrary } from '../../helpers/media';
import {
	resolveTimezone,
	toScheduledAt,
	ZONE_FOR_CHECKS,
	zoneOption,
} from '../../helpers/schedule';
import { locatorValue, toList } from '../../helpers/values';
import { workspaceIdOf } from '../../helpers/workspaceLists';
import { APPROVE_OPTIONS, LIMITS, POST_TYPES, PUBLISH_TYPES } from '../../../shared/limits';
import { platformOptionsBody, platformOptionsField } from './platformOptions';
import { timezoneOption } from './timezone';

const publishTypeNames: Record<
	(typeof PUBLISH_TYPES)[number],
	{ name: string; description: string }
> = {
	scheduled: { name: 'Scheduled', description: 'Publish at the time in Scheduled At' },
	draft: { name: 'Draft', description: 'Save as a draft; nothing is published' },
	queued: {
		name: 'Queued',
		description: "Add to the accounts' publishing queue, at its next free slot",
	},
	content_category: {
		name: 'Content Category',
		description:
			"Publish in the next slot of the content category's schedule (set Content Category)",
	},
};

const properties: INodeProperties[] = [
	workspaceLocator,
	{
		displayName: 'Text',
		name: 'text',
		type: 'string',
		typeOptions: { rows: 5 },
		required: true,
		default: '',
		description: `The post's text, sent as content.text (at most ${LIMITS.textLength} characters)`,
	},
	workspaceMultiSelect(
		{
			displayName: 'Account Names or IDs',
			name: 'accounts',
			description:
				'The social accounts to publish to; the platform of each is detected by the service. May be empty when a Content Category is set, whose accounts are added.',
		},
		'getAccounts',
	),
	{
		displayName: 'Publish Type',
		name: 'publishType',
		type: 'options',
		options: PUBLISH_TYPES.map((value) => ({ value, ...publishTypeNames[value] })),
		default: 'draft',
		description: 'Sent as scheduling.publish_type: when the post goes out',
	},
	{
		displayName: 'Scheduled At',
		name: 'scheduledAt',
		type: 'dateTime',
		default: '',
		required: true,
		displayOptions: { show: { publishType: ['scheduled'] } },
		description:
			"When to publish. A time with an offset (e.g. 2026-05-04T09:30:00+02:00, or a DateTime from an expression) is converted to the Timezone option's zone; a time without one is read in that zone. Must be in the future.",
	},
	{
		displayName: 'Planned At',
		name: 'scheduledAt',
		type: 'dateTime',
		default: '',
		displayOptions: { show: { publishType: ['draft'] } },
		description:
			"Optional date the draft is planned for, sent as scheduling.scheduled_at like a scheduled post's time",
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Approval',
				name: 'approval',
				type: 'fixedCollection',
				default: {},
				description:
					'Send the post for review before it is published, sent as approval. The approvers may not include the user the API key belongs to (the creator).',
				options: [
					{
						displayName: 'Approval',
						name: 'values',
						values: [
							{
								displayName: 'Approve Option',
								name: 'approveOption',
								type: 'options',
								options: toOptions(APPROVE_OPTIONS),
								default: 'anyone',
								description: 'Whether one approver (Anyone) or all of them (Everyone) must approve',
							},
							workspaceMultiSelect(
								{
									displayName: 'Approver Names or IDs',
									name: 'approvers',
									description: 'Team members (user IDs) who review the post.',
								},
								'getTeamMembers',
							),
							{
								displayName: 'Notes',
								name: 'notes',
								type: 'string',
								typeOptions: { rows: 2 },
								default: '',
								description: `Notes for the approvers (at most ${LIMITS.approvalNotesLength} characters)`,
							},
						],
					},
				],
			},
			locators.campaign({
				displayName: 'Campaign',
				name: 'campaignId',
				description: 'The campaign (folder) to file the post in, sent as campaign_id',
				required: false,
			}),
			locators.contentCategory({
				displayName: 'Content Category',
				name: 'contentCategoryId',
				description:
					'Sent as content_category_id: the category\'s accounts are added to the post\'s accounts. Needed for Publish Type "Content Category".',
				required: false,
			}),
			{
				displayName: 'First Comment',
				name: 'firstComment',
				type: 'fixedCollection',
				default: {},
				description:
					'A comment posted under the post right after it is published, sent as first_comment',
				options: [
					{
						displayName: 'First Comment',
						name: 'values',
						values: [
							workspaceMultiSelect(
								{
									displayName: 'Account Names or IDs',
									name: 'accounts',
									description:
										"Which of the post's accounts post the comment; they must be among the post's accounts.",
								},
								'getFirstCommentAccounts',
								['accounts'],
							),
							{
								displayName: 'Message',
								name: 'message',
								type: 'string',
								typeOptions: { rows: 2 },
								default: '',
								description: `The comment's text (at most ${LIMITS.firstCommentLength} characters)`,
							},
						],
					},
				],
			},
			{
				displayName: 'Hide From Client',
				name: 'hideClient',
				type: 'boolean',
				default: false,
				description:
					'Whether to hide the draft from client users, sent as hide_client. Only drafts can be hidden; the service ignores it otherwise.',
			},
			{
				displayName: 'Image URLs',
				name: 'images',
				type: 'string',
				typeOptions: { multipleValues: true, multipleValueButtonText: 'Add Image URL' },
				default: [],
				placeholder: 'e.g. https://example.com/photo.jpg',
				description: `Public image URLs, sent as content.media.images (at most ${LIMITS.images})`,
			},
			{
				displayName: 'Input Binary Fields',
				name: 'binaryPropertyNames',
				type: 'string',
				default: '',
				placeholder: 'e.g. data, image2',
				description:
					'Names of binary fields of the input item, separated by commas. Each file is uploaded to the media library first, then attached by its ID in content.media.media_ids.',
			},
			workspaceMultiSelect(
				{
					displayName: 'Label Names or IDs',
					name: 'labels',
					description: `Labels of the workspace, sent as labels (at most ${LIMITS.labels}).`,
				},
				'getLabels',
			),
			workspaceMultiSelect(
				{
					displayName: 'Media Library Item Names or IDs',
					name: 'mediaIds',
					description: `Items already in the media library, reused without upload, sent as content.media.media_ids (at most ${LIMITS.mediaIds}, counting uploaded binary files).`,
				},
				'getMediaItems',
			),
			{
				displayName: 'Post Type',
				name: 'postType',
				type: 'options',
				options: toOptions(POST_TYPES),
				default: 'feed',
				description: 'Sent as post_type, e.g. a reel or story where the platform has them',
			},
			{
				displayName: 'Video Title',
				name: 'postVideoTitle',
				type: 'string',
				default: '',
				description: 'Sent as post_video_title: the video title for YouTube and LinkedIn',
			},
			{
				displayName: 'Video URL',
				name: 'video',
				type: 'string',
				default: '',
				placeholder: 'e.g. https://example.com/clip.mp4',
				description: 'A public video URL, sent as content.media.video',
			},
		],
	},
	platformOptionsField,
	nodeOptions(timezoneOption),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['post'], operation: ['create'] } },
	properties,
);

interface Approval {
	approvers: string[];
	approve_option: string;
	notes?: string;
}

function readApproval(checks: InputChecks, group: unknown): Approval | undefined {
	const values = (group as IDataObject | undefined)?.values as IDataObject | undefined;
	if (!values) return undefined;
	const approvers = toList(values.approvers);
	checks.required('Approval Approvers', approvers);
	const approveOption = String(values.approveOption ?? 'anyone');
	checks.oneOf('Approval Approve Option', approveOption, APPROVE_OPTIONS);
	const notes = typeof values.notes === 'string' && values.notes !== '' ? values.notes : undefined;
	checks.maxLength('Approval Notes', notes, LIMITS.approvalNotesLength);
	return { approvers, approve_option: approveOption, ...(notes !== undefined ? { notes } : {}) };
}

function readFirstComment(
	checks: InputChecks,
	group: unknown,
	postAccounts: string[],
	byCategory: boolean,
) {
	const values = (group as IDataObject | undefined)?.values as IDataObject | undefined;
	if (!values) return undefined;
	const message = String(values.message ?? '');
	const accounts = toList(values.accounts);
	checks.required('First Comment Message', message.trim());
	checks.maxLength('First Comment Message', message, LIMITS.firstCommentLength);
	checks.required('First Comment Accounts', accounts);
	// With a content category the post's full account set is only known to the service.
	const outside = byCategory ? [] : accounts.filter((account) => !postAccounts.includes(account));
	if (outside.length > 0) {
		checks.fail(
			'First Comment Accounts',
			`must be a subset of the post's accounts; ${outside.join(', ')} ${outside.length === 1 ? 'is' : 'are'} not among them`,
		);
	}
	return { message, accounts };
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const checks = new InputChecks(this, itemIndex);
	const workspaceId = workspaceIdOf(this, itemIndex);
	const fields = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const platformOptions = this.getNodeParameter('platformOptions', itemIndex, {}) as IDataObject;
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;

	const text = String(this.getNodeParameter('text', itemIndex, ''));
	checks.required('Text', text.trim());
	checks.maxLength('Text', text, LIMITS.textLength);

	const accounts = toList(this.getNodeParameter('accounts', itemIndex, []));
	const contentCategoryId = locatorValue(fields.contentCategoryId);
	if (accounts.length === 0 && !contentCategoryId) {
		checks.fail(
			'Accounts',
			'needs at least one account, or a Content Category whose accounts are used',
		);
	}

	const publishType = String(this.getNodeParameter('publishType', itemIndex, 'draft'));
	checks.oneOf('Publish Type', publishType, PUBLISH_TYPES);
	if (publishType === 'content_category' && !contentCategoryId) {
		checks.fail('Content Category', 'is required when Publish Type is "Content Category"');
	}
	// Every input is checked before the workspace's zone is read (a request): in the Timezone
	// option's zone when set, else in a stand-in zone, and again below once the zone is known.
	const chosenZone = zoneOption(checks, options.timezone);
	const scheduleIn = (zone: string, mustBeFuture: boolean) =>
		publishType === 'scheduled' || publishType === 'draft'
			? toScheduledAt(
					checks,
					'Scheduled At',
					this.getNodeParameter('scheduledAt', itemIndex, ''),
					zone,
					{ mustBeFuture: mustBeFuture && publishType === 'scheduled' },
				)
			: undefined;
	const checked = scheduleIn(chosenZone ?? ZONE_FOR_CHECKS, chosenZone !== undefined);
	if (publishType === 'scheduled' && !checked) {
		checks.fail('Scheduled At', 'is required when Publish Type is "Scheduled"');
	}

	const images = toList(fields.images);
	checks.maxItems('Image URLs', images, LIMITS.images);
	images.forEach((url) => checks.url('Image URLs', url));
	const video = typeof fields.video === 'string' ? fields.video.trim() : '';
	checks.url('Video URL', video);
	const mediaIds = toList(fields.mediaIds);
	const binaryProperties = toList(fields.binaryPropertyNames);
	checks.maxItems(
		'Media Library Items and Input Binary Fields',
		[...mediaIds, ...binaryProperties],
		LIMITS.mediaIds,
	);
	for (const property of binaryProperties) this.helpers.assertBinaryData(itemIndex, property);
	const hasMedia =
		images.length > 0 || video !== '' || mediaIds.length > 0 || binaryProperties.length > 0;
	if (platformOptions.facebookBackgroundId && hasMedia) {
		checks.fail(
			'Facebook Background',
			'applies only to plain-text posts; remove it, or remove the images, video and media',
		);
	}

	const labels = toList(fields.labels);
	checks.maxItems('Labels', labels, LIMITS.labels);
	const firstComment = readFirstComment(
		checks,
		fields.firstComment,
		accounts,
		contentCategoryId !== '',
	);
	const approval = readApproval(checks, fields.approval);
	platformOptionsBody(checks, platformOptions, chosenZone ?? ZONE_FOR_CHECKS);

	if (approval) {
		// The user the API key belongs to creates the post; `/me` is read once per execution.
		const creator = (await readMe(this, itemIndex)).ids.filter((id) =>
			approval.approvers.includes(id),
		);
		if (creator.length > 0) {
			checks.fail(
				'Approval Approvers',
				`may not include the post's creator (${creator.join(', ')}, the user of this API key); choose other team members`,
			);
		}
	}

	const timezone = await resolveTimezone(this, checks, options.timezone, workspaceId, itemIndex);
	const schedule = scheduleIn(timezone.zone, true);
	const platformBody = platformOptionsBody(checks, platformOptions, timezone.zone);

	const uploaded: IDataObject[] = [];
	for (const property of binaryProperties) {
		const asset = await uploadBinaryToLibrary.call(this, itemIndex, workspaceId, property);
		if (idOf(asset) === '') {
			throw new NodeOperationError(
				this.getNode(),
				`The media library answered the upload of "${property}" without a media ID`,
				{
					itemIndex,
					description:
						'The post was not created. Check the upload with Media > Get Many, then attach the file by choosing it under Media Library Items.',
				},
			);
		}
		uploaded.push({
			binary_property: property,
			_id: idOf(asset),
			name: asset.name,
			url: asset.url,
		});
	}
	const allMediaIds = [...mediaIds, ...uploaded.map((asset) => String(asset._id))];

	const media: IDataObject = {};
	if (images.length > 0) media.images = images;
	if (video) media.video = video;
	if (allMediaIds.length > 0) media.media_ids = allMediaIds;

	const body: IDataObject = {
		content: { text, ...(Object.keys(media).length > 0 ? { media } : {}) },
		// Left out only when a content category brings the accounts (checked above).
		...(accounts.length > 0 ? { accounts } : {}),
		scheduling: {
			publish_type: publishType,
			...(schedule ? { scheduled_at: schedule.scheduled_at } : {}),
		},
		...platformBody,
	};
	if (contentCategoryId) body.content_category_id = contentCategoryId;
	if (fields.postType !== undefined) body.post_type = fields.postType;
	if (typeof fields.postVideoTitle === 'string' && fields.postVideoTitle !== '') {
		body.post_video_title = fields.postVideoTitle;
	}
	if (fields.hideClient !== undefined) body.hide_client = fields.hideClient;
	if (firstComment) body.first_comment = firstComment;
	if (labels.length > 0) body.labels = labels;
	const campaignId = locatorValue(fields.campaignId);
	if (campaignId) body.campaign_id = campaignId;
	if (approval) body.approval = approval;

	const created = await send.call(this, 'createPost', { workspaceId }, { body, itemIndex });
	const warning =
		typeof created.warning === 'string' && created.warning !== '' ? created.warning : undefined;
	if (typeof warning === 'string') {
		this.addExecutionHints({
			message: `Item ${itemIndex}: ${warning}`,
			type: 'warning',
			location: 'outputPane',
		});
	}
	return {
		...created,
		id: postIdOf(created),
		publish_type: publishType,
		scheduled_at: schedule?.scheduled_at ?? null,
		timezone: timezone.zone,
		timezone_source: timezone.source,
		...(uploaded.length > 0 ? { uploaded_media: uploaded } : {}),
	};
}
