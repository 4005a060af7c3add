import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { toOptions } from '../../descriptions/common';
import type { InputChecks } from '../../helpers/checks';
import { toDate } from '../../helpers/schedule';
import { toList } from '../../helpers/values';
import {
	GMB_ACTION_TYPES,
	GMB_TOPIC_TYPES,
	LIMITS,
	TIKTOK_FLAGS,
	TIKTOK_PRIVACY_LEVELS,
	YOUTUBE_CATEGORIES,
	YOUTUBE_LICENSES,
	YOUTUBE_PRIVACY,
} from '../../../shared/limits';

/** A thread (X or Threads): up to LIMITS.threadItems items, each a message and media. */
function threadItems(displayName: string, name: string, platform: string): INodeProperties {
	return {
		displayName,
		name,
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, multipleValueButtonText: 'Add Thread Item' },
		default: {},
		description: `Follow-up items posted as a thread under the main ${platform} post, in order (at most ${LIMITS.threadItems})`,
		options: [
			{
				displayName: 'Item',
				name: 'items',
				values: [
					{
						displayName: 'Message',
						name: 'message',
						type: 'string',
						typeOptions: { rows: 2 },
						default: '',
						description: 'Text of this thread item',
					},
					{
						displayName: 'Media',
						name: 'media',
						type: 'string',
						default: '',
						placeholder: 'e.g. https://example.com/a.png, 64f1c2a9e4b0a1b2c3d4e5f6',
						description: `Image or video URLs or media library IDs, separated by commas (at most ${LIMITS.threadItemMedia})`,
					},
				],
			},
		],
	};
}

const tiktokFlagDescriptions: Record<(typeof TIKTOK_FLAGS)[number], string> = {
	disable_comment: 'Whether to turn comments off',
	disable_duet: 'Whether to forbid duets',
	disable_stitch: 'Whether to forbid stitches',
	auto_add_music: 'Whether TikTok may add music automatically',
	brand_content_toggle:
		'Whether the video is paid partnership content promoting a third-party brand',
	brand_organic_toggle: 'Whether the video promotes your own brand',
	disclose_commercial_content: 'Whether the video discloses commercial content',
	is_aigc: 'Whether the video is AI-generated content',
};

const tiktokFlagNames: Record<(typeof TIKTOK_FLAGS)[number], string> = {
	disable_comment: 'Disable Comment',
	disable_duet: 'Disable Duet',
	disable_stitch: 'Disable Stitch',
	auto_add_music: 'Auto Add Music',
	brand_content_toggle: 'Brand Content',
	brand_organic_toggle: 'Brand Organic',
	disclose_commercial_content: 'Disclose Commercial Content',
	is_aigc: 'Is AI-Generated Content',
};

/** TikTok's privacy level and its flags, in alphabetical order as n8n lists options. */
const tiktokPrivacyLevel: INodeProperties = {
	displayName: 'Privacy Level',
	name: 'privacy_level',
	type: 'options',
	options: toOptions(TIKTOK_PRIVACY_LEVELS),
	default: 'PUBLIC_TO_EVERYONE',
	description: 'Who can watch the video',
};
const tiktokValues: INodeProperties[] = [
	...TIKTOK_FLAGS.map(
		(flag): INodeProperties => ({
			displayName: tiktokFlagNames[flag],
			name: flag,
			type: 'boolean',
			default: false,
			description: tiktokFlagDescriptions[flag],
		}),
	),
	tiktokPrivacyLevel,
].sort((a, b) => a.displayName.localeCompare(b.displayName));

