// Where each row of the node's field table lives, written out here from the API description: its
// label, the parameter that holds it, what it must be, and the request and the place in it that the
// value reaches. Nothing here is read from the package: a misspelt path, a wrong value set or a lost
// "required" in the table fails a test. Limits are description-limits.cts's. fields.test.cts takes
// only the list of rows from the built table, and fails when a row has no site here at the same
// label and path with the description's limits (a new field without a test), or a site here has no
// row.
import type { INodeParameters } from 'n8n-workflow';

import { DEMO } from '../../sandbox/demo-data.cts';
import * as API from '../../sandbox/limits.cts';
import type { LoggedRequest } from '../../sandbox/runtime.cts';

import { inWorkspace, MAIN_WORKSPACE } from '../library/fixtures.cts';

export type Kind =
	| 'text'
	| 'id'
	| 'ids'
	| 'texts'
	| 'url'
	| 'urls'
	| 'enum'
	| 'enums'
	| 'media'
	| 'boolean'
	| 'date';

/** What the description (and the node's words) say of one field. */
export interface Field {
	/** The field in the UI's words, as errors name it. */
	label: string;
	kind: Kind;
	/** An enum's values, in the order the node's errors list them. */
	values?: readonly string[];
	required?: boolean;
	/** The description says "or null": null means not set. */
	nullable?: boolean;
	/** What one entry of a list is called in errors (a YouTube tag). */
	entryNoun?: string;
	/** Chosen in a searchable list, stored as a resource locator. */
	locator?: boolean;
}

export interface Site {
	/** The operation, `resource.operation` (e.g. `post.create`). */
	operation: string;
	/** The field in the UI's words, as errors name it. */
	label: string;
	field: Field;
	/** The node's parameters with `value` in this field and valid values everywhere else. */
	parameters: (value: unknown) => INodeParameters;
	/** The request the value goes out in: method and path. */
	method: string;
	path: string;
	/** Where the value goes in the request, dotted; '' for a value the node uses itself. */
	place: string;
	/** The value as it reached the sandbox; undefined when it was not sent. */
	sent: (request: LoggedRequest) => unknown;
	/** A valid value to use where the row has no limit (a whole parameter value). */
	valid: unknown;
}

/** One row: label, node parameter, kind, place in the request, and what else the row says. */
type Row = [string, string, Kind, string, Omit<Field, 'label' | 'kind'>?];

const REQUIRED = { required: true };
const NULLABLE = { nullable: true };
/** The editor lists these alphabetically; errors name them in that order. */
const sorted = (values: readonly string[]) => [...values].sort();

const WS = `/api/v1/workspaces/${MAIN_WORKSPACE}`;
const POST_ID = DEMO.posts.pendingForMaya1;

/** The value at a dotted path of an object; undefined where a step is missing. */
export function at(source: unknown, path: string): unknown {
	return path
		.split('.')
		.reduce<unknown>(
			(node, key) =>
				node !== null && typeof node === 'object'
					? (node as Record<string, unknown>)[key]
					: undefined,
			source,
		);
}

const inBody = (path: string) => (request: LoggedRequest) => at(request.body, path);
const inQuery = (path: string) => (request: LoggedRequest) =>
	request.query[path] ?? request.query[`${path}[]`];
const inForm = (path: string) => (request: LoggedRequest) =>
	(request.body as { fields?: Record<string, unknown> }).fields?.[path];

/** A valid value for a row without a limit. */
function validFor(field: Field): unknown {
	switch (field.kind) {
		case 'enum':
			return field.values?.[field.values.length - 1];
		case 'enums':
			return [field.values?.[0]];
		case 'boolean':
			return true;
		case 'url':
			return 'https://example.com/a.png';
		case 'urls':
			return ['https://example.com/a.png'];
		case 'ids':
			return [DEMO.accounts.facebook];
		case 'media':
			return ['https://example.com/a.png', DEMO.media.latteArt];
		case 'texts':
			return ['launch'];
		case 'date':
			return new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
		case 'id':
			return DEMO.accounts.facebook;
		default:
			return 'Hello';
	}
}

function site(
	operation: string,
	field: Field,
	parameters: Site['parameters'],
	method: string,
	path: string,
	place: string,
	sent: (place: string) => Site['sent'],
): Site {
	const label = field.label;
	return {
		operation,
		label,
		field,
		parameters,
		method,
		path,
		place,
		sent: sent(place),
		valid: validFor(field),
	};
}

const fieldOf = ([label, , kind, , more]: Row, prefix = ''): Field => ({
	label: `${prefix}${label}`,
	kind,
	...more,
});

