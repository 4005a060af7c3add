// The workspace's own time zone by default: the API reads scheduled_at as wall-clock time in the
// workspace's zone, so a workflow in another zone must not shift the post. Dates are computed from
// now, around the next DST change of the workspace's zone.
import type { INodeParameters } from 'n8n-workflow';
import { DateTime } from 'luxon';

import { DEMO } from '../../sandbox/demo-data.cts';
import { runNode } from '../harness/engine.cts';
import { useSandbox } from '../harness/sandbox.cts';
import { calls, inWorkspace, MAIN_WORKSPACE } from '../library/fixtures.cts';

const sandbox = useSandbox();

/** The notices about time zones; a profile's create answer may add a warning of its own. */
const zoneNotices = (hints: string[]) => hints.filter((hint) => !hint.startsWith('Item '));

const POSTS = `/api/v1/workspaces/${MAIN_WORKSPACE}/posts`;
const BERLIN = DEMO.workspaces.main.timezone;

const scheduled = (scheduledAt: string, options: INodeParameters = {}): INodeParameters =>
	inWorkspace('post', 'create', {
		text: 'On time',
		accounts: [DEMO.accounts.facebook],
		publishType: 'scheduled',
		scheduledAt,
		options,
	});

async function sentTime(): Promise<string> {
	const [request] = await sandbox.control.requests({ method: 'POST', path: POSTS });
	return (request.body as { scheduling: { scheduled_at: string } }).scheduling.scheduled_at;
}

/** The first instant from now on at which `zone`'s offset changes (a DST change). */
function nextOffsetChange(zone: string): DateTime {
	let at = DateTime.now().setZone(zone).startOf('hour').plus({ days: 2 });
	const offset = at.offset;
	for (let hours = 0; hours < 24 * 400 && at.offset === offset; hours++) at = at.plus({ hours: 1 });
	return at;
}

