// Everything one running sandbox holds: the records, its clock, and the control surface's
// settings (faults, latency, rate limit, credits) with the request log.
import { Clock } from './clock.cts';
import { STAMP_EARLY_SECONDS } from './profile.cts';
import type { Profile } from './profile.cts';
import { demoData } from './demo-data.cts';
import { Store } from './state.cts';
import type { ApiKey, User, Workspace } from './state.cts';
import { Wire } from './wire.cts';
import type { ElsewhereRequest } from './elsewhere.cts';
import type { Socket } from 'node:net';

export interface RateLimit {
	limit: number;
	windowSeconds: number;
	/**
	 * false: answers carry no X-RateLimit-Limit, X-RateLimit-Remaining or Retry-After, and a 429
	 * tells only its body's `retry_after`, all the API description shows (default: true).
	 */
	headers?: boolean;
	/**
	 * Windows fixed to the clock, as a service that counts per clock minute: they begin at this
	 * time (ms since the epoch) and every `windowSeconds` after, whenever requests come, and each
	 * request's `window` is its window's place from then (1: the window that begins then).
	 * Default: a key's window begins with its first request after the last one ended.
	 */
	alignedAt?: number;
	/**
	 * Windows fixed to the clock as with `alignedAt`, placed so that the first request counted comes
	 * this many ms into its window, however soon the client starts sending (window 1 is its window).
	 */
	firstAtMs?: number;
	/**
	 * The answer to each window's first request is held this many ms after the service counted it
	 * and acted, so that it comes after the window's other answers: a service answering parallel
	 * requests out of order (default: none held).
	 */
	firstAnswerLateMs?: number;
}

/**
 * How fast the sandbox reads uploaded files: at `bytesPerSecond`, and, with `stallAfterBytes`, not
 * past that many bytes of a file at all (the connection is held until the client gives up).
 */
export interface UploadPace {
	bytesPerSecond: number;
	stallAfterBytes?: number;
}

/** How a fault answers: an error status, a dropped connection, no answer at all, or a 2xx body. */
export const FAULT_ANSWERS = ['status', 'drop', 'hang', 'body'] as const;
export type FaultAnswer = (typeof FAULT_ANSWERS)[number];
export const FAULT_MOMENTS = ['before', 'after'] as const;
export type FaultMoment = (typeof FAULT_MOMENTS)[number];

export interface Fault {
	method?: string;
	/** Exact path, or a prefix ending in `*`. */
	path: string;
	times?: number;
	/** How many matching requests pass untouched first: `skip: 6` meets the 7th (default 0). */
	skip?: number;
	/**
	 * `before` (default): answered instead of acting, nothing changes. `after`: the request is
	 * handled (a post, media asset, comment or account is created and logged), then its answer is
	 * replaced.
	 */
	when?: FaultMoment;
	/**
	 * `status`: `status` (default 500) with `body` (default an error envelope); `drop`: the
	 * connection is closed without an answer; `hang`: no answer, the connection held open for
	 * `holdMs`; `body`: a 2xx (`status`, default 200) with `body` (JSON; a string is sent as text) or,
	 * with `html`, the web app's page. Without it: `drop` if drop, `body` if html, `status` if a
	 * status or body is given, else the fault only delays.
	 */
	answer?: FaultAnswer;
	status?: number;
	body?: unknown;
	headers?: Record<string, string>;
	/** With a 3xx `status`: a Location at the other origin, with the request's path and query. */
	elsewhere?: boolean;
	html?: boolean;
	drop?: boolean;
	/** Answers as the service does once the plan's API credits are used up: a 403 with its body. */
	credits?: boolean;
	delayMs?: number;
	/** hang: how long the connection is held before it is closed (default 120 s; also on stop and reset). */
	holdMs?: number;
}

/** Random faults for a soak: each matching request meets one with `probability`, drawn from `seed`. */
export interface RandomFaults {
	seed: number;
	probability: number;
	/** Which requests; default: POST on the create paths (posts, media, comments, add account). */
	method?: string;
	path?: string;
	/** The kinds drawn from; default all four. */
	answers?: FaultAnswer[];
	/** Before or after acting; default both. */
	when?: FaultMoment[];
	holdMs?: number;
}

