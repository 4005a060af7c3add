import { createHash } from 'crypto';
import { sleep } from 'n8n-workflow';

/**
 * Pacing shared by every request with the same credential in this n8n process, so that parallel
 * items and executions started at once do not each run into the rate limit:
 * - it starts no more requests than the service's last `X-RateLimit-Remaining` allows;
 * - after a 429, every request waits until the window the service named has passed.
 * Keyed by the Base URL and a hash of the API key; the key itself is never kept.
 */
export class Gate {
	/** What the service last said is left of its window; undefined when unknown. */
	private remaining: number | undefined;
	private inFlight = 0;
	/** Until when (ms since the epoch) no request may start, after a 429. */
	private closedUntil = 0;
	private waiting: Array<() => void> = [];

	/** How long a request would wait now for the window to reopen, in ms. */
	closedFor(): number {
		return Math.max(0, this.closedUntil - Date.now());
	}

	/** Waits for a turn: the window open, and fewer requests in flight than the service allows. */
	async enter(): Promise<void> {
		for (;;) {
			const closed = this.closedFor();
			if (closed > 0) {
				await sleep(closed);
				continue;
			}
			// With nothing in flight one request may always go: it learns the window's state.
			if (this.remaining === undefined || this.inFlight === 0 || this.inFlight < this.remaining) {
				this.inFlight += 1;
				return;
			}
			await new Promise<void>((resolve) => this.waiting.push(resolve));
		}
	}

	/** A request ended; `remaining` is the service's X-RateLimit-Remaining, when it gave one. */
	leave(remaining: number | undefined): void {
		this.inFlight = Math.max(0, this.inFlight - 1);
		if (remaining !== undefined) this.remaining = remaining;
		this.wake();
	}

	/** A 429: nobody starts until the window has passed; then the window's count is unknown again. */
	close(seconds: number): void {
		const until = Date.now() + seconds * 1000;
		if (until > this.closedUntil) {
			this.closedUntil = until;
			this.remaining = undefined;
		}
		this.wake();
	}

	private wake(): void {
		const waiting = this.waiting;
		this.waiting = [];
		for (const resolve of waiting) resolve();
	}
}

const gates = new Map<string, Gate>();

/** The gate of one credential: its Base URL and a hash of its key. */
export function gateFor(baseUrl: string, apiKey: string): Gate {
	const key = `${baseUrl} ${createHash('sha256').update(apiKey).digest('hex').slice(0, 32)}`;
	let gate = gates.get(key);
	if (!gate) {
		gate = new Gate();
		gates.set(key, gate);
	}
	return gate;
}

/** At most `limit` holders at once; the others wait in order. */
export class Slots {
	private used = 0;
	private waiting: Array<() => void> = [];

	constructor(private readonly limit: number) {}

	async take(): Promise<void> {
		if (this.used < this.limit) {
			this.used += 1;
			return;
		}
		await new Promise<void>((resolve) => this.waiting.push(resolve));
	}

	give(): void {
		const next = this.waiting.shift();
		if (next) next();
		else this.used -= 1;
	}
}

/** The requests one execution may have in flight at once (Options > Parallel Requests). */
const slotsByExecution = new WeakMap<object, Slots>();

export function slotsOf(execution: object, limit: number): Slots {
	let slots = slotsByExecution.get(execution);
	if (!slots) {
		slots = new Slots(limit);
		slotsByExecution.set(execution, slots);
	}
	return slots;
}
