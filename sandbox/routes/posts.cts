// Posts: list, create, delete (optionally from the platforms), approval, and comments.
import type { FastifyInstance, FastifyRequest } from 'fastify';

import { dateInZone, wallClockInZone, wallClockToInstant, zoneOf } from '../clock.cts';
import { fail, invalid } from '../errors.cts';
import { DELETE_NOT_SUPPORTED, FILTER_STATUSES } from '../limits.cts';
import { checkPost } from '../post-rules.cts';
import type { CreatePostBody } from '../post-rules.cts';
import type { Profile } from '../profile.cts';
import { seededRandom } from '../profile.cts';
import type { Caller, Runtime } from '../runtime.cts';
import {
	approvalBody,
	commentBody,
	commentsQuery,
	createPostBody,
	deletePostBody,
	postParams,
	postsQuery,
	workspaceParams,
} from '../schemas.cts';
import type { Account, Post, Store, Workspace } from '../state.cts';
import { summary } from '../validation.cts';
import { commentItem, mediaUrl, paginate, postItem } from '../views.cts';
import { callerOf } from './identity.cts';

type Params = { workspace_id: string };
type PostParams = Params & { post_id: string };
type PostsQuery = {
	page: number;
	per_page: number;
	'status[]'?: string[];
	status?: string[];
	date_from?: string;
	date_to?: string;
	'approval_assigned_to[]'?: string[];
	'approval_requested_by[]'?: string[];
};

/** Code-unit order (ISO times, hex IDs): localeCompare would be slow over a history of thousands. */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Newest change first by `updatedAt` (read once per post); the id breaks ties between equal stamps. */
function newestChangeFirst(posts: Post[], updatedAt: (post: Post) => string): Post[] {
	const stamps = posts.map(updatedAt);
	const at = posts.map((_, index) => index);
	at.sort((a, b) => compare(stamps[b], stamps[a]) || compare(posts[b].id, posts[a].id));
	return at.map((index) => posts[index]);
}

const byOldestCreated = (a: Post, b: Post) =>
	compare(a.created_at, b.created_at) || compare(a.id, b.id);

/** How many posts lists each store has answered: the seed of the next shuffle (a reset starts over). */
const shuffles = new WeakMap<Store, number>();

/**
 * Where each post of a store stands, oldest created first, by ID, kept while the posts array holds
 * as many (a delete makes a new array; `created_at` changes only as a post is seeded, before any list
 * sees it). A list of thousands then costs one pass a request, not a sort.
 */
const createdOrder = new WeakMap<Post[], { length: number; rank: Map<string, number> }>();

function oldestCreatedFirst(store: Store, posts: Post[]): Post[] {
	const all = store.data.posts;
	let known = createdOrder.get(all);
	if (known?.length !== all.length) {
		const sorted = [...all].sort(byOldestCreated);
		known = { length: all.length, rank: new Map(sorted.map((post, at) => [post.id, at])) };
		createdOrder.set(all, known);
	}
	const slots = new Array<Post>(all.length);
	for (const post of posts) {
		const at = known.rank.get(post.id);
		if (at === undefined) throw new Error(`Post ${post.id} is not in the store's created order`);
		slots[at] = post;
	}
	return slots.filter((post) => post !== undefined);
}

/** Sorted by a hash of each post's ID (FNV-1a): the same order on every request, by no time. */
function byOpaqueKey(posts: Post[]): Post[] {
	const keyOf = (id: string) => {
		let hash = 0x811c9dc5;
		for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193) >>> 0;
		return hash;
	};
	return posts
		.map((post) => ({ post, key: keyOf(post.id) }))
		.sort((a, b) => a.key - b.key)
		.map(({ post }) => post);
}

/**
 * The posts in the profile's order (section 4.13 states none); `shuffled` keeps them as they are,
 * for pageInListOrder to draw from.
 */
function inListOrder(
	store: Store,
	order: Profile['listOrder'],
	posts: Post[],
	updatedAt: (post: Post) => string,
): Post[] {
	if (order === 'updated-desc') return newestChangeFirst(posts, updatedAt);
	if (order === 'shuffled') return posts;
	if (order === 'opaque') return byOpaqueKey(posts);
	const oldestFirst = oldestCreatedFirst(store, posts);
	return order === 'created-desc' ? oldestFirst.reverse() : oldestFirst;
}