/** A random fault as it was drawn, in request order. */
export interface DrawnFault {
	/** Which matching request met it: 1 for the first the random faults saw. */
	nth: number;
	method: string;
	path: string;
	when: FaultMoment;
	answer: FaultAnswer;
	/** The status answered; null for drop and hang. */
	status: number | null;
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
	/** The sandbox's clock when it answered (or dropped) the request, so tests measure waits on it. */
	at: string;
	/**
	 * The order the request came in, from 1 (`seq` is the order of the answers): a client's pages
	 * read at once are answered in any order.
	 */
	arrived: number;
	/**
	 * The posts list only: the IDs its answer held, in its order. In a list drawn anew for every
	 * request no other request can tell what a reader was shown.
	 */
	listed?: string[];
	/**
	 * Under a rate limit: which of its key's windows the request counted in, from 1 (since the
	 * limit was set or the sandbox reset; with windows fixed to the clock, since `alignedAt`), so
	 * tests read how many requests each window took and which windows went unused.
	 */
	window?: number;
	/**
	 * Under a rate limit: how many API requests the sandbox was handling when it came in, itself
	 * included, so tests read whether a window's requests went at once or one after another.
	 */
	alongside?: number;
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
		/** The IDs a posts list answered, for the log. */
		loggedListed: string[] | null;
		/** Its place in the order requests came in (Runtime.arrival). */
		arrived: number;
		/** The rate limit's window it counted in (Runtime.countRequest), 0 without a limit. */
		rateWindow: number;
		/** API requests in flight when it came in, itself included (Runtime.countInFlight). */
		alongside: number;
		/** A fault to apply once the request has been handled. */
		afterFault: Fault | null;
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
	/** The other origin (elsewhere.cts), and what reached it since the last reset. */
	elsewhereUrl = '';
	elsewhere: ElsewhereRequest[] = [];
	faults: (Fault & { remaining: number })[] = [];
	randomFaults: {
		spec: RandomFaults;
		draw: () => number;
		seen: number;
		drawn: DrawnFault[];
	} | null = null;
	/** Connections a `hang` fault holds open, each with the timer that closes it. */
	private readonly held = new Map<Socket, NodeJS.Timeout>();
	/** Delays under way (faults' delayMs, latency), each with the function that ends it now. */
	private readonly delays = new Set<() => void>();
	latencyMs = 0;
	/** A further wait drawn per request from a seed, below `upToMs`: a network whose delay varies. */
	latencySpread: { upToMs: number; draw: () => number } | null = null;
	uploadPace: UploadPace | null = null;
	rateLimit: RateLimit | null;
	/** The limit the sandbox started with, which a reset restores. */
	private readonly startRateLimit: RateLimit | null;
	/** Per key: when its window started, how many requests it holds, and its place from 1. */
	windows = new Map<string, { startedAt: number; count: number; number: number }>();
	credits: number | null = null;
	/** Where the description is silent: how this sandbox answers (profile.cts). */
	profile: Profile;
	private readonly startProfile: Profile;
	private seq = 0;
	private arrivals = 0;
	/**
	 * Requests that may have changed the data (any but a GET), counted as they reach their route and
	 * again as their answer goes: what a read kept from the data is good while this holds.
	 */
	writes = 0;

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
		this.concurrency.max = this.concurrency.now;
		this.store = new Store(demoData(this.clock.now()));
		this.requests = [];
		this.elsewhere = [];
		this.faults = [];
		this.randomFaults = null;
		this.releaseHeld();
		this.latencyMs = 0;
		this.latencySpread = null;
		this.uploadPace = null;
		this.credits = null;
		this.windows.clear();
		this.seq = 0;
		this.arrivals = 0;
		this.rateLimit = rateLimit === undefined ? this.startRateLimit : rateLimit;
		this.profile = { ...this.startProfile };
	}

	/** API requests being handled now, and the most at once since the last reset. */
	readonly concurrency = { now: 0, max: 0 };

	/**
	 * Counts one API request in until its connection closes (answered, dropped or abandoned);
	 * answers how many are in flight with it.
	 */
	countInFlight(done: { once(event: 'close', listener: () => void): unknown }): number {
		this.concurrency.now += 1;
		this.concurrency.max = Math.max(this.concurrency.max, this.concurrency.now);
		done.once('close', () => {
			this.concurrency.now -= 1;
		});
		return this.concurrency.now;
	}

	/**
	 * The time a change made now is stamped with (`updated_at`, `published_at`, an approver's action),
	 * as the profile's stampPrecision says; a change of status by the service's own jobs (`job`) also
	 * as its stampTime says.
	 */
	stamp(job = false): string {
		const early = job && this.profile.stampTime === 'early' ? STAMP_EARLY_SECONDS * 1000 : 0;
		const at = new Date(this.clock.now().getTime() - early).toISOString();
		return this.profile.stampPrecision === 'seconds' ? at.replace(/\.\d{3}Z$/, 'Z') : at;
	}

	/** How records and IDs go over the wire under the current profile. */
	wire(): Wire {
		return new Wire(this.profile, this.store);
	}

	/** Holds a connection open without answering, until `ms` pass, the client leaves, or a stop. */
	hold(socket: Socket, ms: number): void {
		const timer = setTimeout(() => socket.destroy(), ms);
		this.held.set(socket, timer);
		socket.once('close', () => {
			clearTimeout(timer);
			this.held.delete(socket);
		});
	}

	/**
	 * Waits `ms`, or less if the sandbox is reset or stopped first: a delay whose client gave up
	 * (a timeout test) must not keep a timer running after the test file, or jest's worker cannot exit.
	 */
	delay(ms: number): Promise<void> {
		return new Promise((resolve) => {
			const end = () => {
				clearTimeout(timer);
				this.delays.delete(end);
				resolve();
			};
			const timer = setTimeout(end, ms);
			this.delays.add(end);
		});
	}

	/** Closes the connections held open and ends the delays under way (on reset and on stop). */
	releaseHeld(): void {
		for (const [socket, timer] of this.held) {
			clearTimeout(timer);
			socket.destroy();
		}
		this.held.clear();
		for (const end of [...this.delays]) end();
	}

	arrival(): number {
		this.arrivals += 1;
		return this.arrivals;
	}

	log(entry: Omit<LoggedRequest, 'seq'>): void {
		this.seq += 1;
		this.requests.push({ seq: this.seq, ...entry });
	}

	keyName(value: string | undefined): string | null {
		if (value === undefined || value === '') return null;
		return this.store.data.keys.find((key) => key.value === value)?.name ?? 'unknown';
	}

	/**
	 * Takes the first fault matching the request, counting it down. A fault still skipping counts
	 * the request as one it let pass, and the next matching fault is asked.
	 */
	takeFault(method: string, path: string): Fault | undefined {
		const fault = this.faults.find((each) => {
			const matches =
				each.remaining > 0 &&
				(each.method === undefined || each.method.toUpperCase() === method) &&
				(each.path.endsWith('*') ? path.startsWith(each.path.slice(0, -1)) : path === each.path);
			if (!matches || !each.skip) return matches;
			each.skip -= 1;
			return false;
		});
		if (!fault) return undefined;
		fault.remaining -= 1;
		this.faults = this.faults.filter((each) => each.remaining > 0);
		return fault;
	}

	/** Counts a request against its key's window; answers how it stands. */
	countRequest(key: string): {
		limit: number;
		remaining: number;
		retryAfter: number;
		exceeded: boolean;
		headers: boolean;
		window: number;
	} | null {
		if (!this.rateLimit) return null;
		const now = Date.now();
		const windowMs = this.rateLimit.windowSeconds * 1000;
		const first = this.rateLimit.firstAtMs;
		if (first !== undefined && this.rateLimit.alignedAt === undefined)
			this.rateLimit = { ...this.rateLimit, alignedAt: now - first };
		const aligned = this.rateLimit.alignedAt;
		let window = this.windows.get(key);
		if (!window || now - window.startedAt >= windowMs) {
			const place = aligned === undefined ? 0 : Math.floor((now - aligned) / windowMs);
			window =
				aligned === undefined
					? { startedAt: now, count: 0, number: (window?.number ?? 0) + 1 }
					: { startedAt: aligned + place * windowMs, count: 0, number: place + 1 };
			this.windows.set(key, window);
		}
		window.count += 1;
		return {
			window: window.number,
			limit: this.rateLimit.limit,
			remaining: Math.max(0, this.rateLimit.limit - window.count),
			retryAfter: Math.max(1, Math.ceil((window.startedAt + windowMs - now) / 1000)),
			exceeded: window.count > this.rateLimit.limit,
			headers: this.rateLimit.headers !== false,
		};
	}
}
