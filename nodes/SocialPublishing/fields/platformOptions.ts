import type { IDataObject } from 'n8n-workflow';

import type { InputChecks } from './checks';

import {
	GMB_ACTION_TYPES,
	GMB_TOPIC_TYPES,
	LIMITS,
	TIKTOK_PRIVACY_LEVELS,
	YOUTUBE_CATEGORIES,
	YOUTUBE_LICENSES,
	YOUTUBE_PRIVACY,
} from '../../shared/limits';
import { collection } from '../../shared/options';
import type { Field, Group } from './field';
import { day, flag, readFields, readGroup } from './field';
import { byDisplayName, groupProperty, property } from './ui';

/**
 * The `*_options` objects of 4.14. Each row is one field: adding a platform option is one row here
 * (its editor property, its check and its place in the body all come from it).
 */

/** A platform's `<name>_options` object, a collection in the editor. */
const platform = (name: string, label: string, description: string, fields: Field[]): Group => ({
	name,
	label,
	path: `${name}_options`,
	shape: 'collection',
	ui: { description },
	fields,
});

const title = (description: string): Field => ({
	name: 'title',
	label: 'Title',
	kind: 'text',
	max: LIMITS.titleLength,
	ui: { description },
});

const choice = (
	name: string,
	label: string,
	values: readonly string[],
	description: string,
	byDefault?: string,
): Field => ({ name, label, kind: 'enum', values, ui: { description, default: byDefault } });

/** A thread (X or Threads): up to LIMITS.threadItems items, each a message and media. */
function thread(name: string, label: string, path: string, flagPath: string): Group {
	return {
		name,
		label,
		path,
		shape: 'list',
		max: LIMITS.threadItems,
		constant: { [flagPath]: true },
		rule: (item: IDataObject) =>
			item.message === undefined && item.media === undefined
				? 'needs a message or media'
				: undefined,
		ui: {
			description: `Follow-up items posted as a thread under the main post, in order (at most ${LIMITS.threadItems})`,
			itemName: 'Item',
			addButton: 'Add Thread Item',
		},
		fields: [
			{
				name: 'message',
				label: 'Message',
				kind: 'text',
				ui: { description: 'Text of this thread item', rows: 2 },
			},
			{
				name: 'media',
				label: 'Media',
				kind: 'media',
				max: LIMITS.threadItemMedia,
				ui: {
					description: 'Image or video URLs or media library IDs, separated by commas',
					placeholder: 'e.g. https://example.com/a.png, 64f1c2a9e4b0a1b2c3d4e5f6',
				},
			},
		],
	};
}

export const PLATFORM_GROUPS: Group[] = [
	platform('gmb', 'Google Business Profile', 'Options for Google Business Profile posts', [
		choice(
			'action_type',
			'Action Type',
			GMB_ACTION_TYPES,
			'The call-to-action button',
			'LEARN_MORE',
		),
		{
			name: 'cta_link',
			label: 'CTA Link',
			kind: 'url',
			ui: {
				description: 'Where the call-to-action button leads',
				placeholder: 'e.g. https://example.com/offer',
			},
		},
		day('end_date', 'End Date', 'Last day of the event or offer'),
		day('start_date', 'Start Date', 'First day of the event or offer'),
		title('Event or offer title'),
		choice(
			'topic_type',
			'Topic Type',
			GMB_TOPIC_TYPES,
			'Kind of Google Business Profile post',
			'STANDARD',
		),
	]),
	platform('pinterest', 'Pinterest', 'Options for Pinterest pins', [
		{
			name: 'link',
			label: 'Link',
			kind: 'url',
			ui: {
				description: 'Destination link of the pin',
				placeholder: 'e.g. https://example.com/product',
			},
		},
		title('Pin title'),
	]),
	thread(
		'threadsThread',
		'Threads Thread',
		'threads_options.multi_threads',
		'threads_options.has_multi_threads',
	),
	platform(
		'tiktok',
		'TikTok',
		'Options for TikTok videos. Set Privacy Level for every TikTok post: TikTok has no default for it.',
		[
			flag('auto_add_music', 'Auto Add Music', 'Whether TikTok may add music automatically'),
			flag(
				'brand_content_toggle',
				'Brand Content',
				'Whether the video is paid partnership content promoting a third-party brand',
			),
			flag('brand_organic_toggle', 'Brand Organic', 'Whether the video promotes your own brand'),
			flag('disable_comment', 'Disable Comment', 'Whether to turn comments off'),
			flag('disable_duet', 'Disable Duet', 'Whether to forbid duets'),
			flag('disable_stitch', 'Disable Stitch', 'Whether to forbid stitches'),
			flag(
				'disclose_commercial_content',
				'Disclose Commercial Content',
				'Whether the video discloses commercial content',
			),
			flag('is_aigc', 'Is AI-Generated Content', 'Whether the video is AI-generated content'),
			choice('privacy_level', 'Privacy Level', TIKTOK_PRIVACY_LEVELS, 'Who can watch the video'),
		],
	),
	thread(
		'twitterThread',
		'X (Twitter) Thread',
		'twitter_options.threaded_tweets',
		'twitter_options.has_threaded_tweets',
	),
	platform('youtube', 'YouTube', 'Options for YouTube videos', [
		choice('category', 'Category', YOUTUBE_CATEGORIES, 'YouTube video category', 'PEOPLE_BLOGS'),
		{
			name: 'license',
			label: 'License',
			kind: 'enum',
			values: YOUTUBE_LICENSES,
			valueNames: { youtube: 'Standard YouTube License', creativeCommon: 'Creative Commons' },
			ui: { description: 'The licence the video is published under' },
		},
		flag('made_for_kids', 'Made for Kids', 'Whether the video is made for children'),
		choice('privacy_status', 'Privacy Status', YOUTUBE_PRIVACY, 'Who can watch the video'),
		{
			name: 'tags',
			label: 'Tags',
			kind: 'texts',
			entryMax: LIMITS.youtubeTagLength,
			entryNoun: 'tag',
			ui: { description: 'Video tags, separated by commas', placeholder: 'e.g. launch, product' },
		},
		title('Video title'),
	]),
];

export const facebookBackground: Field = {
	name: 'facebookBackgroundId',
	label: 'Facebook Background',
	path: 'facebook_options.facebook_background_id',
	kind: 'id',
	nullable: true,
	ui: {
		loadOptions: 'getTextBackgrounds',
		description:
			'A coloured background for a plain-text Facebook post. Not allowed together with images, video or media. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
};

/** The Platform Options collection of Create: one entry per platform, only what the user adds is sent. */
export const platformOptionsField = collection(
	'Platform Options',
	'platformOptions',
	'Add Platform Option',
	[property(facebookBackground), ...PLATFORM_GROUPS.map(groupProperty)].sort(byDisplayName),
);

/** The platform option objects, checked against their rows, into `body`. */
export function readPlatformOptions(
	checks: InputChecks,
	options: IDataObject,
	zone: string,
	body: IDataObject,
): void {
	readFields(checks, [facebookBackground], options, zone, body);
	for (const group of PLATFORM_GROUPS) readGroup(checks, group, options[group.name], zone, body);
}