/**
 * What a list kept for the filters and order in `key`, while no request has written since: a
 * reader pages through thousands of posts, and filtering and ordering them for every page was
 * about a sixth of what the trigger's long tests cost (docs/development.md, CI).
 */
const keptLists = new WeakMap<Runtime, { writes: number; lists: Map<string, Post[]> }>();

function listed(runtime: Runtime, key: string, list: () => Post[]): Post[] {
	let cache = keptLists.get(runtime);
	if (cache?.writes !== runtime.writes) {
		cache = { writes: runtime.writes, lists: new Map() };
		keptLists.set(runtime, cache);
	}
	let posts = cache.lists.get(key);
	if (!posts) {
		if (cache.lists.size >= 20) cache.lists.clear();
		posts = list();
		cache.lists.set(key, posts);
	}
	return posts;
}

/**
 * One page of the posts in list order. `shuffled` draws a new order for every request, seeded from
 * a per-store counter so that a run repeats exactly.
 */
function pageInListOrder(
	store: Store,
	order: Profile['listOrder'],
	posts: Post[],
	query: { page: number; per_page: number },
) {
	if (order !== 'shuffled') return paginate(posts, query.page, query.per_page);
	const seed = shuffles.get(store) ?? 0;
	shuffles.set(store, seed + 1);
	const random = seededRandom(seed);
	// Any page of a fresh random order is drawn like the first page of another: only its posts are
	// drawn (the first steps of a shuffle, the swaps kept in a map), not all of a history of thousands.
	const page = paginate(posts, query.page, query.per_page);
	const swapped = new Map<number, number>();
	const data: Post[] = [];
	for (let i = 0; i < page.data.length; i++) {
		const j = i + Math.floor(random() * (posts.length - i));
		data.push(posts[swapped.get(j) ?? j]);
		swapped.set(j, swapped.get(i) ?? i);
	}
	return { ...page, data };
}

/** The day a post is "on" for `date_from`/`date_to`, by profile (section 4.13 names no date). */
const DAY_OF: Record<Profile['dateFilter'], (post: Post, updatedAt: string) => string | undefined> =
	{
		scheduled: (post) =>
			post.scheduled_at?.slice(0, 10) ?? dateInZone(new Date(post.created_at), post.timezone),
		updated: (post, updatedAt) => dateInZone(new Date(updatedAt), post.timezone),
		created: (post) => dateInZone(new Date(post.created_at), post.timezone),
		ignored: () => undefined,
	};

const platformKey = (account: Account) =>
	account.account_type === 'group' ? 'facebook-group' : account.platform;

/** Moves a post under review after one approver's action (4.16). */
export function applyApproval(
	post: Post,
	userId: string,
	action: 'approve' | 'reject',
	note: string | null,
	now: string,
) {
	const approval = post.approval;
	if (!approval) return;
	for (const approver of approval.approvers.filter((each) => each.user_id === userId)) {
		approver.status = action;
		approver.last_action_time = now;
		approver.last_action_note = note;
	}
	const statuses = approval.approvers.map((each) => each.status);
	if (statuses.includes('reject')) {
		approval.status = 'rejected_approval';
		post.status = 'rejected';
	} else if (
		approval.approve_option === 'anyone'
			? statuses.includes('approve')
			: statuses.every((each) => each === 'approve')
	) {
		approval.status = 'completed_approval';
		post.status = approval.wasDraft ? 'draft' : 'scheduled';
	}
	post.updated_at = now;
}

export interface NewPost {
	text: string;
	accountIds: string[];
	createdByUserId: string;
	publishType: CreatePostBody['scheduling']['publish_type'];
	scheduledAt?: string | null;
	approval?: CreatePostBody['approval'];
	images?: string[];
	video?: string | null;
	labelIds?: string[];
	campaignId?: string | null;
	contentCategoryId?: string | null;
	postType?: string;
	hideClient?: boolean;
}

const HOUR_MS = 3_600_000;

/**
 * The queue's next slot in the workspace: the whole hour after its last slot taken (or after now).
 * Slots follow arrival, as on the service: the post that arrives first publishes first.
 */
function nextSlot(store: Store, workspace: Workspace, now: string): string {
	const zone = zoneOf(workspace);
	const taken = store.data.posts
		.filter((post) => post.workspaceId === workspace.id && post.slotted && post.scheduled_at)
		.map((post) => wallClockToInstant(String(post.scheduled_at), zone)?.getTime() ?? 0);
	const after = Math.max(Date.parse(now), ...taken);
	return wallClockInZone(new Date((Math.floor(after / HOUR_MS) + 1) * HOUR_MS), zone);
}