/** The `*_options` objects of 4.14, one entry per platform; only the options the user adds are sent. */
export const platformOptionsField: INodeProperties = {
	displayName: 'Platform Options',
	name: 'platformOptions',
	type: 'collection',
	placeholder: 'Add Platform Option',
	default: {},
	options: [
		{
			displayName: 'Facebook Background Name or ID',
			name: 'facebookBackgroundId',
			type: 'options',
			typeOptions: { loadOptionsMethod: 'getTextBackgrounds' },
			default: '',
			description:
				'Sent as facebook_options.facebook_background_id: a coloured background for a plain-text Facebook post. Not allowed together with images, video or media. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		},
		{
			displayName: 'Google Business Profile',
			name: 'gmb',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			description: 'Sent as gmb_options',
			options: [
				{
					displayName: 'Action Type',
					name: 'action_type',
					type: 'options',
					options: toOptions(GMB_ACTION_TYPES),
					default: 'LEARN_MORE',
					description: 'The call-to-action button',
				},
				{
					displayName: 'CTA Link',
					name: 'cta_link',
					type: 'string',
					default: '',
					placeholder: 'e.g. https://example.com/offer',
					description: 'Where the call-to-action button leads',
				},
				{
					displayName: 'End Date',
					name: 'end_date',
					type: 'dateTime',
					default: '',
					description: 'Last day of the event or offer (sent as a date in the Timezone option)',
				},
				{
					displayName: 'Start Date',
					name: 'start_date',
					type: 'dateTime',
					default: '',
					description: 'First day of the event or offer (sent as a date in the Timezone option)',
				},
				{
					displayName: 'Title',
					name: 'title',
					type: 'string',
					default: '',
					description: `Event or offer title (at most ${LIMITS.titleLength} characters)`,
				},
				{
					displayName: 'Topic Type',
					name: 'topic_type',
					type: 'options',
					options: toOptions(GMB_TOPIC_TYPES),
					default: 'STANDARD',
					description: 'Kind of Google Business Profile post',
				},
			],
		},
		{
			displayName: 'Pinterest',
			name: 'pinterest',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			description: 'Sent as pinterest_options',
			options: [
				{
					displayName: 'Link',
					name: 'link',
					type: 'string',
					default: '',
					placeholder: 'e.g. https://example.com/product',
					description: 'Destination link of the pin',
				},
				{
					displayName: 'Title',
					name: 'title',
					type: 'string',
					default: '',
					description: `Pin title (at most ${LIMITS.titleLength} characters)`,
				},
			],
		},
		threadItems('Threads Thread', 'threadsThread', 'Threads'),
		{
			displayName: 'TikTok',
			name: 'tiktok',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			description:
				'Sent as tiktok_options. Set Privacy Level for every TikTok post: TikTok has no default for it.',
			options: tiktokValues,
		},
		threadItems('X (Twitter) Thread', 'twitterThread', 'X (Twitter)'),
		{
			displayName: 'YouTube',
			name: 'youtube',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			description: 'Sent as youtube_options',
			options: [
				{
					displayName: 'Category',
					name: 'category',
					type: 'options',
					options: toOptions(YOUTUBE_CATEGORIES),
					default: 'PEOPLE_BLOGS',
					description: 'YouTube video category',
				},
				{
					displayName: 'License',
					name: 'license',
					type: 'options',
					options: [
						{ name: 'Creative Commons', value: YOUTUBE_LICENSES[1] },
						{ name: 'Standard YouTube License', value: YOUTUBE_LICENSES[0] },
					],
					default: 'youtube',
				},
				{
					displayName: 'Made for Kids',
					name: 'made_for_kids',
					type: 'boolean',
					default: false,
					description: 'Whether the video is made for children',
				},
				{
					displayName: 'Privacy Status',
					name: 'privacy_status',
					type: 'options',
					options: toOptions(YOUTUBE_PRIVACY),
					default: 'public',
				},
				{
					displayName: 'Tags',
					name: 'tags',
					type: 'string',
					default: '',
					placeholder: 'e.g. launch, product',
					description: `Video tags, separated by commas (each at most ${LIMITS.youtubeTagLength} characters)`,
				},
				{
					displayName: 'Title',
					name: 'title',
					type: 'string',
					default: '',
					description: `Video title (at most ${LIMITS.titleLength} characters)`,
				},
			],
		},
	],
};

/** A platform's options as the user added them (a collection holds only those). */
function valuesOf(group: unknown): IDataObject | undefined {
	const values = group as IDataObject | undefined;
	return values && typeof values === 'object' && Object.keys(values).length > 0
		? values
		: undefined;
}

function setIfGiven(target: IDataObject, key: string, value: unknown): void {
	if (value !== undefined && value !== null && value !== '') target[key] = value;
}

function thread(checks: InputChecks, field: string, group: unknown): IDataObject[] | undefined {
	const items = ((group as IDataObject | undefined)?.items as IDataObject[] | undefined) ?? [];
	if (items.length === 0) return undefined;
	checks.maxItems(field, items, LIMITS.threadItems);
	return items.map((item, index) => {
		const media = toList(item.media);
		const message = String(item.message ?? '');
		checks.maxItems(`${field} item ${index + 1} Media`, media, LIMITS.threadItemMedia);
		if (message.trim() === '' && media.length === 0) {
			checks.fail(`${field} item ${index + 1}`, 'needs a message or media');
		}
		return { message, media };
	});
}

/** The platform option objects of the body, checked against the limits; only what the user set. */
export function platformOptionsBody(
	checks: InputChecks,
	options: IDataObject,
	zone: string,
): IDataObject {
	const body: IDataObject = {};

	const gmb = valuesOf(options.gmb);
	if (gmb) {
		checks.maxLength(
			'Google Business Profile Title',
			gmb.title as string | undefined,
			LIMITS.titleLength,
		);
		checks.url('Google Business Profile CTA Link', gmb.cta_link as string | undefined);
		const gmbOptions: IDataObject = {};
		for (const key of ['topic_type', 'title', 'action_type', 'cta_link'])
			setIfGiven(gmbOptions, key, gmb[key]);
		setIfGiven(
			gmbOptions,
			'start_date',
			toDate(checks, 'Google Business Profile Start Date', gmb.start_date, zone),
		);
		setIfGiven(
			gmbOptions,
			'end_date',
			toDate(checks, 'Google Business Profile End Date', gmb.end_date, zone),
		);
		body.gmb_options = gmbOptions;
	}

	const youtube = valuesOf(options.youtube);
	if (youtube) {
		checks.maxLength('YouTube Title', youtube.title as string | undefined, LIMITS.titleLength);
		const youtubeOptions: IDataObject = {};
		for (const key of ['title', 'privacy_status', 'category', 'license', 'made_for_kids']) {
			setIfGiven(youtubeOptions, key, youtube[key]);
		}
		if (youtube.tags !== undefined) {
			const tags = toList(youtube.tags);
			tags.forEach((tag, index) =>
				checks.maxLength(`YouTube Tags (tag ${index + 1})`, tag, LIMITS.youtubeTagLength),
			);
			youtubeOptions.tags = tags;
		}
		body.youtube_options = youtubeOptions;
	}

	const tiktok = valuesOf(options.tiktok);
	if (tiktok) body.tiktok_options = { ...tiktok };

	const twitterThread = thread(checks, 'X (Twitter) Thread', options.twitterThread);
	if (twitterThread)
		body.twitter_options = { has_threaded_tweets: true, threaded_tweets: twitterThread };

	const threadsThread = thread(checks, 'Threads Thread', options.threadsThread);
	if (threadsThread)
		body.threads_options = { has_multi_threads: true, multi_threads: threadsThread };

	const pinterest = valuesOf(options.pinterest);
	if (pinterest) {
		checks.maxLength('Pinterest Title', pinterest.title as string | undefined, LIMITS.titleLength);
		checks.url('Pinterest Link', pinterest.link as string | undefined);
		const pinterestOptions: IDataObject = {};
		for (const key of ['title', 'link']) setIfGiven(pinterestOptions, key, pinterest[key]);
		body.pinterest_options = pinterestOptions;
	}

	const background =
		typeof options.facebookBackgroundId === 'string' ? options.facebookBackgroundId.trim() : '';
	if (background) body.facebook_options = { facebook_background_id: background };

	return body;
}
