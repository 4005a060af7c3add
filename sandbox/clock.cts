// The sandbox's own clock, so tests can freeze time (equal timestamps), move it forward, or run it
// off the real one (a service whose clock is wrong). Record times and the Date header follow it.

export interface ClockSettings {
	now?: string;
	frozen?: boolean;
	advanceSeconds?: number;
	/** Runs the clock this far from the real one (negative: behind), from now on. */
	offsetSeconds?: number;
	/** Whether answers carry a Date header (default true): some services send none. */
	dateHeader?: boolean;
}

export class Clock {
	private offsetMs = 0;
	private frozenAt: number | null = null;
	dateHeader = true;

	now(): Date {
		return new Date(this.frozenAt ?? Date.now() + this.offsetMs);
	}

	iso(): string {
		return this.now().toISOString();
	}

	set(settings: ClockSettings): void {
		const target =
			settings.offsetSeconds !== undefined
				? Date.now() + settings.offsetSeconds * 1000
				: settings.now === undefined
					? this.now().getTime()
					: Date.parse(settings.now);
		const moved = target + (settings.advanceSeconds ?? 0) * 1000;
		const frozen = settings.frozen ?? this.frozenAt !== null;
		this.frozenAt = frozen ? moved : null;
		this.offsetMs = moved - Date.now();
		this.dateHeader = settings.dateHeader ?? this.dateHeader;
	}

	/** How far the clock is from the real one, in whole seconds (negative: behind). */
	offsetSeconds(): number {
		return Math.round((this.now().getTime() - Date.now()) / 1000);
	}

	reset(): void {
		this.offsetMs = 0;
		this.frozenAt = null;
		this.dateHeader = true;
	}
}

const formatters = new Map<string, Intl.DateTimeFormat>();
/**
 * Parts already computed, by zone and instant: a list filtered by date asks for the same posts'
 * dates on every request, and formatting is most of what a long simulated history costs. Bounded.
 */
const known = new Map<string, Record<string, number>>();
const knownDates = new Map<string, string>();
const KNOWN_AT_MOST = 100_000;

function zoneParts(instant: number, timeZone: string): Record<string, number> {
	const key = `${timeZone} ${instant}`;
	const found = known.get(key);
	if (found) return found;
	if (known.size >= KNOWN_AT_MOST) known.clear();
	const offset = offsetOver(Math.floor(instant / DAY_MS), timeZone);
	const parts = offset === null ? formatParts(instant, timeZone) : shifted(instant + offset);
	known.set(key, parts);
	return parts;
}

export const DAY_MS = 86_400_000;
/** The zone's offset from UTC by UTC day: null on a day it changes (formatted instant by instant). */
const offsets = new Map<string, number | null>();

/**
 * The offset through the day: the same at its first and last second (a zone changes its offset
 * at most once a day). Seeding a year of history formats each post's times, and formatting is most
 * of what seeding costs: two formats a day instead of one for each time.
 */
function offsetOver(day: number, timeZone: string): number | null {
	const key = `${timeZone} ${day}`;
	let offset = offsets.get(key);
	if (offset === undefined) {
		const [first, last] = [day * DAY_MS, (day + 1) * DAY_MS - 1000].map((at) => {
			const p = formatParts(at, timeZone);
			return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - at;
		});
		// Date.UTC reads years 0 to 99 as 1900 to 1999.
		offset = first === last && day * DAY_MS > Date.UTC(100, 0, 2) ? first : null;
		if (offsets.size >= KNOWN_AT_MOST) offsets.clear();
		offsets.set(key, offset);
	}
	return offset;
}

/** The parts of a wall-clock time given as the UTC fields of `shifted`. */
function shifted(at: number): Record<string, number> {
	const d = new Date(at);
	return {
		year: d.getUTCFullYear(),
		month: d.getUTCMonth() + 1,
		day: d.getUTCDate(),
		hour: d.getUTCHours(),
		minute: d.getUTCMinutes(),
		second: d.getUTCSeconds(),
	};
}

function formatParts(instant: number, timeZone: string): Record<string, number> {
	let formatter = formatters.get(timeZone);
	if (!formatter) {
		formatter = new Intl.DateTimeFormat('en-US', {
			timeZone,
			hourCycle: 'h23',
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
			hour: '2-digit',
			minute: '2-digit',
			second: '2-digit',
		});
		formatters.set(timeZone, formatter);
	}
	const parts: Record<string, number> = {};
	for (const part of formatter.formatToParts(instant)) {
		if (part.type !== 'literal') parts[part.type] = Number(part.value);
	}
	return parts;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** `YYYY-MM-DD` of an instant as seen in a timezone. */
export function dateInZone(instant: Date, timeZone: string): string {
	const key = `${timeZone} ${instant.getTime()}`;
	let date = knownDates.get(key);
	if (date === undefined) {
		const p = zoneParts(instant.getTime(), timeZone);
		date = `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
		if (knownDates.size >= KNOWN_AT_MOST) knownDates.clear();
		knownDates.set(key, date);
	}
	return date;
}

/** `YYYY-MM-DD HH:MM:SS` of an instant as seen in a timezone (the API's wall-clock form). */
export function wallClockInZone(instant: Date, timeZone: string): string {
	const p = zoneParts(instant.getTime(), timeZone);
	return `${dateInZone(instant, timeZone)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

/**
 * The instant a wall-clock `YYYY-MM-DD HH:MM:SS` names in a timezone, or null when no such
 * calendar date exists (e.g. 2026-02-30).
 */
export function wallClockToInstant(wallClock: string, timeZone: string): Date | null {
	const [date, time] = wallClock.split(' ');
	const [year, month, day] = date.split('-').map(Number);
	const [hour, minute, second] = time.split(':').map(Number);
	const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
	const check = new Date(asUtc);
	if (
		check.getUTCMonth() !== month - 1 ||
		check.getUTCDate() !== day ||
		hour > 23 ||
		minute > 59 ||
		second > 59
	) {
		return null;
	}
	const offsetAt = (instant: number) => {
		const p = zoneParts(instant, timeZone);
		return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - instant;
	};
	const first = asUtc - offsetAt(asUtc);
	return new Date(asUtc - offsetAt(first));
}

/** Whether the runtime knows `zone` as an IANA time zone. */
export function isZone(zone: string | null): zone is string {
	if (!zone) return false;
	if (formatters.has(zone)) return true;
	try {
		new Intl.DateTimeFormat('en-US', { timeZone: zone });
		return true;
	} catch {
		return false;
	}
}

/** The zone a workspace's wall-clock times are read in: its own, or UTC when it has no valid one. */
export const zoneOf = (workspace: { timezone: string | null }) =>
	isZone(workspace.timezone) ? workspace.timezone : 'UTC';