describe('a workflow in New York, a workspace in Berlin', () => {
	test.each([
		['the day before the next DST change', -1],
		['the day after it', 1],
	])('an instant %s is sent as Berlin wall-clock time', async (_name, days) => {
		const instant = nextOffsetChange(BERLIN).plus({ days }).set({ hour: 10 }).toUTC();
		const { output, error, hints } = await runNode({
			parameters: scheduled(instant.toISO() as string),
			credentials: sandbox.credentials(),
			timezone: 'America/New_York',
		});
		expect(error).toBeUndefined();
		const berlin = instant.setZone(BERLIN);
		// Summer time in Berlin is UTC+2, winter time UTC+1: the sent hour says which was used.
		expect(berlin.hour).toBe(instant.hour + (berlin.isInDST ? 2 : 1));
		const expected = berlin.toFormat('yyyy-MM-dd HH:mm:ss');
		expect(await sentTime()).toBe(expected);
		expect(output[0].json).toMatchObject({
			scheduled_at: expected,
			timezone: BERLIN,
			timezone_source: 'workspace',
		});
		expect(zoneNotices(hints)).toEqual([`Times are sent in ${BERLIN}, the workspace's time zone.`]);
		expect(await calls(sandbox.control)).toEqual(['GET /api/v1/workspaces', `POST ${POSTS}`]);
	});

	test('the workspaces are read once per execution, not once per item', async () => {
		const when = DateTime.now().plus({ days: 3 }).toUTC().startOf('second').toISO() as string;
		const { output, error } = await runNode({
			parameters: scheduled('={{ $json.when }}'),
			items: [{ json: { when } }, { json: { when } }, { json: { when } }],
			credentials: sandbox.credentials(),
			timezone: 'America/New_York',
		});
		expect(error).toBeUndefined();
		expect(output).toHaveLength(3);
		expect(await calls(sandbox.control)).toEqual([
			'GET /api/v1/workspaces',
			`POST ${POSTS}`,
			`POST ${POSTS}`,
			`POST ${POSTS}`,
		]);
	});

	test('the Timezone option wins, and no workspace is read', async () => {
		const instant = DateTime.now()
			.plus({ days: 3 })
			.set({ hour: 10, minute: 0, second: 0 })
			.toUTC();
		const { output, error } = await runNode({
			parameters: scheduled(instant.toISO() as string, { timezone: 'Asia/Tokyo' }),
			credentials: sandbox.credentials(),
			timezone: 'America/New_York',
		});
		expect(error).toBeUndefined();
		expect(output[0].json).toMatchObject({ timezone: 'Asia/Tokyo', timezone_source: 'option' });
		expect(await sentTime()).toBe(instant.setZone('Asia/Tokyo').toFormat('yyyy-MM-dd HH:mm:ss'));
		expect(await calls(sandbox.control)).toEqual([`POST ${POSTS}`]);
	});

	test.each([
		['gives no time zone', {}, 'gives no time zone'],
		[
			'gives a zone that is not one',
			{ timezone: 'Mars/Olympus' },
			'gives "Mars/Olympus", which is not a time zone',
		],
	])(
		'a workspace record that %s: the workflow zone, and a notice says so',
		async (_name, extra, words) => {
			await sandbox.control.fault({
				path: '/api/v1/workspaces',
				status: 200,
				body: { status: true, data: [{ _id: MAIN_WORKSPACE, name: 'Acme Coffee', ...extra }] },
			});
			const instant = DateTime.now()
				.plus({ days: 3 })
				.set({ hour: 10, minute: 0, second: 0 })
				.toUTC();
			const { output, error, hints } = await runNode({
				parameters: scheduled(instant.toISO() as string),
				credentials: sandbox.credentials(),
				timezone: 'America/New_York',
			});
			expect(error).toBeUndefined();
			expect(output[0].json).toMatchObject({
				timezone: 'America/New_York',
				timezone_source: 'workflow',
			});
			expect(await sentTime()).toBe(
				instant.setZone('America/New_York').toFormat('yyyy-MM-dd HH:mm:ss'),
			);
			expect(zoneNotices(hints)).toEqual([
				`The workspace's record ${words}, so times are sent in the workflow's time zone, America/New_York. If the workspace uses another zone, set it under Options > Timezone.`,
			]);
		},
	);

	test('a malformed time is refused before anything is sent, workspace read or not', async () => {
		const { error } = await runNode({
			parameters: scheduled('next tuesday-ish'),
			credentials: sandbox.credentials(),
			timezone: 'America/New_York',
		});
		expect(error?.message).toBe(
			'Scheduled At: "next tuesday-ish" is not a date-time; use ISO 8601 such as 2026-05-04T09:30:00 or 2026-05-04T09:30:00+02:00',
		);
		expect(await calls(sandbox.control)).toEqual([]);
	});
});

describe("Get Many's date range is days in the workspace's zone", () => {
	test('an instant late on a New York evening is the next day in Berlin', async () => {
		// 23:30 in New York is 05:30 the next morning in Berlin, whatever the season.
		const newYork = DateTime.now()
			.setZone('America/New_York')
			.plus({ days: 2 })
			.set({ hour: 23, minute: 30 });
		const { error } = await runNode({
			parameters: inWorkspace('post', 'getAll', {
				limit: 5,
				filters: { dateFrom: newYork.toISO() as string },
			}),
			credentials: sandbox.credentials(),
			timezone: 'America/New_York',
		});
		expect(error).toBeUndefined();
		const [request] = await sandbox.control.requests({ path: POSTS });
		expect(request.query.date_from).toBe(newYork.setZone(BERLIN).toFormat('yyyy-MM-dd'));
		expect(request.query.date_from).toBe(newYork.plus({ days: 1 }).toFormat('yyyy-MM-dd'));
	});

	test('without dates, no workspace is read', async () => {
		const { error } = await runNode({
			parameters: inWorkspace('post', 'getAll', { limit: 5 }),
			credentials: sandbox.credentials(),
		});
		expect(error).toBeUndefined();
		expect(await calls(sandbox.control)).toEqual([`GET ${POSTS}`]);
	});
});
