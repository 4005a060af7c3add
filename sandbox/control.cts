// The control surface under /__sandbox: reset, request log, faults, latency, rate limit, credits,
// account cap, clock, simulated changes over time and bulk seeding. It needs no API key and is
// never written to the request log.
import type { FastifyInstance } from 'fastify';

import { fail } from './errors.cts';
import { PLATFORMS, POST_STATUSES } from './limits.cts';
import type { Platform, PostStatus } from './limits.cts';
import { applyApproval, createPost } from './routes/posts.cts';
import type { Fault, RateLimit, Runtime } from './runtime.cts';
import type { ClockSettings } from './clock.cts';
import type { Post, Workspace } from './state.cts';
import { objectId } from './state.cts';

const string = { type: 'string' } as const;
const integer = (minimum: number) => ({ type: 'integer', minimum });
const nullable = (schema: object) => ({ anyOf: [schema, { type: 'null' }] });

const rateLimitSchema = {
	type: 'object',
	properties: { limit: integer(1), windowSeconds: integer(1) },
	required: ['limit', 'windowSeconds'],
};

const SIMULATE_ACTIONS = [
	'publish',
	'fail',
	'enter_review',
	'leave_review',
	'create_pending',
	'reject',
] as const;
const SEED_RESOURCES = [
	'posts',
	'accounts',
	'labels',
	'campaigns',
	'content_categories',
	'team_members',
	'media',
	'workspaces',
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
	/** reject: which approver rejects (default the first). */
	user_id?: string;
	note?: string;
	created_by_user_id?: string;
	text?: string;
	count?: number;
}

export interface SeedRequest {
	workspace_id?: string;
	resource: SeedResource;
	count: number;
	template?: Record<string, unknown>;
}

const schemas = {
	reset: {
		anyOf: [
			{ type: 'null' },
			{ type: 'object', properties: { rateLimit: nullable(rateLimitSchema) } },
		],
	},
	fault: {
		type: 'object',
		properties: {
			method: string,
			path: { type: 'string', minLength: 1 },
			times: integer(1),
			status: { type: 'integer', minimum: 100, maximum: 599 },
			body: {},
			headers: { type: 'object', additionalProperties: string },
			html: { type: 'boolean' },
			drop: { type: 'boolean' },
			delayMs: integer(0),
		},
		required: ['path'],
	},
	latency: { type: 'object', properties: { ms: integer(0) }, required: ['ms'] },
	rateLimit: { anyOf: [{ type: 'null' }, rateLimitSchema] },
	credits: {
		type: 'object',
		properties: { remaining: nullable(integer(0)) },
		required: ['remaining'],
	},
	accountCap: {
		type: 'object',
		properties: { workspace_id: string, cap: nullable(integer(0)) },
		required: ['workspace_id', 'cap'],
	},
	clock: {
		type: 'object',
		properties: {
			now: { type: 'string', format: 'date-time' },
			frozen: { type: 'boolean' },
			advanceSeconds: { type: 'number' },
		},
	},
	simulate: {
		type: 'object',
		properties: {
			action: { enum: SIMULATE_ACTIONS },
			workspace_id: string,
			post_id: string,
			account_ids: { type: 'array', items: string },
			approvers: { type: 'array', items: string, minItems: 1 },
			approve_option: { enum: ['anyone', 'all', 'everyone'] },
			user_id: string,
			note: string,
			created_by_user_id: string,
			text: string,
			count: integer(1),
		},
		required: ['action', 'workspace_id'],
		allOf: [
			{
				if: {
					properties: {
						action: { enum: ['publish', 'fail', 'enter_review', 'leave_review', 'reject'] },
					},
				},
				then: { required: ['post_id'] },
			},
			{
				if: { properties: { action: { const: 'create_pending' } } },
				then: { required: ['created_by_user_id', 'approvers'] },
			},
		],
	},
	seed: {
		type: 'object',
		properties: {
			workspace_id: string,
			resource: { enum: SEED_RESOURCES },
			count: { type: 'integer', minimum: 1, maximum: 5000 },
			template: { type: 'object' },
		},
		required: ['resource', 'count'],
	},
};

