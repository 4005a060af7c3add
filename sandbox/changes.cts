// Changes the control surface makes to the records: simulated changes over time (for the
// trigger) and bulk seeding (for pagination and load).
import { DAY_MS, wallClockInZone } from './clock.cts';
import { DEMO } from './demo-data.cts';
import { fail } from './errors.cts';
import { PLATFORMS, POST_STATUSES } from './limits.cts';
import type { Platform, PostStatus } from './limits.cts';
import { seededRandom } from './profile.cts';
import { applyApproval, createPost } from './routes/posts.cts';
import type { Runtime } from './runtime.cts';
import { nativePostUrl } from './state.cts';
import type { Post, Workspace } from './state.cts';

export const SIMULATE_ACTIONS = [
	'publish',
	'fail',
	'enter_review',
	'leave_review',
	'create_pending',
	'reject',
	'approve',
	'reorder_approvers',
	'miss_review',
	'edit',
] as const;
export const SEED_RESOURCES = [
	'posts',
	'accounts',
	'labels',
	'campaigns',
	'content_categories',
	'team_members',
	'media',
	'workspaces',
	'comments',
] as const;

export type SimulateAction = (typeof SIMULATE_ACTIONS)[number];
export type SeedResource = (typeof SEED_RESOURCES)[number];

export interface SimulateRequest {
	action: SimulateAction;
	workspace_id: string;
	post_id?: string;
	/** publish: the accounts it went out on (default all; fewer makes the post `partial`). */
	account_ids?: string[];
	/** enter_review / create_pending: who must approve (default Alex). */
	approvers?: string[];
	approve_option?: 'anyone' | 'all' | 'everyone';
	/** reject / approve: which approver acts (default the first). */
	user_id?: string;
	note?: string;
	created_by_user_id?: string;
	text?: string;
	/** edit: the post's new labels (IDs), beside or instead of a new `text`. */
	label_ids?: string[];
	/** create_pending: the wall-clock time in the workspace's zone (default none). */
	scheduled_at?: string;
	count?: number;
}

export interface SeedRequest {
	workspace_id?: string;
	resource: SeedResource;
	count: number;
	/** posts: `status`, `text`, `approvers`, ...; `history_days` with `history_seed` (see history). */
	template?: Record<string, unknown>;
}

/**
 * A seeded post's times spread over the `days` before `now`, as a long history has them: created,
 * scheduled up to a week later, a fifth published up to 3 days late, a tenth edited up to 30 days
 * after that (each step only when it falls before `now`: no pile of posts at now; `edited_at` is the
 * edit, else the creation). A date filter
 * guessed wrong (scheduled or created day for updated) shows on the posts published late or edited.
 */
function spreadOver(post: Post, days: number, random: () => number, now: number) {
	const later = (from: number, chance: number, maxDays: number) => {
		const at = from + (random() < chance ? random() * maxDays * DAY_MS : 0);
		return at <= now ? at : from;
	};
	const created = now - random() * days * DAY_MS;
	const scheduled = later(created, 1, 7);
	const done = later(scheduled, 0.2, 3);
	const updated = later(done, 0.1, 30);
	const iso = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString();
	post.created_at = iso(created);
	post.scheduled_at = wallClockInZone(new Date(scheduled), post.timezone);
	post.updated_at = iso(updated);
	post.edited_at = iso(updated > done ? updated : created);
	if (post.status === 'published') {
		post.published_at = iso(done);
		post.publishedOn = Object.fromEntries(
			post.accountIds.map((id) => [id, nativePostUrl(id, post.id)]),
		);
	}
}

/** The workspace named, or the first one. */
function workspaceOf(runtime: Runtime, id: string | undefined): Workspace {
	const found = runtime.store.workspace(id ?? runtime.store.data.workspaces[0].id);
	if (!found) throw fail(404, `No workspace ${id}`);
	return found;
}

