import { createHash } from 'crypto';
import { sleep } from 'n8n-workflow';

/** An answer's X-RateLimit-Remaining and -Limit, whether a 429, and when its request started. */
type Counts = { remaining?: number; limit?: number; refused?: boolean; enteredAt: number };

/**
 * Pacing shared by every request with the same credential in this n8n process, so that parallel
 * items and executions started at once do not each run into the rate limit:
 * - it starts no more requests than the service's last `X-RateLimit-Remaining` allows;
 * - after a 429, every request waits until the window the service named has passed, and the
 *   refused requests go first, no more than a window allows, so none is refused twice;
 * - from the first 429 it learns how long a window lasts and, without X-RateLimit headers, how
 *   many requests it holds (what passed in it), so once a later window's count is used up it
 *   waits for the next window instead of spending a request to be told so.
 * Keyed by the Base URL and a hash of the API key; the key itself is never kept.
 */
export class Gate {
	/** Requests that may still start in the service's current window; undefined when unknown. */
	private budget: number | undefined;
	/** What a fresh window allows: the service's X-RateLimit-Limit, or what the gate counted. */
	private limit: number | undefined;
	private inFlight = 0;
	/** Until when (ms since the epoch) no request may start: a 429, or a window used up. */
	private closedUntil = 0;
	private refusedUntil = 0;
	private reopening = false;
	/**
	 * The first request the service counted in its current window: when the gate let it start
	 * (no later than the window began) and when its answer came (no earlier). Both err on the safe
	 * side: a window's length is measured from the first, the next window awaited from the second.
	 */
	private windowStart: { enteredAt: number; answeredAt: number } | undefined;
	private windowMs: number | undefined;
	/** Whether the service sends X-RateLimit-Remaining; until it does, the gate counts for itself. */
	private told = false;
	/** Without the headers: when the window the gate counts in opened, what passed in it, any 429. */
	private own = { openedAt: -1, passed: 0, refused: false };
	/** Requests waiting for their turn; those refused by a 429 go first when the window reopens. */
	private queue: Array<{ retry: boolean; admit: (at: number) => void }> = [];

	/** The quota a minute, as the service's headers or the gate's count tell; undefined until then. */
	perMinute = () => this.limit && (this.limit * 60_000) / (this.windowMs ?? 60_000);

	/** How long a request would wait now for the window to reopen, in ms. */
	closedFor = (): number => Math.max(0, this.closedUntil - Date.now());

	/** Waits for a turn and says when it came; `retry`, sent again after a 429, goes before new ones. */
	async enter(retry = false): Promise<number> {
		return await new Promise<number>((admit) => {
			const waiter = { retry, admit };
			const at = retry ? this.queue.findIndex((each) => !each.retry) : -1;
			this.queue.splice(at === -1 ? this.queue.length : at, 0, waiter);
			this.pump();
		});
	}

	/**
	 * A request ended, with no answer or with what its answer told. From a service that sends the
	 * headers, an answer without them makes the count unknown again; while the window is closed,
	 * old counts are not news.
	 */
	leave(answer?: Counts): void {
		this.inFlight = Math.max(0, this.inFlight - 1);
		if (answer?.remaining !== undefined) this.told = true;
		if (answer && !this.told) this.count(answer);
		if (answer?.limit !== undefined && answer.limit !== this.limit) {
			// Another quota: how long the old one's window lasted says nothing of the new one.
			this.limit = answer.limit;
			this.windowMs = undefined;
		}
		if (answer?.remaining !== undefined && answer.remaining === (this.limit ?? 0) - 1) {
			this.windowStart = { enteredAt: answer.enteredAt, answeredAt: Date.now() };
			this.learnWindow();
		}
		if (answer && this.closedFor() > 0) {
			// The 429 that closed the window, or an answer after it, may be the first to tell the limit.
			this.budget = this.limit;
		} else if (answer && this.told) {
			this.budget =
				answer.remaining === undefined ? undefined : Math.max(0, answer.remaining - this.inFlight);
			if (answer.remaining === 0) this.waitForNextWindow(answer.enteredAt);
		}
		this.pump();
	}

	/** A 429: nobody starts until the window has passed; a fresh window then allows its limit. */
	close(seconds: number): void {
		this.refusedUntil = Date.now() + seconds * 1000;
		this.closedUntil = Math.max(this.closedUntil, this.refusedUntil);
		this.budget = this.limit;
		this.learnWindow();
		this.pump();
	}