export function registerControl(app: FastifyInstance, runtime: Runtime) {
	const prefix = '/__sandbox';
	const workspace = (id: string | undefined): Workspace => {
		const found = runtime.store.workspace(id ?? runtime.store.data.workspaces[0].id);
		if (!found) throw fail(404, `No workspace ${id}`);
		return found;
	};
	const post = (workspaceId: string, id: string | undefined): Post => {
		const found = runtime.store.post(workspaceId, id ?? '');
		if (!found) throw fail(404, `No post ${id} in workspace ${workspaceId}`);
		return found;
	};

	app.get(`${prefix}/info`, async () => ({
		ok: true,
		url: runtime.baseUrl,
		baseUrl: runtime.baseUrl,
		keys: runtime.store.data.keys.map(({ name, value, description }) => ({
			name,
			value,
			description,
		})),
		rateLimit: runtime.rateLimit,
	}));

	app.post<{ Body: { rateLimit?: RateLimit | null } | null }>(
		`${prefix}/reset`,
		{ schema: { body: schemas.reset } },
		async (request) => {
			runtime.reset(request.body?.rateLimit);
			return { ok: true };
		},
	);

	app.get<{ Querystring: { method?: string; path?: string; key?: string } }>(
		`${prefix}/requests`,
		async (request) => {
			const { method, path, key } = request.query;
			return runtime.requests.filter(
				(entry) =>
					(!method || entry.method === method.toUpperCase()) &&
					(!path ||
						(path.endsWith('*')
							? entry.path.startsWith(path.slice(0, -1))
							: entry.path === path)) &&
					(!key || entry.key === key),
			);
		},
	);

	app.delete(`${prefix}/requests`, async () => {
		runtime.requests = [];
		return { ok: true };
	});

	app.post<{ Body: Fault }>(
		`${prefix}/faults`,
		{ schema: { body: schemas.fault } },
		async (request) => {
			runtime.faults.push({ ...request.body, remaining: request.body.times ?? 1 });
			return { ok: true, pending: runtime.faults.length };
		},
	);

	app.delete(`${prefix}/faults`, async () => {
		runtime.faults = [];
		return { ok: true };
	});

	app.post<{ Body: { ms: number } }>(
		`${prefix}/latency`,
		{ schema: { body: schemas.latency } },
		async (request) => {
			runtime.latencyMs = request.body.ms;
			return { ok: true };
		},
	);

	app.post<{ Body: RateLimit | null }>(
		`${prefix}/rate-limit`,
		{ schema: { body: schemas.rateLimit } },
		async (request) => {
			runtime.rateLimit = request.body ?? null;
			runtime.windows.clear();
			return { ok: true, rateLimit: runtime.rateLimit };
		},
	);

	app.post<{ Body: { remaining: number | null } }>(
		`${prefix}/credits`,
		{ schema: { body: schemas.credits } },
		async (request) => {
			runtime.credits = request.body.remaining;
			return { ok: true };
		},
	);

	app.post<{ Body: { workspace_id: string; cap: number | null } }>(
		`${prefix}/account-cap`,
		{ schema: { body: schemas.accountCap } },
		async (request) => {
			workspace(request.body.workspace_id).accountCap = request.body.cap;
			return { ok: true };
		},
	);

	app.post<{ Body: ClockSettings }>(
		`${prefix}/clock`,
		{ schema: { body: schemas.clock } },
		async (request) => {
			runtime.clock.set(request.body ?? {});
			return { ok: true, now: runtime.clock.iso() };
		},
	);

	app.post<{ Body: SimulateRequest }>(
		`${prefix}/simulate`,
		{ schema: { body: schemas.simulate } },
		async (request) => {
			const body = request.body;
			const space = workspace(body.workspace_id);
			const now = runtime.clock.iso();
			const approvers = body.approvers ?? [objectId('64a1', 1)];
			if (body.action === 'create_pending') {
				const accountIds = runtime.store
					.accountsOf(space.id)
					.slice(0, 1)
					.map((account) => account.id);
				const ids = Array.from(
					{ length: body.count ?? 1 },
					(_, index) =>
						createPost(runtime.store, space, now, {
							text: `${body.text ?? 'Post waiting for approval'}${(body.count ?? 1) > 1 ? ` #${index + 1}` : ''}`,
							accountIds,
							createdByUserId: body.created_by_user_id as string,
							publishType: 'scheduled',
							approval: {
								approvers,
								approve_option: body.approve_option ?? 'anyone',
								notes: body.note ?? null,
							},
						}).id,
				);
				return { ok: true, ids };
			}
			const target = post(space.id, body.post_id);
			const changes: Record<Exclude<SimulateAction, 'create_pending'>, () => void> = {
				publish: () => {
					const published = body.account_ids ?? target.accountIds;
					target.publishedOn = Object.fromEntries(
						published.map((id) => [
							id,
							`https://social.demo/${encodeURIComponent(id)}/posts/${target.id}`,
						]),
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
							body.approve_option === 'anyone' || body.approve_option === undefined
								? 'anyone'
								: 'all',
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
				reject: () => {
					const userId = body.user_id ?? target.approval?.approvers[0]?.user_id;
					if (!userId) throw fail(400, 'The post has no approvers to reject it.');
					applyApproval(target, userId, 'reject', body.note ?? null, now);
				},
			};
			changes[body.action]();
			target.updated_at = now;
			return { ok: true, ids: [target.id] };
		},
	);

	app.post<{ Body: SeedRequest }>(
		`${prefix}/seed`,
		{ schema: { body: schemas.seed } },
		async (request) => {
			const { resource, count } = request.body;
			const template = request.body.template ?? {};
			const space = workspace(request.body.workspace_id);
			const { store, clock } = runtime;
			const text = (key: string, fallback: string) =>
				typeof template[key] === 'string' ? (template[key] as string) : fallback;
			const make: Record<SeedResource, (index: number) => string> = {
				posts: (index) => {
					const created = createPost(store, space, clock.iso(), {
						text: `${text('text', 'Seeded post')} #${index + 1}`,
						accountIds:
							(template.account_ids as string[] | undefined) ??
							store
								.accountsOf(space.id)
								.slice(0, 1)
								.map((account) => account.id),
						createdByUserId: text('created_by_user_id', objectId('64a1', 1)),
						publishType: 'scheduled',
						scheduledAt: (template.scheduled_at as string | undefined) ?? null,
						approval: template.approvers
							? { approvers: template.approvers as string[], approve_option: 'anyone' }
							: undefined,
					});
					const status = template.status as PostStatus | undefined;
					if (status && (POST_STATUSES as readonly string[]).includes(status))
						created.status = status;
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
				workspaces: (index) => {
					const id = store.newId();
					const name = `${text('name', 'Seeded workspace')} ${index + 1}`;
					store.data.workspaces.push({
						id,
						name,
						slug: name.toLowerCase().replace(/\W+/g, '-'),
						timezone: text('timezone', 'UTC'),
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
			return { ok: true, ids: Array.from({ length: count }, (_, index) => make[resource](index)) };
		},
	);
}