/** Applies one change over time; answers the ids of the posts it touched or made. */
export function simulate(runtime: Runtime, body: SimulateRequest): string[] {
	body.account_ids = runtime.wire().accountsIn(body.account_ids) as string[] | undefined;
	const space = workspaceOf(runtime, body.workspace_id);
	const now = runtime.stamp(body.action !== 'edit');
	const approvers = body.approvers ?? [DEMO.users.alex.id];
	if (body.action === 'create_pending') {
		const accountIds = runtime.store
			.accountsOf(space.id)
			.slice(0, 1)
			.map((account) => account.id);
		return Array.from(
			{ length: body.count ?? 1 },
			(_, index) =>
				createPost(runtime.store, space, now, {
					text: `${body.text ?? 'Post waiting for approval'}${(body.count ?? 1) > 1 ? ` #${index + 1}` : ''}`,
					accountIds,
					createdByUserId: body.created_by_user_id as string,
					publishType: 'scheduled',
					scheduledAt: body.scheduled_at ?? null,
					approval: {
						approvers,
						approve_option: body.approve_option ?? 'anyone',
						notes: body.note ?? null,
					},
				}).id,
		);
	}
	const target = runtime.store.post(space.id, body.post_id ?? '');
	if (!target) throw fail(404, `No post ${body.post_id} in workspace ${space.id}`);
	const act = (action: 'approve' | 'reject') => {
		const userId = body.user_id ?? target.approval?.approvers[0]?.user_id;
		if (!userId) throw fail(400, `The post has no approvers to ${action} it.`);
		applyApproval(target, userId, action, body.note ?? null, now);
	};
	const changes: Record<Exclude<SimulateAction, 'create_pending'>, () => void> = {
		publish: () => {
			const published = body.account_ids ?? target.accountIds;
			target.publishedOn = Object.fromEntries(
				published.map((id) => [id, nativePostUrl(id, target.id)]),
			);
			target.status = published.length < target.accountIds.length ? 'partial' : 'published';
			target.published_at = now;
		},
		fail: () => {
			target.status = 'failed';
		},
		enter_review: () => {
			target.approval = {
				status: 'pending_approval',
				approve_option:
					body.approve_option === 'anyone' || body.approve_option === undefined ? 'anyone' : 'all',
				notes: body.note ?? null,
				approvers: approvers.map((userId) => ({
					user_id: userId,
					status: 'pending',
					last_action_time: null,
					last_action_note: null,
				})),
				wasDraft: target.status === 'draft',
			};
			target.status = 'under_review';
		},
		leave_review: () => {
			for (const approver of target.approval?.approvers ?? []) {
				if (approver.status === 'pending')
					applyApproval(target, approver.user_id, 'approve', body.note ?? null, now);
			}
			if (target.status === 'under_review') target.status = 'scheduled';
		},
		// The post's time came while it was still under review; its approval stays pending.
		miss_review: () => {
			target.status = 'missed_review';
		},
		// An edit from the service's own screens: the status stays, `updated_at` moves.
		edit: () => {
			target.text = body.text ?? target.text;
			target.labelIds = body.label_ids ?? target.labelIds;
			target.edited_at = now;
		},
		reject: () => act('reject'),
		approve: () => act('approve'),
		// The same approvers listed in another order (the description states no order): reversed.
		reorder_approvers: () => target.approval?.approvers.reverse(),
	};
	changes[body.action]();
	target.updated_at = now;
	return [target.id];
}

