// Typed access to a running sandbox's control surface, for tests, benchmarks and the demo.
import type { ClockSettings } from './clock.cts';
import type { SeedRequest, SimulateRequest } from './changes.cts';
import type { Profile } from './profile.cts';
import type { DEMO } from './demo-data.cts';
import type { ElsewhereRequest } from './elsewhere.cts';
import type {
	DrawnFault,
	Fault,
	LoggedRequest,
	RandomFaults,
	RateLimit,
	UploadPace,
} from './runtime.cts';

export type {
	ClockSettings,
	DrawnFault,
	ElsewhereRequest,
	Fault,
	LoggedRequest,
	RandomFaults,
	Profile,
	RateLimit,
	SeedRequest,
	SimulateRequest,
};

/** DEMO's shape with its identifiers as plain strings (their values depend on the profile). */
export type DemoIds = Widened<typeof DEMO>;
type Widened<T> = T extends string
	? string
	: T extends object
		? { [K in keyof T]: Widened<T[K]> }
		: T;

export interface RequestFilter {
	method?: string;
	/** Exact path, or a prefix ending in `*`. */
	path?: string;
	/** Key name, e.g. `full`. */
	key?: string;
}

export interface SandboxInfo {
	url: string;
	keys: { name: string; value: string; description: string }[];
	rateLimit: RateLimit | null;
}

export class SandboxControl {
	readonly url: string;

	constructor(url: string) {
		this.url = url.replace(/\/+$/, '');
	}

	private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
		const response = await fetch(`${this.url}/__sandbox/${path}`, {
			method,
			headers: body === undefined ? {} : { 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await response.text();
		let answer: T;
		try {
			answer = JSON.parse(text) as T;
		} catch {
			// Not the sandbox's answer: say whose it was rather than a bare parse error.
			throw new Error(
				`Sandbox control ${method} ${path}: not JSON (${response.status}): ${text.slice(0, 300)}`,
			);
		}
		if (!response.ok)
			throw new Error(
				`Sandbox control ${method} ${path} failed: ${response.status} ${JSON.stringify(answer)}`,
			);
		return answer;
	}

	info(): Promise<SandboxInfo> {
		return this.call('GET', 'info');
	}

	/**
	 * Back to the demo data; clears faults, latency, the log, credits and the clock. The rate limit
	 * returns to the one the sandbox started with, unless `rateLimit` is given (null: none).
	 */
	async reset(options: { rateLimit?: RateLimit | null } = {}): Promise<void> {
		await this.call('POST', 'reset', options);
	}

	requests(filter: RequestFilter = {}): Promise<LoggedRequest[]> {
		const query = new URLSearchParams(
			Object.entries(filter).filter((entry): entry is [string, string] => entry[1] !== undefined),
		);
		return this.call('GET', `requests${query.size ? `?${query}` : ''}`);
	}

	/** The other origin that redirect faults (`elsewhere: true`) point at, and what reached it. */
	elsewhere(): Promise<{ url: string; requests: ElsewhereRequest[] }> {
		return this.call('GET', 'elsewhere');
	}

	async clearRequests(): Promise<void> {
		await this.call('DELETE', 'requests');
	}

	async fault(spec: Fault): Promise<void> {
		await this.call('POST', 'faults', spec);
	}

	/** Clears injected and random faults. */
	async clearFaults(): Promise<void> {
		await this.call('DELETE', 'faults');
	}

	/** From now on, each matching request meets a random fault with `probability`, drawn from `seed`. */
	async randomFaults(spec: RandomFaults): Promise<void> {
		await this.call('POST', 'random-faults', spec);
	}

	/** What the random faults met: matching requests seen, and the faults drawn in order. */
	randomFaultsDrawn(): Promise<{ spec: RandomFaults | null; seen: number; drawn: DrawnFault[] }> {
		return this.call('GET', 'random-faults');
	}

	/** Sets a workspace record's time zone as given (even an invalid one); null: the record has none. */
	async workspaceTimezone(workspaceId: string, timezone: string | null): Promise<void> {
		await this.call('POST', 'workspace-timezone', { workspace_id: workspaceId, timezone });
	}

	/** DEMO's identifiers as the current profile answers them (account IDs differ under ids=numeric). */
	ids(): Promise<DemoIds> {
		return this.call('GET', 'ids');
	}

	/** Every API request waits `ms`, plus, with a spread, a seeded draw below `spreadMs` each. */
	async latency(ms: number, spread?: { spreadMs: number; seed: number }): Promise<void> {
		await this.call('POST', 'latency', { ms, ...spread });
	}

	/** Reads uploads slowly, or stalls them part-way; null: as fast as they come. */
	async uploadPace(pace: UploadPace | null): Promise<void> {
		await this.call('POST', 'upload-pace', pace);
	}

	async rateLimit(spec: RateLimit | null): Promise<void> {
		await this.call('POST', 'rate-limit', spec);
	}

	async credits(remaining: number | null): Promise<void> {
		await this.call('POST', 'credits', { remaining });
	}

	async accountCap(workspaceId: string, cap: number | null): Promise<void> {
		await this.call('POST', 'account-cap', { workspace_id: workspaceId, cap });
	}

	/** API requests being handled now, and the most at once since the last reset. */
	concurrency(): Promise<{ now: number; max: number }> {
		return this.call('GET', 'concurrency');
	}

	/** Sets some of the profile's choices (the others keep theirs); answers the whole profile. */
	profile(choices: Partial<Profile> = {}): Promise<Profile> {
		return Object.keys(choices).length === 0
			? this.call('GET', 'profile')
			: this.call('POST', 'profile', choices);
	}

	/**
	 * Sets, freezes, advances or offsets the sandbox clock (`offsetSeconds: -600`: 10 minutes
	 * behind the real one), or drops its Date header; answers the clock's time afterwards.
	 */
	async clock(settings: ClockSettings): Promise<string> {
		return (await this.call<{ now: string }>('POST', 'clock', settings)).now;
	}

	/** A change over time (publish, fail, review...); answers the ids of the posts it touched or made. */
	async simulate(request: SimulateRequest): Promise<string[]> {
		return (await this.call<{ ids: string[] }>('POST', 'simulate', request)).ids;
	}

	/** Bulk-creates records; answers their ids. */
	async seed(request: SeedRequest): Promise<string[]> {
		return (await this.call<{ ids: string[] }>('POST', 'seed', request)).ids;
	}
}
