// Where each row of the node's field table lives: the parameters that put a value into it, and the
// request (and the place in it) the value reaches. The rows come from the built package's table, so
// a row added there is tested here without a new line; their limits are the description's
// (description-limits.cts), never the table's own.
import type { INodeParameters } from 'n8n-workflow';

import { DEMO } from '../../sandbox/demo-data.cts';
import type { LoggedRequest } from '../../sandbox/runtime.cts';

import * as account from '../../dist/nodes/SocialPublishing/fields/account.js';
import * as common from '../../dist/nodes/SocialPublishing/fields/common.js';
import type { Field, Group } from '../../dist/nodes/SocialPublishing/fields/field.js';
import * as lists from '../../dist/nodes/SocialPublishing/fields/listQuery.js';
import * as upload from '../../dist/nodes/SocialPublishing/fields/upload.js';
import * as platformOptions from '../../dist/nodes/SocialPublishing/fields/platformOptions.js';
import * as post from '../../dist/nodes/SocialPublishing/fields/post.js';
import { inWorkspace, MAIN_WORKSPACE } from '../library/fixtures.cts';

export type { Field };

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
	/** The value as it reached the sandbox; undefined when it was not sent. */
	sent: (request: LoggedRequest) => unknown;
	/** A valid value to use where the row has no limit (a whole parameter value). */
	valid: unknown;
}

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
	label: string,
	field: Field,
	parameters: Site['parameters'],
	method: string,
	path: string,
	sent: Site['sent'],
): Site {
	return { operation, label, field, parameters, method, path, sent, valid: validFor(field) };
}

// Post > Create ----------------------------------------------------------------------------------

const POSTS = `${WS}/posts`;
const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString();
const createPost = (rest: Record<string, unknown>) =>
	inWorkspace('post', 'create', {
		text: 'Hello',
		accounts: [DEMO.accounts.facebook],
		...rest,
	} as INodeParameters);

function createSite(
	field: Field,
	parameters: Site['parameters'],
	path: string,
	label = field.label,
) {
	return site('post.create', label, field, parameters, 'POST', POSTS, inBody(path));
}

/** A group's rows: the group's other required fields are filled with valid values. */
function groupSites(
	group: Group,
	place: (values: Record<string, unknown>) => INodeParameters,
	required: Record<string, unknown> = {},
): Site[] {
	const list = group.shape === 'list';
	return group.fields.map((field) =>
		createSite(
			field,
			(value) => place({ ...required, [field.name]: value }),
			list ? `${group.path}.0.${field.path}` : `${group.path}.${field.path}`,
			`${group.label}${list ? ' item 1' : ''} ${field.label}`,
		),
	);
}

const additional = (values: Record<string, unknown>) => createPost({ additionalFields: values });
const platform = (name: string) => (values: Record<string, unknown>) =>
	createPost({ platformOptions: { [name]: values } });
const threadItem = (name: string) => (values: Record<string, unknown>) =>
	createPost({ platformOptions: { [name]: { items: [values] } } });

export const createSites: Site[] = [
	createSite(post.text, (value) => createPost({ text: value as string }), 'content.text'),
	createSite(post.accounts, (value) => createPost({ accounts: value as string }), 'accounts'),
	// With Publish Type from an expression n8n cannot tell whether Scheduled At shows, and needs it.
	createSite(
		post.publishType,
		(value) => createPost({ publishType: value as string, scheduledAt: inAWeek() }),
		'scheduling.publish_type',
	),
	...post.additionalFields.map((field: Field) =>
		createSite(field, (value) => additional({ [field.name]: value }), field.path),
	),
	...groupSites(post.approval, (values) => additional({ approval: { values } }), {
		approvers: [DEMO.users.maya.id],
	}),
	...groupSites(post.firstComment, (values) => additional({ firstComment: { values } }), {
		accounts: [DEMO.accounts.facebook],
		message: 'Hi',
	}),
	createSite(
		platformOptions.facebookBackground,
		(value) => createPost({ platformOptions: { facebookBackgroundId: value } }),
		platformOptions.facebookBackground.path,
	),
	...platformOptions.PLATFORM_GROUPS.flatMap((group: Group) =>
		group.shape === 'list'
			? groupSites(group, threadItem(group.name), { message: 'Hi' })
			: groupSites(group, platform(group.name)),
	),
];

// Every other operation that takes input ----------------------------------------------------------

