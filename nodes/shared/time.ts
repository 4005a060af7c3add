import { DateTime, IANAZone } from 'luxon';

/**
 * The one module that reads date-times and converts between instants and a zone's wall-clock time
 * (luxon's IANAZone tells a zone's offset at an instant). Both nodes use it; nothing else converts.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * A date-time from the service as ms since the epoch. `YYYY-MM-DD HH:MM:SS` has no zone: it is
 * read as UTC, so that comparisons do not depend on the host. NaN when it is not a date-time.
 */
export function timeOf(value: unknown): number {
	if (typeof value !== 'string' || value.trim() === '') return NaN;
	const text = value.trim();
	const zoneless = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text);
	return Date.parse(zoneless ? `${text.replace(' ', 'T')}Z` : text);
}

/**
 * A date-time as a user gives it. An instant (a value with an offset or `Z`, a JS Date, a luxon
 * DateTime) is `ms` since the epoch; a wall-clock time (no offset) has its fields in `ms` read as UTC.
 */
export interface GivenTime {
	ms: number;
	wall: boolean;
}

// IANAZone.create caches zones; isValidZone builds a formatter on every call.
const zoneOf = (name: string) => IANAZone.create(name);
export const isZone = (name: string): boolean => zoneOf(name).isValid;

const parse = (text: string, zone: string) => {
	const iso = DateTime.fromISO(text, { zone });
	return iso.isValid ? iso : DateTime.fromSQL(text, { zone });
};

/** ISO 8601 or `YYYY-MM-DD HH:MM:SS`, a Date or a DateTime (of any copy of luxon); undefined when none. */
export function readTime(value: unknown): GivenTime | undefined {
	const toISO = (value as { toISO?: unknown } | null)?.toISO;
	if (value instanceof Date) value = Number.isNaN(value.getTime()) ? '' : value.toISOString();
	else if (typeof toISO === 'function') value = toISO.call(value);
	if (typeof value !== 'string') return undefined;
	// Read in two zones: a value that carries its offset is the same instant in both.
	const ms = parse(value.trim(), 'UTC').toMillis();
	if (Number.isNaN(ms)) return undefined;
	return { ms, wall: ms !== parse(value.trim(), 'UTC+5').toMillis() };
}

/** `YYYY-MM-DD HH:MM:SS` of a wall-clock time held as UTC fields. */
const wallText = (wallMs: number) => new Date(wallMs).toISOString().slice(0, 19).replace('T', ' ');
const offsetText = (ms: number) =>
	`UTC${ms < 0 ? '-' : '+'}${wallText(Math.abs(ms)).slice(11, 16)}`;

/** A time placed in a zone: the wall-clock time to send, the instant it is, and any DST notice. */
export interface Placed {
	wall: string;
	at: number;
	notice?: string;
}

/**
 * Places a time in `zone` (an IANA name; checked by the caller). An instant becomes its wall-clock
 * time there. A wall-clock time is kept, but one that a spring-forward gap skips moves on by the
 * gap, as a clock would. Either way, a change of time the result falls into is said in `notice`.
 */
export function placeIn(time: GivenTime, zoneName: string): Placed {
	const zone = zoneOf(zoneName);
	const offsetAt = (ms: number) => zone.offset(ms) * MINUTE_MS;
	const wallMs = time.wall ? time.ms : time.ms + offsetAt(time.ms);
	const [before, after] = [offsetAt(wallMs - DAY_MS), offsetAt(wallMs + DAY_MS)];
	// The instants this wall-clock time is: none in a spring gap, two in an autumn overlap.
	const instants = [...new Set([wallMs - before, wallMs - after])]
		.filter((at) => at + offsetAt(at) === wallMs)
		.sort((a, b) => a - b);
	const wall = wallText(wallMs);
	const change = `when the clocks change from ${offsetText(before)} to ${offsetText(after)}`;
	if (instants.length === 0) {
		const [at, shifted] = [wallMs - before, wallText(wallMs - before + after)];
		const notice = `${wall} does not exist in ${zoneName}: that hour is skipped ${change}. It was sent as ${shifted}.`;
		return { wall: shifted, at, notice };
	}
	const at = time.wall ? instants[0] : time.ms;
	if (instants.length === 1) return { wall, at };
	const which = time.wall
		? 'It was sent as typed: the API takes wall-clock time, so the service decides which.'
		: `The time given is the ${at === instants[0] ? 'first' : 'second'}, at ${offsetText(offsetAt(at))} (${new Date(at).toISOString()}); the API takes wall-clock time only.`;
	return { wall, at, notice: `${wall} occurs twice in ${zoneName}, ${change}. ${which}` };
}

/** instantIn's answers: every poll reads the same posts' times (35 µs each in luxon); 20,000 at most. */
const instants = new Map<string, number>();

/** A wall-clock time of the service in `zone` (UTC when not a zone), or a time with its offset, as an instant. */
export function instantIn(value: unknown, zone: unknown): number {
	const key = JSON.stringify([zone, value]);
	let at = instants.get(key);
	if (at !== undefined) return at;
	const time = readTime(value);
	at = time ? placeIn(time, typeof zone === 'string' && isZone(zone) ? zone : 'UTC').at : NaN;
	if (instants.size >= 20_000) instants.clear();
	instants.set(key, at);
	return at;
}
