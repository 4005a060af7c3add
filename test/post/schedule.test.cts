// Scheduling time: whatever form the user gives, the API receives wall-clock `YYYY-MM-DD HH:MM:SS`
// in the Timezone option's zone (the workflow's by default). Instants are converted, never relabelled.
import { DateTime } from 'luxon';
import type { INodeParameters } from 'n8n-workflow';

import { runNode } from '../harness/engine.cts';
import { useSandbox } from '../harness/sandbox.cts';

import { inWorkspace } from '../library/fixtures.cts';
import { A, createdPostBody, NEXT_YEAR } from './fixtures.cts';

const sandbox = useSandbox();

/**
 * The next instant Europe/Berlin changes to summer (spring) or winter (autumn) time, found hour by
 * hour from now, and its day (Berlin changes at 01:00 UTC, so the UTC day is Berlin's day).
 */
function nextBerlinChange(season: 'spring' | 'autumn'): { instant: DateTime; day: string } {
	const [from, to] = season === 'spring' ? [60, 120] : [120, 60];
	let hour = DateTime.now().toUTC().startOf('hour');
	for (let i = 0; i < 24 * 400; i++, hour = hour.plus({ hours: 1 })) {
		const next = hour.plus({ hours: 1 });
		if (
			hour.setZone('Europe/Berlin').offset === from &&
			next.setZone('Europe/Berlin').offset === to
		) {
			return { instant: next, day: next.toISODate() ?? '' };
		}
	}
	throw new Error(`Europe/Berlin has no ${season} change within 400 days`);
}

beforeEach(async () => {
	await sandbox.control.clearRequests();
});

/** Creates one post and returns the scheduled_at the API received and the output's echo of it. */
async function schedule(
	scheduledAt: unknown,
	{
		timezone,
		workflowTimezone,
		publishType = 'scheduled',
	}: { timezone?: string; workflowTimezone?: string; publishType?: string } = {},
) {
	const parameters: INodeParameters = inWorkspace('post', 'create', {
		text: 'Timed',
		accounts: [A.facebook],
		publishType,
		scheduledAt: scheduledAt as string,
		...(timezone ? { options: { timezone } } : {}),
	});
	const { output, error } = await runNode({
		parameters,
		credentials: sandbox.credentials(),
		timezone: workflowTimezone,
	});
	expect(error).toBeUndefined();
	const body = await createdPostBody(sandbox.control);
	await sandbox.control.clearRequests();
	const sent = (body.scheduling as { scheduled_at?: string }).scheduled_at;
	expect(output[0].json.scheduled_at).toBe(sent);
	return { sent, zone: output[0].json.timezone };
}

describe('one fixed instant in two zones', () => {
	const instant = `${NEXT_YEAR}-06-15T10:00:00Z`;

	test.each([
		['Europe/Berlin', `${NEXT_YEAR}-06-15 12:00:00`],
		['America/New_York', `${NEXT_YEAR}-06-15 06:00:00`],
	])('%s', async (timezone, wallClock) => {
		expect(await schedule(instant, { timezone })).toEqual({ sent: wallClock, zone: timezone });
	});

	test('an offset other than the zone is converted, not relabelled', async () => {
		expect(
			await schedule(`${NEXT_YEAR}-06-15T12:00:00+09:00`, { timezone: 'Europe/Berlin' }),
		).toEqual({
			sent: `${NEXT_YEAR}-06-15 05:00:00`,
			zone: 'Europe/Berlin',
		});
	});

	test('a luxon DateTime from an expression keeps its instant', async () => {
		const expression = `={{ DateTime.fromISO('${NEXT_YEAR}-06-15T19:00:00', { zone: 'Asia/Tokyo' }) }}`;
		expect(await schedule(expression, { timezone: 'America/New_York' })).toEqual({
			sent: `${NEXT_YEAR}-06-15 06:00:00`,
			zone: 'America/New_York',
		});
	});
});

describe('wall-clock input (no offset) is read in the chosen zone', () => {
	test("n8n's dateTime value", async () => {
		expect(await schedule(`${NEXT_YEAR}-06-15T10:00:00`, { timezone: 'America/New_York' })).toEqual(
			{
				sent: `${NEXT_YEAR}-06-15 10:00:00`,
				zone: 'America/New_York',
			},
		);
	});

	test('the API form itself', async () => {
		expect(await schedule(`${NEXT_YEAR}-06-15 10:00:00`, { timezone: 'Europe/Berlin' })).toEqual({
			sent: `${NEXT_YEAR}-06-15 10:00:00`,
			zone: 'Europe/Berlin',
		});
	});

	test("without a Timezone option, the workspace's own time zone, not the workflow's", async () => {
		expect(
			await schedule(`${NEXT_YEAR}-06-15T10:00:00Z`, { workflowTimezone: 'Asia/Tokyo' }),
		).toEqual({
			sent: `${NEXT_YEAR}-06-15 12:00:00`,
			zone: 'Europe/Berlin',
		});
	});
});

// 2026's DST nights in Berlin are in the past now, so these use a draft's planned time (no
// future check); the next ones, computed from now, show the same for a scheduled post.
describe('across DST edges in Europe/Berlin', () => {
	const draft = { timezone: 'Europe/Berlin', publishType: 'draft' };

	test.each([
		['2026-03-29T00:30:00Z', '2026-03-29 01:30:00'], // still CET (+01:00)
		['2026-03-29T01:30:00Z', '2026-03-29 03:30:00'], // CEST (+02:00): 02:xx does not exist
		['2026-10-25T00:30:00Z', '2026-10-25 02:30:00'], // first 02:30, CEST
		['2026-10-25T01:30:00Z', '2026-10-25 02:30:00'], // second 02:30, CET
		['2026-10-25T02:30:00Z', '2026-10-25 03:30:00'],
	])('the instant %s is %s in Berlin', async (instant, wallClock) => {
		expect(await schedule(instant, draft)).toEqual({ sent: wallClock, zone: 'Europe/Berlin' });
	});

	test('a wall-clock time the spring gap skips moves forward by the gap', async () => {
		expect(await schedule('2026-03-29T02:30:00', draft)).toEqual({
			sent: '2026-03-29 03:30:00',
			zone: 'Europe/Berlin',
		});
	});

	test.each([
		['spring', '01:59:59', '03:00:00'],
		['autumn', '02:59:59', '02:00:00'],
	] as const)(
		'scheduled: on the next %s change, the second before is %s and the change itself %s',
		async (season, before, after) => {
			const { instant, day } = nextBerlinChange(season);
			const second = (at: DateTime) => at.toUTC().toISO({ suppressMilliseconds: true });
			expect(
				await schedule(second(instant.minus({ seconds: 1 })), { timezone: 'Europe/Berlin' }),
			).toEqual({
				sent: `${day} ${before}`,
				zone: 'Europe/Berlin',
			});
			expect(await schedule(second(instant), { timezone: 'Europe/Berlin' })).toEqual({
				sent: `${day} ${after}`,
				zone: 'Europe/Berlin',
			});
		},
	);

	test("the same instant on the autumn night in New York is unaffected by Berlin's change", async () => {
		// The US leaves summer time on the first Sunday of November, after Europe: New York is at -04:00.
		const { instant } = nextBerlinChange('autumn');
		const dayBefore = instant.toUTC().minus({ days: 1 }).toISODate();
		expect(
			await schedule(instant.toUTC().toISO({ suppressMilliseconds: true }), {
				timezone: 'America/New_York',
			}),
		).toEqual({
			sent: `${dayBefore} 21:00:00`,
			zone: 'America/New_York',
		});
	});
});
