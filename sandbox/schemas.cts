// JSON schemas of every API request, built from the limits table. Validation is these schemas;
// rules that need the workspace's records (ids that must exist...) are in post-rules.cts.
// Bodies the description defines are closed: a field it does not name is refused with a 400 (422
// where the route answers so). The live service ignores unknown fields silently (api-notes), so a
// misspelt key would be lost there without a word; here it fails the request, and every test that
// sends it, naming the field.
import {
	APPROVAL_ACTIONS,
	APPROVE_OPTIONS,
	CONNECT_PLATFORMS,
	CONNECT_PROCESSES,
	FILTER_STATUSES,
	GMB_ACTION_TYPES,
	GMB_TOPIC_TYPES,
	LIMITS,
	MEDIA_SORTS,
	MEDIA_TYPES,
	PER_PAGE_DEFAULT,
	POST_TYPES,
	PUBLISH_TYPES,
	TIKTOK_FLAGS,
	TIKTOK_PRIVACY,
	YOUTUBE_CATEGORIES,
	YOUTUBE_LICENSES,
	YOUTUBE_PRIVACY,
} from './limits.cts';

const string = { type: 'string' } as const;
const strings = { type: 'array', items: string } as const;
const boolean = { type: 'boolean' } as const;
const uri = { type: 'string', format: 'uri' } as const;
const text = (maxLength: number, minLength = 0) => ({ type: 'string', minLength, maxLength });
const nullableText = (maxLength: number) => ({ type: ['string', 'null'], maxLength });
const oneOf = (values: readonly string[]) => ({ type: 'string', enum: values });
const object = (properties: Record<string, unknown>, required: string[] = []) => ({
	type: 'object',
	properties,
	required,
});

/** An object of a request body: no fields but these. */
const closed = (properties: Record<string, unknown>, required: string[] = []) => ({
	...object(properties, required),
	additionalProperties: false,
});

export const workspaceParams = object({ workspace_id: string }, ['workspace_id']);
export const postParams = object({ workspace_id: string, post_id: string }, [
	'workspace_id',
	'post_id',
]);

/** page/per_page of every list (4, section 8), with the list's own per_page default. */
export const listQuery = (perPageDefault: number, extra: Record<string, unknown> = {}) =>
	object({
		page: { type: 'integer', minimum: 1, default: 1 },
		per_page: { type: 'integer', minimum: 1, maximum: LIMITS.perPageMax, default: perPageDefault },
		...extra,
	});

export const searchQuery = listQuery(PER_PAGE_DEFAULT.other, { search: string });

export const accountsQuery = listQuery(PER_PAGE_DEFAULT.other, {
	platform: string,
	search: string,
});

export const mediaQuery = listQuery(PER_PAGE_DEFAULT.media, {
	type: oneOf(MEDIA_TYPES),
	search: text(LIMITS.mediaSearchLength),
	sort: { ...oneOf(MEDIA_SORTS), default: 'recent' },
});

const filterStatuses = { type: 'array', items: oneOf(Object.keys(FILTER_STATUSES)) };

export const postsQuery = listQuery(PER_PAGE_DEFAULT.posts, {
	'status[]': filterStatuses,
	status: filterStatuses,
	date_from: { type: 'string', format: 'date' },
	date_to: { type: 'string', format: 'date' },
	'approval_assigned_to[]': strings,
	'approval_requested_by[]': strings,
});

export const commentsQuery = listQuery(PER_PAGE_DEFAULT.comments);

const mediaList = { type: 'array', maxItems: LIMITS.threadItemMedia, items: string };
const threadItems = {
	type: 'array',
	maxItems: LIMITS.threadItems,
	items: closed({ message: string, media: mediaList }),
};