/** Sites of one operation's fields, given at the top level or inside `collection`. */
const sitesIn =
	(collection?: string) =>
	(
		resource: string,
		operation: string,
		fields: Field[],
		method: string,
		path: string,
		sent: (path: string) => Site['sent'],
		rest: INodeParameters = {},
	) =>
		fields.map((field) =>
			site(
				`${resource}.${operation}`,
				field.label,
				field,
				(value) =>
					inWorkspace(resource, operation, {
						...rest,
						...(collection ? { [collection]: { [field.name]: value } } : { [field.name]: value }),
					} as INodeParameters),
				method,
				path,
				sent(field.path),
			),
		);
const topSites = sitesIn();

const onPost = { postId: POST_ID };

export const operationSites: Site[] = [
	...topSites(
		'comment',
		'create',
		post.commentFields,
		'POST',
		`${POSTS}/${POST_ID}/comments`,
		inBody,
		{
			...onPost,
			comment: 'Looks good',
		},
	),
	...topSites(
		'post',
		'approve',
		[post.approvalComment],
		'POST',
		`${POSTS}/${POST_ID}/approval`,
		inBody,
		onPost,
	),
	...topSites('post', 'delete', post.deleteFields, 'DELETE', `${POSTS}/${POST_ID}`, inBody, {
		...onPost,
		deleteFromSocial: true,
	}),
	...topSites('account', 'addBluesky', account.blueskyFields, 'POST', `${WS}/add/bluesky`, inBody, {
		handle: 'acme.bsky.social',
		appPassword: 'abcd-efgh-ijkl-mnop',
	}),
	...topSites(
		'account',
		'addFacebookGroup',
		[account.facebookGroupName],
		'POST',
		`${WS}/add/facebook-group`,
		inBody,
	),
	...sitesIn('options')(
		'account',
		'addFacebookGroup',
		[account.facebookGroupImage],
		'POST',
		`${WS}/add/facebook-group`,
		inBody,
		{ name: 'Acme Customers' },
	),
	// With Process from an expression n8n cannot tell whether Account shows, and needs it.
	...topSites(
		'account',
		'connect',
		[account.connectFields[1]],
		'POST',
		`${WS}/connect/linkedin`,
		inQuery,
		{
			platform: 'linkedin',
			accountId: { __rl: true, mode: 'id', value: DEMO.accounts.linkedin },
		},
	),
	...topSites(
		'account',
		'connect',
		[account.reconnectAccount],
		'POST',
		`${WS}/connect/linkedin`,
		inQuery,
		{
			platform: 'linkedin',
			process: 'reconnect',
		},
	),
	...sitesIn('filters')(
		'account',
		'getAll',
		lists.accountFilters,
		'GET',
		`${WS}/accounts`,
		inQuery,
	),
	...sitesIn('filters')('media', 'getAll', lists.mediaFilters, 'GET', `${WS}/media`, inQuery),
	...sitesIn('options')('media', 'getAll', [lists.mediaSort], 'GET', `${WS}/media`, inQuery),
	...topSites('media', 'upload', [upload.uploadUrl], 'POST', `${WS}/media`, inForm, {
		source: 'url',
	}),
	...sitesIn('options')('media', 'upload', [upload.folderId], 'POST', `${WS}/media`, inForm, {
		source: 'url',
		url: 'https://example.com/a.png',
	}),
	...sitesIn('filters')('post', 'getAll', lists.postFilters, 'GET', POSTS, inQuery),
	...topSites('label', 'getAll', [lists.librarySearch('', '')], 'GET', `${WS}/labels`, inQuery),
];

/** Rows whose value the node uses itself rather than sending (checked, never in a request). */
export const unsentSites: Site[] = [
	...topSites(
		'account',
		'connect',
		[account.connectFields[0]],
		'POST',
		`${WS}/connect/linkedin`,
		() => () => undefined,
	),
	...topSites(
		'media',
		'upload',
		[upload.uploadSource],
		'POST',
		`${WS}/media`,
		() => () => undefined,
		{
			url: 'https://example.com/a.png',
		},
	),
	...topSites(
		'media',
		'upload',
		[upload.binaryPropertyName],
		'POST',
		`${WS}/media`,
		() => () => undefined,
	),
	site(
		'label.getAll',
		'Workspace',
		common.workspace,
		(value) => ({
			resource: 'label',
			operation: 'getAll',
			workspaceId: { __rl: true, mode: 'id', value: value as string },
		}),
		'GET',
		`${WS}/labels`,
		() => undefined,
	),
	...topSites(
		'comment',
		'getAll',
		[common.postId],
		'GET',
		`${POSTS}/${POST_ID}/comments`,
		() => () => undefined,
	),
];
