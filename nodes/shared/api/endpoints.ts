import type { IHttpRequestMethods } from 'n8n-workflow';

import type { DataKind } from '../transport/request';

/**
 * Every endpoint of the API description's section 4, described once: how to call it, whether it
 * pages, what its `data` is, and what its error statuses mean for the user. Operations and the
 * trigger call an endpoint by its name here (api/index.ts); nothing else builds a path.
 */

export interface PathParams {
	workspaceId?: string;
	postId?: string;
	platform?: string;
}

export interface Endpoint {
	method: IHttpRequestMethods;
	path: (params: PathParams) => string;
	data: DataKind;
	/**
	 * `always` sends page/per_page; `detect` sends none and follows pages only when the answer shows
	 * it pages (section 4.1 shows no query for /workspaces); `never`: one answer holds the whole list.
	 */
	paging?: 'always' | 'detect' | 'never';
	/** For a create: what it makes, said in errors, and the fields one of which names it. */
	creates?: { noun: string; idFields: string[] };
	/** A status that is data here, not a failure: a partial delete's 207. */
	dataStatuses?: number[];
	/** What an error status means for this call, said before the general advice. */
	hints?: Partial<Record<number, string>>;
}

const segment = (value: string | undefined) => encodeURIComponent(value ?? '');
const inWorkspace =
	(...rest: Array<string | ((params: PathParams) => string | undefined)>) =>
	(params: PathParams) =>
		[
			'/api/v1/workspaces',
			segment(params.workspaceId),
			...rest.map((part) => (typeof part === 'string' ? part : segment(part(params)))),
		].join('/');
const post = (params: PathParams) => params.postId;
const platform = (params: PathParams) => params.platform;
/** A list outside any workspace, answered whole. */
const whole = (path: string) =>
	({ method: 'GET', path: () => `/api/v1/${path}`, data: 'list', paging: 'never' }) as const;
/** A list of the workspace, read page by page. */
const list = (...rest: Parameters<typeof inWorkspace>) =>
	({ method: 'GET', path: inWorkspace(...rest), data: 'list', paging: 'always' }) as const;
/** A create in the workspace: what it makes, and the answer's fields one of which names it. */
const create = (noun: string, idFields: string[], ...rest: Parameters<typeof inWorkspace>) =>
	({
		method: 'POST',
		path: inWorkspace(...rest),
		data: 'object',
		creates: { noun, idFields },
	}) as const;
const ACCOUNT_ID_FIELDS = ['account_id', '_id', 'id'];

export const ENDPOINTS = {
	me: { method: 'GET', path: () => '/api/v1/me', data: 'object' },
	workspaces: { method: 'GET', path: () => '/api/v1/workspaces', data: 'list', paging: 'detect' },
	platforms: whole('platforms'),
	textBackgrounds: whole('facebook/text-backgrounds'),
	accounts: list('accounts'),
	addBluesky: create('account', ACCOUNT_ID_FIELDS, 'add', 'bluesky'),
	addFacebookGroup: create('account', ACCOUNT_ID_FIELDS, 'add', 'facebook-group'),
	connect: { method: 'POST', path: inWorkspace('connect', platform), data: 'object' },
	campaigns: list('campaigns'),
	labels: list('labels'),
	contentCategories: list('content-categories'),
	media: list('media'),
	uploadMedia: create('media item', ['_id', 'id'], 'media'),
	posts: list('posts'),
	createPost: create('post', ['id', '_id', 'post_id'], 'posts'),
	deletePost: {
		method: 'DELETE',
		path: inWorkspace('posts', post),
		data: 'none',
		dataStatuses: [207],
	},
	approval: {
		method: 'POST',
		path: inWorkspace('posts', post, 'approval'),
		data: 'none',
		hints: {
			403: "Only an approver of this post can approve or reject it, and the API key acts as its user. Use the key of a user listed in the post's approval.approvers (Post > Get Many shows them), or ask the post's creator to add this user as an approver.",
			400: 'The post is probably not under review: only a post with status "under_review" (approval status "pending_approval") can be approved or rejected, and each approver decides once. Check the post with Post > Get Many (filter Statuses: Under Review).',
		},
	},
	comments: list('posts', post, 'comments'),
	createComment: create('comment', ['_id', 'id'], 'posts', post, 'comments'),
	teamMembers: list('team-members'),
} satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof ENDPOINTS;
/** Endpoints that only read: callable while items are planned. */
export type ReadName = {
	[K in EndpointName]: (typeof ENDPOINTS)[K]['method'] extends 'GET' ? K : never;
}[EndpointName];
/** Endpoints that create, change or delete: sent only through a `Writer` (api/index.ts). */
export type WriteName = Exclude<EndpointName, ReadName>;