// Post > Create ----------------------------------------------------------------------------------

const POSTS = `${WS}/posts`;
const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString();
const createPost = (rest: Record<string, unknown>) =>
	inWorkspace('post', 'create', {
		text: 'Hello',
		accounts: [DEMO.accounts.facebook],
		...rest,
	} as INodeParameters);

/** Rows of Create: `put` places a value in the parameters; the body has it at `prefix` + place. */
function createRows(
	rows: Row[],
	put: (name: string, value: unknown) => INodeParameters,
	prefix = '',
	labelPrefix = '',
): Site[] {
	return rows.map((row) =>
		site(
			'post.create',
			fieldOf(row, labelPrefix),
			(value) => put(row[1], value),
			'POST',
			POSTS,
			`${prefix}${row[3]}`,
			inBody,
		),
	);
}

const additional = (values: Record<string, unknown>) => createPost({ additionalFields: values });
const inGroup =
	(group: string, required: Record<string, unknown>) => (name: string, value: unknown) =>
		additional({ [group]: { values: { ...required, [name]: value } } });
const platform = (group: string) => (name: string, value: unknown) =>
	createPost({ platformOptions: { [group]: { [name]: value } } });
const threadItem = (group: string) => (name: string, value: unknown) =>
	createPost({ platformOptions: { [group]: { items: [{ message: 'Hi', [name]: value }] } } });
const flag = (label: string, name: string): Row => [label, name, 'boolean', name];
const THREAD_ITEM: Row[] = [
	['Message', 'message', 'text', 'message'],
	['Media', 'media', 'media', 'media'],
];

export const createSites: Site[] = [
	...createRows([['Text', 'text', 'text', 'content.text', REQUIRED]], (name, value) =>
		createPost({ [name]: value }),
	),
	...createRows([['Accounts', 'accounts', 'ids', 'accounts']], (name, value) =>
		createPost({ [name]: value }),
	),
	// With Publish Type from an expression n8n cannot tell whether Scheduled At shows, and needs it.
	...createRows(
		[
			[
				'Publish Type',
				'publishType',
				'enum',
				'scheduling.publish_type',
				{ values: API.PUBLISH_TYPES, required: true },
			],
		],
		(name, value) => createPost({ [name]: value, scheduledAt: inAWeek() }),
	),
	...createRows(
		[
			['Campaign', 'campaignId', 'id', 'campaign_id', { nullable: true, locator: true }],
			['Content Category', 'contentCategoryId', 'id', 'content_category_id', { locator: true }],
			['Hide From Client', 'hideClient', 'boolean', 'hide_client'],
			['Image URLs', 'images', 'urls', 'content.media.images'],
			['Labels', 'labels', 'ids', 'labels'],
			['Media Library Items', 'mediaIds', 'ids', 'content.media.media_ids'],
			['Post Type', 'postType', 'enum', 'post_type', { values: API.POST_TYPES }],
			['Video Title', 'postVideoTitle', 'text', 'post_video_title'],
			['Video URL', 'video', 'url', 'content.media.video'],
		],
		(name, value) => additional({ [name]: value }),
	),
	...createRows(
		[
			[
				'Approve Option',
				'approveOption',
				'enum',
				'approve_option',
				{ values: ['anyone', 'everyone'] },
			],
			['Approvers', 'approvers', 'ids', 'approvers', REQUIRED],
			['Notes', 'notes', 'text', 'notes', NULLABLE],
		],
		inGroup('approval', { approvers: [DEMO.users.maya.id] }),
		'approval.',
		'Approval ',
	),
	...createRows(
		[
			['Accounts', 'accounts', 'ids', 'accounts', REQUIRED],
			['Message', 'message', 'text', 'message', REQUIRED],
		],
		inGroup('firstComment', { accounts: [DEMO.accounts.facebook], message: 'Hi' }),
		'first_comment.',
		'First Comment ',
	),
	...createRows(
		[
			[
				'Facebook Background',
				'facebookBackgroundId',
				'id',
				'facebook_options.facebook_background_id',
				NULLABLE,
			],
		],
		(name, value) => createPost({ platformOptions: { [name]: value } }),
	),
	...createRows(
		[
			['Action Type', 'action_type', 'enum', 'action_type', { values: API.GMB_ACTION_TYPES }],
			['CTA Link', 'cta_link', 'url', 'cta_link'],
			['End Date', 'end_date', 'date', 'end_date'],
			['Start Date', 'start_date', 'date', 'start_date'],
			['Title', 'title', 'text', 'title'],
			['Topic Type', 'topic_type', 'enum', 'topic_type', { values: API.GMB_TOPIC_TYPES }],
		],
		platform('gmb'),
		'gmb_options.',
		'Google Business Profile ',
	),
	...createRows(
		[
			['Link', 'link', 'url', 'link'],
			['Title', 'title', 'text', 'title'],
		],
		platform('pinterest'),
		'pinterest_options.',
		'Pinterest ',
	),
	...createRows(
		THREAD_ITEM,
		threadItem('threadsThread'),
		'threads_options.multi_threads.0.',
		'Threads Thread item 1 ',
	),
	...createRows(
		[
			flag('Auto Add Music', 'auto_add_music'),
			flag('Brand Content', 'brand_content_toggle'),
			flag('Brand Organic', 'brand_organic_toggle'),
			flag('Disable Comment', 'disable_comment'),
			flag('Disable Duet', 'disable_duet'),
			flag('Disable Stitch', 'disable_stitch'),
			flag('Disclose Commercial Content', 'disclose_commercial_content'),
			flag('Is AI-Generated Content', 'is_aigc'),
			['Privacy Level', 'privacy_level', 'enum', 'privacy_level', { values: API.TIKTOK_PRIVACY }],
		],
		platform('tiktok'),
		'tiktok_options.',
		'TikTok ',
	),
	...createRows(
		THREAD_ITEM,
		threadItem('twitterThread'),
		'twitter_options.threaded_tweets.0.',
		'X (Twitter) Thread item 1 ',
	),
	...createRows(
		[
			['Category', 'category', 'enum', 'category', { values: API.YOUTUBE_CATEGORIES }],
			['License', 'license', 'enum', 'license', { values: API.YOUTUBE_LICENSES }],
			flag('Made for Kids', 'made_for_kids'),
			[
				'Privacy Status',
				'privacy_status',
				'enum',
				'privacy_status',
				{ values: API.YOUTUBE_PRIVACY },
			],
			['Tags', 'tags', 'texts', 'tags', { entryNoun: 'tag' }],
			['Title', 'title', 'text', 'title'],
		],
		platform('youtube'),
		'youtube_options.',
		'YouTube ',
	),
];