	/**
	 * No headers: an answer to a request of the window the gate counts in. The first that passes
	 * bounds when the service's window began; a 429 says it had not begun (windows fixed to the
	 * clock end at set times, not a window after the first request). Once a 429 came in the
	 * window, what passed in it is what a window holds.
	 */
	private count({ enteredAt, refused }: Counts): void {
		if (enteredAt < this.own.openedAt) return;
		if (!refused && (this.windowStart?.enteredAt ?? -1) < this.own.openedAt) {
			this.windowStart = { enteredAt: this.own.openedAt, answeredAt: Date.now() };
			this.learnWindow();
		}
		if (refused) this.own.refused = true;
		else this.own.passed += 1;
		if (this.own.refused && this.own.passed > 0) this.limit = this.own.passed;
		if (this.budget === 0) this.waitForNextWindow();
	}

	/** No headers: a request after a 429's wait, or once a known window has passed, opens a window. */
	private open(now: number): void {
		const start = this.windowStart;
		const over =
			start?.enteredAt === this.own.openedAt &&
			start.answeredAt + (this.windowMs ?? Infinity) <= now;
		if (!over && this.own.openedAt >= this.closedUntil) return;
		this.own = { openedAt: now, passed: 0, refused: false };
		this.budget = this.limit;
	}

	/** A window lasts from its first request to the end a 429 named for it (not the gate's own). */
	private learnWindow(): void {
		const from = this.windowStart?.enteredAt;
		if (from !== undefined && from < this.refusedUntil) this.windowMs = this.refusedUntil - from;
	}

	/** The count is used up: nobody starts until the window has passed, when its length is known. */
	private waitForNextWindow(sentAt = -1): void {
		if (this.windowStart === undefined || this.windowMs === undefined) return;
		// Sent after the last wait, its window's first answer not in yet: that window began by now.
		const old = sentAt >= this.closedUntil && this.windowStart.answeredAt < this.closedUntil;
		const next = (old ? Date.now() : this.windowStart.answeredAt) + this.windowMs;
		if (next <= Date.now()) return;
		this.closedUntil = Math.max(this.closedUntil, next);
		this.budget = this.limit;
	}

	/** Lets waiting requests start while the window is open and the service's count allows. */
	private pump(): void {
		const closed = this.closedFor();
		if (closed > 0) {
			// A wake-up only for requests waiting: an idle gate holds no timer (a process may end).
			if (!this.reopening && this.queue.length > 0) {
				this.reopening = true;
				void sleep(closed).then(() => {
					this.reopening = false;
					this.pump();
				});
			}
			return;
		}
		while (this.queue.length > 0) {
			if (!this.told) this.open(Date.now());
			// With the window's count used up, one request alone learns whether it has turned.
			if (this.budget !== undefined && this.budget <= 0 && this.inFlight > 0) return;
			const next = this.queue.shift() as { admit: (at: number) => void };
			this.inFlight += 1;
			if (this.budget !== undefined) this.budget = Math.max(0, this.budget - 1);
			next.admit(Date.now());
		}
	}
}

const gates = new Map<string, Gate>();

/** The gate of one credential: its Base URL and a hash of its key. */
export function gateFor(baseUrl: string, apiKey: string): Gate {
	const key = `${baseUrl} ${createHash('sha256').update(apiKey).digest('hex').slice(0, 32)}`;
	const gate = gates.get(key) ?? new Gate();
	gates.set(key, gate);
	return gate;
}

/** At most `limit` holders at once; the others wait in order. */
class Slots {
	private used = 0;
	private waiting: Array<() => void> = [];

	constructor(private readonly limit: number) {}

	async take(): Promise<void> {
		if (this.used < this.limit) this.used += 1;
		else await new Promise<void>((resolve) => this.waiting.push(resolve));
	}

	give(): void {
		const next = this.waiting.shift();
		if (next) next();
		else this.used -= 1;
	}
}

/** Per execution: its requests in flight at once (Options > Parallel Requests), and its uploads. */
const slotsByExecution = {
	requests: new WeakMap<object, Slots>(),
	uploads: new WeakMap<object, Slots>(),
};

export function slotsOf(execution: object, kind: 'requests' | 'uploads', limit: number): Slots {
	const slots = slotsByExecution[kind].get(execution) ?? new Slots(limit);
	slotsByExecution[kind].set(execution, slots);
	return slots;
}