/** Creates a post the way the service does; also used by the control surface's seeds and simulations. */
export function createPost(store: Store, workspace: Workspace, now: string, fields: NewPost): Post {
	const isDraft = fields.publishType === 'draft';
	const slotted = ['queued', 'content_category'].includes(fields.publishType);
	const post: Post = {
		id: store.newId(),
		workspaceId: workspace.id,
		text: fields.text,
		images: fields.images ?? [],
		video: fields.video ?? null,
		accountIds: fields.accountIds,
		publishedOn: {},
		status: fields.approval ? 'under_review' : isDraft ? 'draft' : 'scheduled',
		scheduled_at: slotted ? nextSlot(store, workspace, now) : (fields.scheduledAt ?? null),
		published_at: null,
		timezone: zoneOf(workspace),
		created_at: now,
		updated_at: now,
		createdByUserId: fields.createdByUserId,
		labelIds: fields.labelIds ?? [],
		campaignId: fields.campaignId ?? null,
		contentCategoryId: fields.contentCategoryId ?? null,
		approval: fields.approval
			? {
					status: 'pending_approval',
					approve_option: fields.approval.approve_option === 'anyone' ? 'anyone' : 'all',
					notes: fields.approval.notes ?? null,
					approvers: [...new Set(fields.approval.approvers)].map((userId) => ({
						user_id: userId,
						status: 'pending',
						last_action_time: null,
						last_action_note: null,
					})),
					wasDraft: isDraft,
				}
			: null,
		external_actions: [],
		external_comments: [],
		post_type: fields.postType ?? 'feed',
		hide_client: isDraft && (fields.hideClient ?? false),
		...(slotted ? { slotted } : {}),
	};
	store.data.posts.push(post);
	return post;
}

/** A warning some deployments add to create post's answer (api-notes.md). */
const CREATE_WARNING = 'Some accounts may need reconnecting soon; check them in the workspace.';

/** Create post's `data` by profile: as described (`{id, post_url}`), or as other deployments answer. */
const CREATED_POST: Record<Profile['createPost'], (id: string, url: string) => object> = {
	id: (id, url) => ({ id, post_url: url }),
	_id: (id) => ({ _id: id }),
	post_id: (id, url) => ({ post_id: id, post_url: url }),
	warning: (id, url) => ({ id, post_url: url, warning: CREATE_WARNING }),
};