export const createPostBody = {
	...closed(
		{
			content: closed(
				{
					text: text(LIMITS.textLength, 1),
					media: closed({
						images: { type: 'array', maxItems: LIMITS.images, items: uri },
						video: { type: ['string', 'null'], format: 'uri' },
						media_ids: { type: 'array', maxItems: LIMITS.mediaIds, items: string },
					}),
				},
				['text'],
			),
			accounts: strings,
			content_category_id: { type: ['string', 'null'] },
			post_type: { ...oneOf(POST_TYPES), default: 'feed' },
			post_video_title: string,
			hide_client: boolean,
			scheduling: closed(
				{
					publish_type: oneOf(PUBLISH_TYPES),
					scheduled_at: {
						type: ['string', 'null'],
						pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$',
					},
				},
				['publish_type'],
			),
			first_comment: closed(
				{ message: text(LIMITS.firstCommentLength, 1), accounts: { ...strings, minItems: 1 } },
				['message', 'accounts'],
			),
			labels: { ...strings, maxItems: LIMITS.labels },
			campaign_id: { type: ['string', 'null'] },
			approval: closed(
				{
					approvers: { ...strings, minItems: 1 },
					approve_option: { ...oneOf(APPROVE_OPTIONS), default: 'anyone' },
					notes: nullableText(LIMITS.approvalNotesLength),
				},
				['approvers'],
			),
			gmb_options: closed({
				topic_type: oneOf(GMB_TOPIC_TYPES),
				start_date: { type: 'string', format: 'date' },
				end_date: { type: 'string', format: 'date' },
				title: text(LIMITS.titleLength),
				action_type: oneOf(GMB_ACTION_TYPES),
				cta_link: uri,
			}),
			youtube_options: closed({
				title: text(LIMITS.titleLength),
				privacy_status: oneOf(YOUTUBE_PRIVACY),
				category: oneOf(YOUTUBE_CATEGORIES),
				tags: { type: 'array', items: text(LIMITS.youtubeTagLength) },
				license: oneOf(YOUTUBE_LICENSES),
				made_for_kids: boolean,
			}),
			tiktok_options: closed({
				privacy_level: oneOf(TIKTOK_PRIVACY),
				...Object.fromEntries(TIKTOK_FLAGS.map((flag) => [flag, boolean])),
			}),
			twitter_options: closed({ has_threaded_tweets: boolean, threaded_tweets: threadItems }),
			threads_options: closed({ has_multi_threads: boolean, multi_threads: threadItems }),
			pinterest_options: closed({ title: text(LIMITS.titleLength), link: uri }),
			facebook_options: closed({ facebook_background_id: { type: ['string', 'null'] } }),
		},
		['content', 'scheduling'],
	),
	allOf: [
		{
			// A scheduled post needs its time.
			if: object(
				{ scheduling: object({ publish_type: { const: 'scheduled' } }, ['publish_type']) },
				['scheduling'],
			),
			then: object({ scheduling: object({}, ['scheduled_at']) }),
		},
		{
			// accounts may be left out only when a content category brings its own.
			if: { not: { required: ['content_category_id'] } },
			then: { ...object({ accounts: { minItems: 1 } }, ['accounts']) },
		},
	],
};

export const deletePostBody = {
	type: ['object', 'null'],
	properties: { delete_from_social: boolean, account_ids: strings },
	additionalProperties: false,
};

export const approvalBody = closed(
	{ action: oneOf(APPROVAL_ACTIONS), comment: nullableText(LIMITS.approvalCommentLength) },
	['action'],
);

export const commentBody = closed(
	{ comment: { type: 'string', minLength: 1 }, is_note: boolean, mentioned_users: strings },
	['comment'],
);

export const uploadBody = {
	...closed({ file: { uploadedFile: true }, url: uri, folder_id: { type: ['string', 'null'] } }),
	// Exactly one of file and url.
	if: { required: ['file'] },
	then: { properties: { url: false } },
	else: { required: ['url'] },
};

export const connectParams = object({ workspace_id: string, platform: oneOf(CONNECT_PLATFORMS) }, [
	'workspace_id',
	'platform',
]);

export const connectQuery = {
	...object({ process: oneOf(CONNECT_PROCESSES), account_id: string }, ['process']),
	if: object({ process: { const: 'reconnect' } }, ['process']),
	then: { required: ['account_id'] },
};

export const blueskyBody = closed(
	{ handle: text(LIMITS.blueskyHandleLength, 1), app_password: { type: 'string', minLength: 1 } },
	['handle', 'app_password'],
);

export const facebookGroupBody = closed(
	{
		name: text(LIMITS.facebookGroupNameMax, LIMITS.facebookGroupNameMin),
		image: { type: ['string', 'null'], format: 'uri' },
	},
	['name'],
);
