// The sandbox's wall-clock times in a zone, which its answers and seeded histories are written in:
// the same as Intl's on the days a zone changes its offset and around them (the sandbox keeps a
// zone's offset by day, and formats instant by instant only on a day it changes).
import { dateInZone, wallClockInZone } from '../../sandbox/clock.cts';

const at = (iso: string) => new Date(iso);

test.each([
	// Berlin springs forward at 01:00 UTC: the day's first and last seconds differ by an hour.
	['Europe/Berlin', '2026-03-28T12:00:00Z', '2026-03-28 13:00:00'],
	['Europe/Berlin', '2026-03-29T00:59:59Z', '2026-03-29 01:59:59'],
	['Europe/Berlin', '2026-03-29T01:00:00Z', '2026-03-29 03:00:00'],
	['Europe/Berlin', '2026-03-29T12:00:00Z', '2026-03-29 14:00:00'],
	['Europe/Berlin', '2026-03-30T12:00:00.999Z', '2026-03-30 14:00:00'],
	// ...and falls back: 02:00 to 02:59 twice.
	['Europe/Berlin', '2026-10-25T00:59:59Z', '2026-10-25 02:59:59'],
	['Europe/Berlin', '2026-10-25T01:00:00Z', '2026-10-25 02:00:00'],
	['Europe/Berlin', '2026-10-25T23:00:00Z', '2026-10-26 00:00:00'],
	// West of UTC: the local day changes at 05:00 or 04:00 UTC.
	['America/New_York', '2026-03-08T06:59:59Z', '2026-03-08 01:59:59'],
	['America/New_York', '2026-03-08T07:00:00Z', '2026-03-08 03:00:00'],
	['America/New_York', '2026-03-08T03:00:00Z', '2026-03-07 22:00:00'],
	// Half an hour back, and an offset of 5:45.
	['Australia/Lord_Howe', '2026-04-04T14:59:59Z', '2026-04-05 01:59:59'],
	['Australia/Lord_Howe', '2026-04-04T15:00:00Z', '2026-04-05 01:30:00'],
	['Asia/Kathmandu', '2026-01-01T00:00:00Z', '2026-01-01 05:45:00'],
	['UTC', '2026-06-30T23:59:59Z', '2026-06-30 23:59:59'],
])('%s: %s is %s there', (zone, instant, wallClock) => {
	expect(wallClockInZone(at(instant), zone)).toBe(wallClock);
	expect(dateInZone(at(instant), zone)).toBe(wallClock.slice(0, 10));
});
