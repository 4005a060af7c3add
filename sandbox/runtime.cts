// Everything one running sandbox holds: the records, its clock, and the control surface's
// settings (faults, latency, rate limit, credits) with the request log.
import { Clock } from './clock.cts';
import type { Profile } from './profile.cts';
import { demoData } from './demo-data.cts';
import { Store } from './state.cts';
import type { ApiKey, User, Workspace } from './state.cts';

export interface RateLimit {
	limit: number;
	windowSeconds: number;
}

export interface Fault {
	method?: string;
	path: string;
	times?: number;
	status?: number;
	body?: unknown;
	headers?: Record<string, string>;
	html?: boolean;
	drop?: boolean;
	delayMs?: number;
}

export interface LoggedFile {
	field: string;
	filename: string;
	mimetype: string;
	size: number;
	sha256: string;
}

export type LoggedBody = unknown | { fields: Record<string, unknown>; files: LoggedFile[] };

export interface LoggedRequest {
	seq: number;
	method: string;
	path: string;
	query: Record<string, string | string[]>;
	body: LoggedBody;
	/** null when the connection was dropped by a fault. */
	status: number | null;
	/** The key's name (`full`...), `unknown` for a key the sandbox does not know, null without one. */
	key: string | null;
}

/** Who is calling and where: set by the gate before a route runs. */
export interface Caller {
	key: ApiKey;
	user: User;
	workspace: Workspace | null;
}

declare module 'fastify' {
	interface FastifyRequest {
		caller: Caller | null;
		logged: boolean;
		loggedQuery: Record<string, string | string[]> | null;
		loggedBody: LoggedBody;
	}
	interface FastifyContextConfig {
		/** Status for a workspace the key cannot reach (section 5.6). */
		denyStatus?: 403 | 404;
		/** Status for a body or query that fails its schema: 400, or 422 VALIDATION_ERROR. */
		invalidStatus?: 400 | 422;
	}
}

export class Runtime {
	readonly clock = new Clock();
	store: Store;
	baseUrl = '';
	requests: LoggedRequest[] = [];
	faults: (Fault & { remaining: number })[] = [];
	latencyMs = 0;
	rateLimit: RateLimit | null;
	/** The limit the sandbox started with, which a reset restores. */
	private readonly startRateLimit: RateLimit | null;
	/** Per key: when its window started and how many requests it holds. */
	windows = new Map<string, { startedAt: number; count: number }>();
	credits: number | null = null;
	/** Where the description is silent: how this sandbox answers (profile.cts). */
	profile: Profile;
	private readonly startProfile: Profile;
	private seq = 0;

	constructor(rateLimit: RateLimit | null, profile: Profile) {
		this.rateLimit = rateLimit;
		this.startRateLimit = rateLimit;
		this.profile = { ...profile };
		this.startProfile = { ...profile };
		this.store = new Store(demoData(this.clock.now()));
	}

	/** Back to the demo data, the starting profile and the starting rate limit, or the one given. */
	reset(rateLimit?: RateLimit | null): void {
		this.clock.reset();
		this.store = new Store(demoData(this.clock.now()));
		this.requests = [];
		this.faults = [];
		this.latencyMs = 0;
		this.credits = null;
		this.windows.clear();
		this.seq = 0;
		this.rateLimit = rateLimit === undefined ? this.startRateLimit : rateLimit;
		this.profile = { ...this.startProfile };
	}

	log(entry: Omit<LoggedRequest, 'seq'>): void {
		this.seq += 1;
		this.requests.push({ seq: this.seq, ...entry });
	}

	keyName(value: string | undefined): string | null {
		if (value === undefined || value === '') return null;
		return this.store.data.keys.find((key) => key.value === value)?.name ?? 'unknown';
	}

	/** Takes the first fault matching the request, counting it down. */
	takeFault(method: string, path: string): Fault | undefined {
		const fault = this.faults.find(
			(each) =>
				each.remaining > 0 &&
				(each.method === undefined || each.method.toUpperCase() === method) &&
				(each.path.endsWith('*') ? path.startsWith(each.path.slice(0, -1)) : path === each.path),
		);
		if (!fault) return undefined;
		fault.remaining -= 1;
		this.faults = this.faults.filter((each) => each.remaining > 0);
		return fault;
	}

	/** Counts a request against its key's window; answers how it stands. */
	countRequest(
		key: string,
	): { limit: number; remaining: number; retryAfter: number; exceeded: boolean } | null {
		if (!this.rateLimit) return null;
		const now = Date.now();
		const windowMs = this.rateLimit.windowSeconds * 1000;
		let window = this.windows.get(key);
		if (!window || now - window.startedAt >= windowMs) {
			window = { startedAt: now, count: 0 };
			this.windows.set(key, window);
		}
		window.count += 1;
		return {
			limit: this.rateLimit.limit,
			remaining: Math.max(0, this.rateLimit.limit - window.count),
			retryAfter: Math.max(1, Math.ceil((window.startedAt + windowMs - now) / 1000)),
			exceeded: window.count > this.rateLimit.limit,
		};
	}
}