// Every other operation that takes input ----------------------------------------------------------

/** Sites of one operation's rows, given at the top level or inside `collection`. */
const sitesIn =
	(collection?: string) =>
	(
		resource: string,
		operation: string,
		rows: Row[],
		method: string,
		path: string,
		sent: (place: string) => Site['sent'],
		rest: INodeParameters = {},
	) =>
		rows.map((row) =>
			site(
				`${resource}.${operation}`,
				fieldOf(row),
				(value) =>
					inWorkspace(resource, operation, {
						...rest,
						...(collection ? { [collection]: { [row[1]]: value } } : { [row[1]]: value }),
					} as INodeParameters),
				method,
				path,
				row[3],
				sent,
			),
		);
const topSites = sitesIn();
const SEARCH: Row = ['Search', 'search', 'text', 'search'];

const onPost = { postId: POST_ID };

export const operationSites: Site[] = [
	...topSites(
		'comment',
		'create',
		[
			['Comment', 'comment', 'text', 'comment', REQUIRED],
			['Internal Note', 'isNote', 'boolean', 'is_note'],
			['Mentioned Users', 'mentionedUsers', 'ids', 'mentioned_users'],
		],
		'POST',
		`${POSTS}/${POST_ID}/comments`,
		inBody,
		{ ...onPost, comment: 'Looks good' },
	),
	...topSites(
		'post',
		'approve',
		[['Comment', 'comment', 'text', 'comment']],
		'POST',
		`${POSTS}/${POST_ID}/approval`,
		inBody,
		onPost,
	),
	...topSites(
		'post',
		'delete',
		[
			['Delete From Social Platforms', 'deleteFromSocial', 'boolean', 'delete_from_social'],
			['Only These Accounts', 'accountIds', 'ids', 'account_ids'],
		],
		'DELETE',
		`${POSTS}/${POST_ID}`,
		inBody,
		{ ...onPost, deleteFromSocial: true },
	),
	...topSites(
		'account',
		'addBluesky',
		[
			['Handle', 'handle', 'text', 'handle', REQUIRED],
			['App Password', 'appPassword', 'text', 'app_password', REQUIRED],
		],
		'POST',
		`${WS}/add/bluesky`,
		inBody,
		{ handle: 'acme.bsky.social', appPassword: 'abcd-efgh-ijkl-mnop' },
	),
	...topSites(
		'account',
		'addFacebookGroup',
		[['Group Name', 'name', 'text', 'name', REQUIRED]],
		'POST',
		`${WS}/add/facebook-group`,
		inBody,
	),
	...sitesIn('options')(
		'account',
		'addFacebookGroup',
		[['Image URL', 'image', 'url', 'image', NULLABLE]],
		'POST',
		`${WS}/add/facebook-group`,
		inBody,
		{ name: 'Acme Customers' },
	),
	// With Process from an expression n8n cannot tell whether Account shows, and needs it.
	...topSites(
		'account',
		'connect',
		[['Process', 'process', 'enum', 'process', { values: API.CONNECT_PROCESSES, required: true }]],
		'POST',
		`${WS}/connect/linkedin`,
		inQuery,
		{ platform: 'linkedin', accountId: { __rl: true, mode: 'id', value: DEMO.accounts.linkedin } },
	),
	...topSites(
		'account',
		'connect',
		[['Account', 'accountId', 'id', 'account_id', { required: true, locator: true }]],
		'POST',
		`${WS}/connect/linkedin`,
		inQuery,
		{ platform: 'linkedin', process: 'reconnect' },
	),
	...sitesIn('filters')(
		'account',
		'getAll',
		[['Platforms', 'platforms', 'enums', 'platform', { values: sorted(API.PLATFORMS) }], SEARCH],
		'GET',
		`${WS}/accounts`,
		inQuery,
	),
	...sitesIn('filters')(
		'media',
		'getAll',
		[SEARCH, ['Type', 'type', 'enum', 'type', { values: API.MEDIA_TYPES }]],
		'GET',
		`${WS}/media`,
		inQuery,
	),
	...sitesIn('options')(
		'media',
		'getAll',
		[['Sort', 'sort', 'enum', 'sort', { values: API.MEDIA_SORTS }]],
		'GET',
		`${WS}/media`,
		inQuery,
	),
	...topSites(
		'media',
		'upload',
		[['URL', 'url', 'url', 'url', REQUIRED]],
		'POST',
		`${WS}/media`,
		inForm,
		{
			source: 'url',
		},
	),
	...sitesIn('options')(
		'media',
		'upload',
		[['Folder ID', 'folderId', 'id', 'folder_id', NULLABLE]],
		'POST',
		`${WS}/media`,
		inForm,
		{ source: 'url', url: 'https://example.com/a.png' },
	),
	...sitesIn('filters')(
		'post',
		'getAll',
		[
			['Approval Assigned To', 'approvalAssignedTo', 'ids', 'approval_assigned_to'],
			['Approval Requested By', 'approvalRequestedBy', 'ids', 'approval_requested_by'],
			['Date From', 'dateFrom', 'date', 'date_from'],
			['Date To', 'dateTo', 'date', 'date_to'],
			[
				'Statuses',
				'statuses',
				'enums',
				'status',
				{ values: sorted(Object.keys(API.FILTER_STATUSES)) },
			],
		],
		'GET',
		POSTS,
		inQuery,
	),
	...topSites('label', 'getAll', [SEARCH], 'GET', `${WS}/labels`, inQuery),
];