/** Bulk-creates records of one kind; answers their ids. */
export function seed(runtime: Runtime, body: SeedRequest): string[] {
	const { resource, count } = body;
	const template = { ...body.template };
	if ('account_ids' in template)
		template.account_ids = runtime.wire().accountsIn(template.account_ids);
	const space = workspaceOf(runtime, body.workspace_id);
	const { store, clock } = runtime;
	const random = seededRandom(Number(template.history_seed ?? 1));
	const text = (key: string, fallback: string) =>
		typeof template[key] === 'string' ? (template[key] as string) : fallback;
	const make: Record<SeedResource, (index: number) => string> = {
		posts: (index) => {
			const created = createPost(store, space, runtime.stamp(), {
				text: `${text('text', 'Seeded post')} #${index + 1}`,
				accountIds:
					(template.account_ids as string[] | undefined) ??
					store
						.accountsOf(space.id)
						.slice(0, 1)
						.map((account) => account.id),
				createdByUserId: text('created_by_user_id', DEMO.users.alex.id),
				publishType: 'scheduled',
				scheduledAt: (template.scheduled_at as string | undefined) ?? null,
				approval: template.approvers
					? { approvers: template.approvers as string[], approve_option: 'anyone' }
					: undefined,
			});
			const status = template.status as PostStatus | undefined;
			if (status && (POST_STATUSES as readonly string[]).includes(status)) created.status = status;
			if (typeof template.history_days === 'number')
				spreadOver(created, template.history_days, random, clock.now().getTime());
			return created.id;
		},
		accounts: (index) => {
			const platform =
				(template.platform as Platform | undefined) ?? PLATFORMS[index % PLATFORMS.length];
			const id = store.newAccountId();
			store.data.accounts.push({
				id,
				workspaceId: space.id,
				platform,
				account_type: text('account_type', 'page'),
				account_name: `${text('account_name', `Seeded ${platform}`)} ${index + 1}`,
				handle: null,
				profile_picture: `https://avatars.demo.social/${platform}/${id}.png`,
				status: text('status', 'active'),
				connected_at: clock.iso(),
				expires_at: new Date(clock.now().getTime() + 60 * 86400000).toISOString(),
			});
			return id;
		},
		labels: (index) => {
			const id = store.newId();
			store.data.labels.push({
				id,
				workspaceId: space.id,
				name: `${text('name', 'Seeded label')} ${index + 1}`,
				color: `color_${(index % 12) + 1}`,
			});
			return id;
		},
		campaigns: (index) => {
			const id = store.newId();
			store.data.campaigns.push({
				id,
				workspaceId: space.id,
				name: `${text('name', 'Seeded campaign')} ${index + 1}`,
				color: `color_${(index % 12) + 1}`,
			});
			return id;
		},
		content_categories: (index) => {
			const id = store.newId();
			store.data.contentCategories.push({
				id,
				workspaceId: space.id,
				name: `${text('name', 'Seeded category')} ${index + 1}`,
				color: `color_${(index % 12) + 1}`,
				color_code: '#888888',
				state: 'active',
				accountIds: (template.account_ids as string[] | undefined) ?? [],
				slots_count: 0,
				global: false,
			});
			return id;
		},
		team_members: (index) => {
			const userId = store.newId();
			const name = `${text('name', 'Seeded Member')} ${index + 1}`;
			store.data.users.push({
				id: userId,
				name,
				email: `member${index + 1}.${userId.slice(-6)}@demo.social`,
				profile_picture: null,
			});
			store.data.members.push({
				id: store.newId(),
				workspaceId: space.id,
				userId,
				role: text('role', 'collaborator'),
				membership: 'team',
			});
			return userId;
		},
		media: (index) => {
			const id = store.newId();
			const name = `${text('name', 'seeded')}-${index + 1}.png`;
			store.data.media.push({
				id,
				workspaceId: space.id,
				name,
				url: `https://images.demo.social/${name}`,
				mime_type: 'image/png',
				extension: 'png',
				size: 1000 + index,
				type: 'image',
				folder_id: null,
				is_processing: false,
				created_at: clock.iso(),
				width: 100,
				height: 100,
				bytes: null,
			});
			return id;
		},
		// comments: on the post `post_id` of the template, written by Alex.
		comments: (index) => {
			const post = store.post(space.id, text('post_id', ''));
			if (!post) throw fail(404, `No post ${text('post_id', '')} in workspace ${space.id}`);
			const id = store.newId();
			store.data.comments.push({
				id,
				postId: post.id,
				comment: `${text('comment', 'Seeded comment')} #${index + 1}`,
				is_note: false,
				mentionedUserIds: [],
				authorUserId: DEMO.users.alex.id,
				created_at: clock.iso(),
				updated_at: clock.iso(),
			});
			return id;
		},
		workspaces: (index) => {
			const id = store.newId();
			const name = `${text('name', 'Seeded workspace')} ${index + 1}`;
			store.data.workspaces.push({
				id,
				name,
				slug: name.toLowerCase().replace(/\W+/g, '-'),
				// null: a workspace record without a zone (what a node must cope with).
				timezone: template.timezone === null ? null : text('timezone', 'UTC'),
				accountCap: null,
			});
			const owner = store.data.members.find((member) => member.role === 'owner') as {
				userId: string;
			};
			store.data.members.push({
				id: store.newId(),
				workspaceId: id,
				userId: owner.userId,
				role: 'owner',
				membership: 'team',
			});
			return id;
		},
	};
	return Array.from({ length: count }, (_, index) => make[resource](index));
}
