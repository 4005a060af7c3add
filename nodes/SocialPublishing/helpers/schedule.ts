import type { IExecuteFunctions } from 'n8n-workflow';
import { DateTime, IANAZone } from 'luxon';

import { workspaceTimezone } from '../../shared/workspaces';
import type { InputChecks } from './checks';

/** The API's wall-clock form of `scheduling.scheduled_at`. */
const WALL_CLOCK = 'yyyy-MM-dd HH:mm:ss';
const DATE_ONLY = 'yyyy-MM-dd';

/** Where the zone of the times sent came from: the Timezone option, the workspace, or the workflow. */
export type TimezoneSource = 'option' | 'workspace' | 'workflow';

export interface Timezone {
	zone: string;
	source: TimezoneSource;
}

// IANAZone.create caches zones; isValidZone builds a formatter on every call.
const isZone = (zone: string) => IANAZone.create(zone).isValid;

/** The Timezone option's zone, checked; undefined when the option is empty. */
export function zoneOption(checks: InputChecks, option: unknown): string | undefined {
	if (typeof option !== 'string' || option.trim() === '') return undefined;
	const zone = option.trim();
	if (!isZone(zone)) {
		checks.fail(
			'Timezone',
			`"${zone}" is not an IANA time zone name such as Europe/Berlin or America/New_York`,
		);
	}
	return zone;
}

/**
 * A zone to check date-times in before the workspace's zone is known: whether a value is a
 * date-time does not depend on the zone, so every input is checked before any request is sent.
 */
export const ZONE_FOR_CHECKS = 'UTC';

/** Notices already shown in this execution, so that each zone is named once, not per item. */
const noticesShown = new WeakMap<object, Set<string>>();

function notice(ctx: IExecuteFunctions, message: string): void {
	const shown = noticesShown.get(ctx) ?? new Set<string>();
	noticesShown.set(ctx, shown);
	if (shown.has(message)) return;
	shown.add(message);
	ctx.addExecutionHints({ message, type: 'info', location: 'outputPane' });
}

/**
 * The zone wall-clock times are written in. The API reads `scheduled_at` in the workspace's time
 * zone, so that is the default: the Timezone option when set, else the workspace's zone from its
 * record (read once per execution), else the workflow's zone, with a notice that says so.
 */
export async function resolveTimezone(
	ctx: IExecuteFunctions,
	checks: InputChecks,
	option: unknown,
	workspaceId: string,
	itemIndex: number,
): Promise<Timezone> {
	const chosen = zoneOption(checks, option);
	if (chosen !== undefined) return { zone: chosen, source: 'option' };
	const fromWorkspace = await workspaceTimezone(ctx, workspaceId, itemIndex);
	if (fromWorkspace !== undefined && isZone(fromWorkspace)) {
		notice(ctx, `Times are sent in ${fromWorkspace}, the workspace's time zone.`);
		return { zone: fromWorkspace, source: 'workspace' };
	}
	const zone = ctx.getTimezone();
	notice(
		ctx,
		`The workspace's record ${fromWorkspace === undefined ? 'gives no time zone' : `gives "${fromWorkspace}", which is not a time zone`}, so times are sent in the workflow's time zone, ${zone}. If the workspace uses another zone, set it under Options > Timezone.`,
	);
	return { zone, source: 'workflow' };
}

/** Something that quacks like a luxon DateTime, possibly from another copy of luxon. */
function isDateTimeLike(value: unknown): value is { toISO: () => string | null } {
	return (
		typeof value === 'object' &&
		value !== null &&
		typeof (value as { toISO?: unknown }).toISO === 'function'
	);
}

/**
 * Reads a date-time as users give one: n8n's dateTime (no offset), an ISO string with or without
 * an offset, `YYYY-MM-DD HH:MM:SS`, a JS Date or a luxon DateTime from an expression.
 * A value with an offset (or a Date/DateTime) is an instant and keeps it; a value without one is a
 * wall-clock time in `zone`.
 */
function parseDateTime(value: unknown, zone: string): DateTime {
	if (DateTime.isDateTime(value)) return value;
	if (value instanceof Date) return DateTime.fromJSDate(value);
	if (isDateTimeLike(value)) return DateTime.fromISO(String(value.toISO()), { setZone: true });
	const text = String(value).trim();
	const iso = DateTime.fromISO(text, { zone, setZone: true });
	return iso.isValid ? iso : DateTime.fromSQL(text, { zone, setZone: true });
}

function isEmpty(value: unknown): boolean {
	return (
		value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
	);
}

function readDateTime(checks: InputChecks, field: string, value: unknown, zone: string): DateTime {
	const parsed = parseDateTime(value, zone);
	if (!parsed.isValid) {
		checks.fail(
			field,
			`"${String(value)}" is not a date-time; use ISO 8601 such as 2026-05-04T09:30:00 or 2026-05-04T09:30:00+02:00`,
		);
	}
	return parsed.setZone(zone);
}

export interface ScheduledTime {
	/** What is sent as `scheduling.scheduled_at`: wall-clock time in `timezone`. */
	scheduled_at: string;
	timezone: string;
}

/**
 * Converts the user's date-time to the wall-clock `YYYY-MM-DD HH:MM:SS` the API wants, in `zone`.
 * An instant is converted, never re-labelled: 2026-03-29T01:30:00Z is 03:30:00 in Europe/Berlin.
 * A wall-clock time that a DST gap skips (02:30 on a spring-forward night) moves forward by the gap.
 */
export function toScheduledAt(
	checks: InputChecks,
	field: string,
	value: unknown,
	zone: string,
	{ mustBeFuture }: { mustBeFuture: boolean },
): ScheduledTime | undefined {
	if (isEmpty(value)) return undefined;
	const time = readDateTime(checks, field, value, zone);
	if (mustBeFuture && time < DateTime.now()) {
		checks.fail(
			field,
			`${time.toFormat(WALL_CLOCK)} (${zone}) is in the past; a scheduled post needs a time in the future. Pick a later time, or use Publish Type "Draft" or "Queued"`,
		);
	}
	return { scheduled_at: time.toFormat(WALL_CLOCK), timezone: zone };
}

/** A calendar date `YYYY-MM-DD` in `zone`, for date-only fields (posts list range, GMB event dates). */
export function toDate(
	checks: InputChecks,
	field: string,
	value: unknown,
	zone: string,
): string | undefined {
	if (isEmpty(value)) return undefined;
	return readDateTime(checks, field, value, zone).toFormat(DATE_ONLY);
}