export function registerPosts(app: FastifyInstance, runtime: Runtime) {
	const workspaceOf = (request: FastifyRequest) =>
		(callerOf(request) as Caller & { workspace: Workspace }).workspace;
	const postOf = (request: FastifyRequest<{ Params: PostParams }>) => {
		const post = runtime.store.post(workspaceOf(request).id, request.params.post_id);
		if (!post) throw fail(404, 'Post not found');
		return post;
	};

	app.get<{ Params: Params; Querystring: PostsQuery }>(
		'/api/v1/workspaces/:workspace_id/posts',
		{ schema: { params: workspaceParams, querystring: postsQuery } },
		async (request) => {
			const query = request.query;
			const statuses = [...(query['status[]'] ?? []), ...(query.status ?? [])].map(
				(each) => FILTER_STATUSES[each],
			);
			const assigned = query['approval_assigned_to[]'] ?? [];
			const requestedBy = query['approval_requested_by[]'] ?? [];
			const dayOf = DAY_OF[runtime.profile.dateFilter];
			const { date_from: from, date_to: to } = query;
			const inDays = (day: string | undefined) =>
				day === undefined || ((!from || day >= from) && (!to || day <= to));
			const workspaceId = workspaceOf(request).id;
			// Under statusStamps `kept`, `updated_at` moves only on an edit; the posts that are
			// answered are copied with it, the thousands only filtered and ordered are not.
			const stampsKept = runtime.profile.statusStamps === 'kept';
			const updatedAt = (post: Post) =>
				stampsKept ? (post.edited_at ?? post.created_at) : post.updated_at;
			const { listOrder, dateFilter } = runtime.profile;
			const filters = [workspaceId, statuses, from, to, assigned, requestedBy];
			const matching = () =>
				runtime.store.data.posts.filter(
					(post) =>
						post.workspaceId === workspaceId &&
						(statuses.length === 0 || statuses.includes(post.status)) &&
						((!from && !to) || inDays(dayOf(post, updatedAt(post)))) &&
						(assigned.length === 0 ||
							(post.approval?.approvers ?? []).some((each) => assigned.includes(each.user_id))) &&
						(requestedBy.length === 0 || requestedBy.includes(post.createdByUserId)),
				);
			const key = JSON.stringify([...filters, stampsKept, dateFilter, listOrder]);
			const ordered = listed(runtime, key, () =>
				inListOrder(runtime.store, listOrder, matching(), updatedAt),
			);
			const answered = pageInListOrder(runtime.store, listOrder, ordered, query);
			const page = {
				...answered,
				data: stampsKept
					? answered.data.map((post) => ({ ...post, updated_at: updatedAt(post) }))
					: answered.data,
			};
			request.loggedListed = page.data.map((post) => post.id);
			const wire = runtime.wire();
			return {
				status: true,
				message: 'Posts retrieved successfully',
				...page,
				data: page.data.map((post) => postItem(runtime.store, post, wire)),
			};
		},
	);

	app.post<{ Params: Params; Body: CreatePostBody }>(
		'/api/v1/workspaces/:workspace_id/posts',
		{ schema: { params: workspaceParams, body: createPostBody } },
		async (request, reply) => {
			const { store } = runtime;
			const body = request.body;
			const workspace = workspaceOf(request);
			const category = store.data.contentCategories.find(
				(each) => each.id === body.content_category_id,
			);
			const accountIds = [...new Set([...(body.accounts ?? []), ...(category?.accountIds ?? [])])];
			const errors = checkPost(body, {
				store,
				workspace,
				creatorId: callerOf(request).user.id,
				now: runtime.clock.now(),
				accountIds,
			});
			if (Object.keys(errors).length > 0) throw invalid(400, errors, summary(errors));

			const library = (body.content.media?.media_ids ?? []).flatMap((id) =>
				store.data.media.filter((each) => each.id === id && each.workspaceId === workspace.id),
			);
			const urlsOf = (types: string[]) =>
				library
					.filter((media) => types.includes(media.type))
					.map((media) => mediaUrl(media, runtime.baseUrl));
			const post = createPost(store, workspace, runtime.stamp(), {
				text: body.content.text,
				accountIds,
				createdByUserId: callerOf(request).user.id,
				publishType: body.scheduling.publish_type,
				scheduledAt: body.scheduling.scheduled_at,
				approval: body.approval,
				images: [...(body.content.media?.images ?? []), ...urlsOf(['image', 'gif'])],
				video: body.content.media?.video ?? urlsOf(['video'])[0] ?? null,
				labelIds: body.labels,
				campaignId: body.campaign_id,
				contentCategoryId: body.content_category_id,
				postType: body.post_type,
				hideClient: body.hide_client,
			});
			// The live service accepts hide_client on any post but honours it only on drafts, and says so.
			const ignoredHideClient =
				body.hide_client === true && body.scheduling.publish_type !== 'draft';
			return reply.code(201).send({
				status: true,
				message: body.approval ? 'Post created and sent for approval' : 'Post created successfully',
				data: CREATED_POST[runtime.profile.createPost](
					post.id,
					`${runtime.baseUrl}/posts/${post.id}`,
				),
				...(ignoredHideClient
					? { warning: 'hide_client applies to draft posts only; it was ignored.' }
					: {}),
			});
		},
	);

	app.delete<{
		Params: PostParams;
		Body: { delete_from_social?: boolean; account_ids?: string[] } | null | undefined;
	}>(
		'/api/v1/workspaces/:workspace_id/posts/:post_id',
		{ schema: { params: postParams, body: deletePostBody }, config: { invalidStatus: 422 } },
		async (request, reply) => {
			const post = postOf(request);
			const { store } = runtime;
			const remove = () => {
				store.data.posts = store.data.posts.filter((each) => each !== post);
				store.data.comments = store.data.comments.filter((each) => each.postId !== post.id);
			};
			const options = request.body ?? {};
			if (!options.delete_from_social) {
				remove();
				return { status: true, message: 'Post deleted successfully' };
			}
			const strangers = (options.account_ids ?? []).filter((id) => !post.accountIds.includes(id));
			if (strangers.length > 0) {
				throw invalid(
					422,
					Object.fromEntries(
						strangers.map((id) => [
							`account_ids.${options.account_ids?.indexOf(id)}`,
							[`The account ${id} is not an account of this post.`],
						]),
					),
					'The account_ids must be accounts of the post.',
				);
			}
			const results: Record<
				string,
				{
					platform: string;
					name: string;
					status: string;
					reason: string | null;
					post_url: string | null;
				}
			> = {};
			for (const id of options.account_ids ?? post.accountIds) {
				const account = store.account(post.workspaceId, id);
				if (!account) continue;
				const platform = platformKey(account);
				const published = post.publishedOn[id] ?? null;
				const [status, reason] = (DELETE_NOT_SUPPORTED as readonly string[]).includes(platform)
					? ['not_supported', `${platform} does not allow deleting posts through its API.`]
					: published
						? ['deleted', null]
						: ['not_published', 'The post was never published on this account.'];
				results[runtime.wire().account(id)] = {
					platform,
					name: account.account_name,
					status,
					reason,
					post_url: published,
				};
			}
			remove();
			if (Object.values(results).every((result) => result.status === 'deleted')) {
				return {
					status: true,
					message: 'Post deleted successfully from the platforms and the workspace',
				};
			}
			return reply.code(207).send({
				status: true,
				message: 'Post deleted; some accounts could not be deleted from their platforms',
				post_id: post.id,
				post_status: 'deleted',
				accounts: results,
			});
		},
	);

	app.post<{ Params: PostParams; Body: { action: 'approve' | 'reject'; comment?: string | null } }>(
		'/api/v1/workspaces/:workspace_id/posts/:post_id/approval',
		{ schema: { params: postParams, body: approvalBody } },
		async (request) => {
			const post = postOf(request);
			const userId = callerOf(request).user.id;
			const approver = post.approval?.approvers.find((each) => each.user_id === userId);
			if (!approver) throw fail(403, 'You are not an approver of this post.');
			if (post.status !== 'under_review' || post.approval?.status !== 'pending_approval') {
				throw fail(400, 'This post is not under review.');
			}
			if (approver.status !== 'pending' && runtime.profile.approverActions === 'once')
				throw fail(400, `You have already acted on this post (${approver.status}).`);
			const { action, comment } = request.body;
			applyApproval(post, userId, action, comment ?? null, runtime.stamp());
			return {
				status: true,
				message: action === 'approve' ? 'Post approved successfully' : 'Post rejected successfully',
			};
		},
	);

	app.get<{ Params: PostParams; Querystring: { page: number; per_page: number } }>(
		'/api/v1/workspaces/:workspace_id/posts/:post_id/comments',
		{ schema: { params: postParams, querystring: commentsQuery } },
		async (request) => {
			const post = postOf(request);
			const comments = runtime.store.data.comments
				.filter((comment) => comment.postId === post.id)
				.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id))
				.map((comment) => commentItem(runtime.store, comment, runtime.wire()));
			if (runtime.profile.commentOrder === 'created-desc') comments.reverse();
			return {
				status: true,
				message: 'Comments retrieved successfully',
				...paginate(comments, request.query.page, request.query.per_page),
			};
		},
	);

	app.post<{
		Params: PostParams;
		Body: { comment: string; is_note?: boolean; mentioned_users?: string[] };
	}>(
		'/api/v1/workspaces/:workspace_id/posts/:post_id/comments',
		{ schema: { params: postParams, body: commentBody } },
		async (request, reply) => {
			const post = postOf(request);
			const workspace = workspaceOf(request);
			const mentioned = request.body.mentioned_users ?? [];
			const strangers = mentioned.flatMap((id, index) =>
				runtime.store.member(workspace.id, id) ? [] : [index],
			);
			if (strangers.length > 0) {
				const errors = Object.fromEntries(
					strangers.map((index) => [
						`mentioned_users.${index}`,
						[`The mentioned_users.${index} must be a team member of the workspace.`],
					]),
				);
				throw invalid(400, errors, summary(errors));
			}
			const now = runtime.stamp();
			const comment = {
				id: runtime.store.newId(),
				postId: post.id,
				comment: request.body.comment,
				is_note: request.body.is_note ?? false,
				mentionedUserIds: [...new Set(mentioned)],
				authorUserId: callerOf(request).user.id,
				created_at: now,
				updated_at: now,
			};
			runtime.store.data.comments.push(comment);
			// A comment is an edit of the post: it stamps `updated_at` under every statusStamps.
			post.updated_at = now;
			post.edited_at = now;
			return reply.code(201).send({
				status: true,
				message: 'Comment added successfully',
				data: commentItem(runtime.store, comment, runtime.wire()),
			});
		},
	);
}
