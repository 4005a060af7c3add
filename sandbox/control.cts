// The control surface under /__sandbox: reset, request log, the other origin's log, faults,
// latency, rate limit, credits, account cap, clock, simulated changes over time and bulk seeding.
// It needs no API key and is never written to the request log.
import type { FastifyInstance } from 'fastify';

import { SEED_RESOURCES, SIMULATE_ACTIONS, seed, simulate } from './changes.cts';
import type { SeedRequest, SimulateRequest } from './changes.cts';
import type { ClockSettings } from './clock.cts';
import { fail } from './errors.cts';
import { DEMO } from './demo-data.cts';
import { startRandomFaults } from './faults.cts';
import { seededRandom, withChoices } from './profile.cts';
import { FAULT_ANSWERS, FAULT_MOMENTS } from './runtime.cts';
import type { Fault, RandomFaults, RateLimit, Runtime, UploadPace } from './runtime.cts';

const string = { type: 'string' } as const;
const integer = (minimum: number) => ({ type: 'integer', minimum });
const nullable = (schema: object) => ({ anyOf: [schema, { type: 'null' }] });

const rateLimitSchema = {
	type: 'object',
	properties: {
		limit: integer(1),
		windowSeconds: integer(1),
		headers: { type: 'boolean' },
		alignedAt: integer(0),
		firstAtMs: integer(0),
		firstAnswerLateMs: integer(0),
	},
	required: ['limit', 'windowSeconds'],
};

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
			skip: integer(0),
			status: { type: 'integer', minimum: 100, maximum: 599 },
			body: {},
			headers: { type: 'object', additionalProperties: string },
			elsewhere: { type: 'boolean' },
			html: { type: 'boolean' },
			drop: { type: 'boolean' },
			credits: { type: 'boolean' },
			delayMs: integer(0),
			when: { enum: FAULT_MOMENTS },
			answer: { enum: FAULT_ANSWERS },
			holdMs: integer(0),
		},
		required: ['path'],
	},
	randomFaults: {
		type: 'object',
		properties: {
			seed: integer(0),
			probability: { type: 'number', minimum: 0, maximum: 1 },
			method: string,
			path: { type: 'string', minLength: 1 },
			answers: { type: 'array', items: { enum: FAULT_ANSWERS } },
			when: { type: 'array', items: { enum: FAULT_MOMENTS } },
			holdMs: integer(0),
		},
		required: ['seed', 'probability'],
	},
	workspaceTimezone: {
		type: 'object',
		properties: { workspace_id: string, timezone: nullable(string) },
		required: ['workspace_id', 'timezone'],
	},
	latency: {
		type: 'object',
		properties: { ms: integer(0), spreadMs: integer(0), seed: integer(0) },
		required: ['ms'],
	},
	uploadPace: {
		anyOf: [
			{ type: 'null' },
			{
				type: 'object',
				properties: { bytesPerSecond: integer(1), stallAfterBytes: integer(0) },
				required: ['bytesPerSecond'],
			},
		],
	},
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
			offsetSeconds: { type: 'number' },
			dateHeader: { type: 'boolean' },
		},
		not: { required: ['now', 'offsetSeconds'] },
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
			label_ids: { type: 'array', items: string },
			scheduled_at: string,
			count: integer(1),
		},
		required: ['action', 'workspace_id'],
		allOf: [
			{
				if: {
					properties: {
						action: {
							enum: [
								'publish',
								'fail',
								'enter_review',
								'leave_review',
								'reject',
								'approve',
								'reorder_approvers',
								'miss_review',
								'edit',
							],
						},
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

	app.get(`${prefix}/info`, async () => ({
		ok: true,
		url: runtime.baseUrl,
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

	// The other origin redirect faults point at, and what reached it.
	app.get(`${prefix}/elsewhere`, async () => ({
		url: runtime.elsewhereUrl,
		requests: runtime.elsewhere,
	}));

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

	// Clears the injected faults and the random ones.
	app.delete(`${prefix}/faults`, async () => {
		runtime.faults = [];
		runtime.randomFaults = null;
		return { ok: true };
	});

	app.post<{ Body: RandomFaults }>(
		`${prefix}/random-faults`,
		{ schema: { body: schemas.randomFaults } },
		async (request) => {
			startRandomFaults(runtime, request.body);
			return { ok: true };
		},
	);

	// What the random faults met so far: how many requests matched, and the faults drawn.
	app.get(`${prefix}/random-faults`, async () => {
		const random = runtime.randomFaults;
		return random
			? { spec: random.spec, seen: random.seen, drawn: random.drawn }
			: { spec: null, seen: 0, drawn: [] };
	});

	app.post<{ Body: { ms: number; spreadMs?: number; seed?: number } }>(
		`${prefix}/latency`,
		{ schema: { body: schemas.latency } },
		async (request) => {
			const { ms, spreadMs, seed } = request.body;
			runtime.latencyMs = ms;
			// With a spread, each request waits `ms` plus a draw below `spreadMs`, from `seed`.
			runtime.latencySpread = spreadMs ? { upToMs: spreadMs, draw: seededRandom(seed ?? 1) } : null;
			return { ok: true };
		},
	);

	app.post<{ Body: UploadPace | null }>(
		`${prefix}/upload-pace`,
		{ schema: { body: schemas.uploadPace } },
		async (request) => {
			runtime.uploadPace = request.body ?? null;
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
			const workspace = runtime.store.workspace(request.body.workspace_id);
			if (!workspace) throw fail(404, `No workspace ${request.body.workspace_id}`);
			workspace.accountCap = request.body.cap;
			return { ok: true };
		},
	);

	// Any string is kept as the record's zone, valid or not; null leaves the record without one.
	app.post<{ Body: { workspace_id: string; timezone: string | null } }>(
		`${prefix}/workspace-timezone`,
		{ schema: { body: schemas.workspaceTimezone } },
		async (request) => {
			const workspace = runtime.store.workspace(request.body.workspace_id);
			if (!workspace) throw fail(404, `No workspace ${request.body.workspace_id}`);
			workspace.timezone = request.body.timezone;
			return { ok: true };
		},
	);

	// DEMO's identifiers as this profile answers them (account IDs differ under ids=numeric); the
	// API accepts both forms.
	app.get(`${prefix}/ids`, async () => {
		const wire = runtime.wire();
		return {
			...DEMO,
			accounts: Object.fromEntries(
				Object.entries(DEMO.accounts).map(([name, id]) => [name, wire.account(id)]),
			),
		};
	});

	app.post<{ Body: ClockSettings }>(
		`${prefix}/clock`,
		{ schema: { body: schemas.clock } },
		async (request) => {
			runtime.clock.set(request.body ?? {});
			const { clock } = runtime;
			return {
				ok: true,
				now: clock.iso(),
				offsetSeconds: clock.offsetSeconds(),
				dateHeader: clock.dateHeader,
			};
		},
	);

	app.get(`${prefix}/profile`, async () => runtime.profile);

	// How many API requests were handled at once: now, and at most since the last reset.
	app.get(`${prefix}/concurrency`, async () => ({ ...runtime.concurrency }));

	// Choices not named keep their value; each is checked against its allowed values.
	app.post<{ Body: Record<string, unknown> }>(`${prefix}/profile`, async (request) => {
		try {
			runtime.profile = withChoices(runtime.profile, request.body ?? {});
		} catch (error) {
			throw fail(400, (error as Error).message);
		}
		return runtime.profile;
	});

	app.post<{ Body: SimulateRequest }>(
		`${prefix}/simulate`,
		{ schema: { body: schemas.simulate } },
		async (request) => ({ ok: true, ids: simulate(runtime, request.body) }),
	);

	app.post<{ Body: SeedRequest }>(
		`${prefix}/seed`,
		{ schema: { body: schemas.seed } },
		async (request) => ({ ok: true, ids: seed(runtime, request.body) }),
	);
}
