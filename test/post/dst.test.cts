// Daylight saving time in the workspace's zone, on the zone's next changes (found from now, never a
// fixed date): a wall-clock time the spring gap skips is sent shifted by the gap with a notice; one
// the autumn overlap repeats is sent as typed, with a notice; an instant in the overlap is sent as
// its wall-clock time, and the notice says which of the two it meant. Past instants cost nothing.
import { DateTime, FixedOffsetZone } from 'luxon';
import type { INodeParameters } from 'n8n-workflow';

import { runNode } from '../harness/engine.cts';
import { useSandbox } from '../harness/sandbox.cts';
import { calls, inWorkspace, MAIN_WORKSPACE } from '../library/fixtures.cts';
import { A, createdPostBody } from './fixtures.cts';

const sandbox = useSandbox();

const WALL = 'yyyy-MM-dd HH:mm:ss';
const utcOffset = (minutes: number) =>
	`UTC${FixedOffsetZone.instance(minutes)
		.formatOffset(0, 'short')
		.replace(/^([+-])(\d):/, '$10$2:')}`;

/** The zone's next change of offset from now: the instant, and the offsets before and after. */
function nextChange(zone: string, forward: boolean) {
	let hour = DateTime.now().toUTC().startOf('hour').plus({ hours: 1 });
	for (let i = 0; i < 24 * 400; i++, hour = hour.plus({ hours: 1 })) {
		const before = hour.minus({ hours: 1 }).setZone(zone).offset;
		const after = hour.setZone(zone).offset;
		if (after !== before && after > before === forward) return { at: hour, before, after };
	}
	throw new Error(`${zone} has no change within 400 days`);
}

const scheduled = (scheduledAt: string): INodeParameters =>
	inWorkspace('post', 'create', {
		text: 'On the change of time',
		accounts: [A.facebook],
		publishType: 'scheduled',
		scheduledAt,
	});

async function create(scheduledAt: string) {
	await sandbox.control.clearRequests();
	const { output, error, hints } = await runNode({
		parameters: scheduled(scheduledAt),
		credentials: sandbox.credentials(),
		timezone: 'Asia/Tokyo',
	});
	expect(error).toBeUndefined();
	const body = await createdPostBody(sandbox.control);
	return {
		sent: (body.scheduling as { scheduled_at: string }).scheduled_at,
		json: output[0].json,
		// The service's own warning on a create (a profile's answer) is shown too: left out here.
		warnings: hints.filter(
			(hint) => hint.startsWith('Item 0: ') && hint !== `Item 0: ${String(output[0].json.warning)}`,
		),
	};
}

describe.each(['Europe/Berlin', 'America/New_York'])("in the workspace's zone %s", (zone) => {
	beforeEach(async () => {
		await sandbox.control.workspaceTimezone(MAIN_WORKSPACE, zone);
	});

	test('a wall-clock time in the spring gap is sent shifted by the gap, with a notice', async () => {
		const { at, before, after } = nextChange(zone, true);
		// Half way into the skipped hour, as the clocks read just before the change.
		const typed = at.setZone(FixedOffsetZone.instance(before)).plus({ minutes: 30 });
		const expected = at.plus({ minutes: 30 }).setZone(zone).toFormat(WALL);
		const { sent, json, warnings } = await create(typed.toFormat("yyyy-MM-dd'T'HH:mm:ss"));
		expect(sent).toBe(expected);
		expect(typed.toFormat(WALL)).not.toBe(expected);
		const notice = `${typed.toFormat(WALL)} does not exist in ${zone}: that hour is skipped when the clocks change from ${utcOffset(before)} to ${utcOffset(after)}. It was sent as ${expected}.`;
		expect(json).toMatchObject({ scheduled_at: expected, timezone: zone, time_notice: notice });
		expect(warnings).toEqual([`Item 0: ${notice}`]);
	});

	test('a wall-clock time the autumn overlap repeats is sent as typed, with a notice', async () => {
		const { at, before, after } = nextChange(zone, false);
		const typed = at.minus({ minutes: 30 }).setZone(zone).toFormat(WALL);
		expect(at.plus({ minutes: 30 }).setZone(zone).toFormat(WALL)).toBe(typed);
		const { sent, json } = await create(typed);
		expect(sent).toBe(typed);
		expect(json.time_notice).toBe(
			`${typed} occurs twice in ${zone}, when the clocks change from ${utcOffset(before)} to ${utcOffset(after)}. It was sent as typed: the API takes wall-clock time, so the service decides which.`,
		);
	});

	test.each([
		['first', -30],
		['second', 30],
	])(
		'an instant in the overlap is sent as its wall-clock time; the output says it is the %s',
		async (which, minutes) => {
			const { at, before, after } = nextChange(zone, false);
			const instant = at.plus({ minutes });
			const wall = instant.setZone(zone).toFormat(WALL);
			const { sent, json } = await create(instant.toISO() as string);
			expect(sent).toBe(wall);
			const offset = utcOffset(minutes < 0 ? before : after);
			expect(json.time_notice).toBe(
				`${wall} occurs twice in ${zone}, when the clocks change from ${utcOffset(before)} to ${utcOffset(after)}. The time given is the ${which}, at ${offset} (${instant.toUTC().toISO()}); the API takes wall-clock time only.`,
			);
		},
	);

	test('an instant beside the change is sent with no notice', async () => {
		const { at } = nextChange(zone, true);
		const instant = at.plus({ hours: 3 });
		const { sent, json, warnings } = await create(instant.toISO() as string);
		expect(sent).toBe(instant.setZone(zone).toFormat(WALL));
		expect(json.time_notice).toBeUndefined();
		expect(warnings).toEqual([]);
	});
});

describe('a past instant is refused without any request', () => {
	const PAST =
		'is in the past; a scheduled post needs a time in the future. Pick a later time, or use Publish Type "Draft" or "Queued"';

	test.each([
		['an instant with Z', '2020-01-01T09:00:00Z', '2020-01-01 09:00:00'],
		['an instant with an offset', '2020-01-01T09:00:00+05:00', '2020-01-01 04:00:00'],
	])('%s', async (_name, scheduledAt, wall) => {
		await sandbox.control.clearRequests();
		const { error } = await runNode({
			parameters: scheduled(scheduledAt),
			credentials: sandbox.credentials(),
		});
		expect(error?.message).toBe(`Scheduled At: ${wall} (UTC) ${PAST}`);
		expect(await calls(sandbox.control)).toEqual([]);
	});

	test('a DateTime from {{ $now.minus({ minutes: 1 }) }}', async () => {
		await sandbox.control.clearRequests();
		const { error } = await runNode({
			parameters: scheduled('={{ $now.minus({ minutes: 1 }) }}'),
			items: [{ json: {} }, { json: {} }],
			credentials: sandbox.credentials(),
		});
		expect(error?.message).toMatch(
			new RegExp(
				`^Scheduled At: \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2} \\(UTC\\) ${PAST.replace(/[.()"]/g, '\\$&')}$`,
			),
		);
		expect(error?.itemIndex).toBe(0);
		expect(await calls(sandbox.control)).toEqual([]);
	});

	test('a wall-clock time in the past needs the zone first: one read, then refused', async () => {
		await sandbox.control.clearRequests();
		const { error } = await runNode({
			parameters: scheduled('2020-01-01 09:00:00'),
			credentials: sandbox.credentials(),
		});
		expect(error?.message).toMatch(/^Scheduled At: 2020-01-01 09:00:00 \(.+\) is in the past/);
		expect(await calls(sandbox.control)).toEqual(['GET /api/v1/workspaces']);
	});
});