const none = () => () => undefined;

/** Rows whose value the node uses itself rather than sending (checked, never in a request body). */
export const unsentSites: Site[] = [
	// The platform goes into the request's path, /connect/{platform}.
	...topSites(
		'account',
		'connect',
		[
			[
				'Platform',
				'platform',
				'enum',
				'platform',
				{ values: sorted(API.CONNECT_PLATFORMS), required: true },
			],
		],
		'POST',
		`${WS}/connect/linkedin`,
		none,
	),
	...topSites(
		'media',
		'upload',
		[['Source', 'source', 'enum', '', { values: ['binary', 'url'], required: true }]],
		'POST',
		`${WS}/media`,
		none,
		{ url: 'https://example.com/a.png' },
	),
	...topSites(
		'media',
		'upload',
		[['Input Binary Field', 'binaryPropertyName', 'text', '', REQUIRED]],
		'POST',
		`${WS}/media`,
		none,
	),
	site(
		'label.getAll',
		{ label: 'Workspace', kind: 'id', required: true },
		(value) => ({
			resource: 'label',
			operation: 'getAll',
			workspaceId: { __rl: true, mode: 'id', value: value as string },
		}),
		'GET',
		`${WS}/labels`,
		'',
		none,
	),
	...topSites(
		'comment',
		'getAll',
		[['Post ID', 'postId', 'id', '', REQUIRED]],
		'GET',
		`${POSTS}/${POST_ID}/comments`,
		none,
	),
];
