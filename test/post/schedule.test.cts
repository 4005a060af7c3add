// Scheduling time: whatever form the user gives, the API receives wall-clock `YYYY-MM-DD HH:MM:SS`
// in the Timezone option's zone (the workflow's by default). Instants are converted, never relabelled.
import type { INodeParameters } from 'n8n-workflow';

import { runNode } from '../harness/engine.cts';
import { useSandbox } from '../harness/sandbox.cts';

import { inWorkspace } from '../library/fixtures.cts';
import { A, createdPostBody } from './fixtures.cts';

const sandbox = useSandbox();

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
	const instant = '2031-06-15T10:00:00Z';

	test.each([
		['Europe/Berlin', '2031-06-15 12:00:00'],
		['America/New_York', '2031-06-15 06:00:00'],
	])('%s', async (timezone, wallClock) => {
		expect(await schedule(instant, { timezone })).toEqual({ sent: wallClock, zone: timezone });
	});

	test('an offset other than the zone is converted, not relabelled', async () => {
		expect(await schedule('2031-06-15T12:00:00+09:00', { timezone: 'Europe/Berlin' })).toEqual({
			sent: '2031-06-15 05:00:00',
			zone: 'Europe/Berlin',
		});
	});

	test('a luxon DateTime from an expression keeps its instant', async () => {
		const expression = "={{ DateTime.fromISO('2031-06-15T19:00:00', { zone: 'Asia/Tokyo' }) }}";
		expect(await schedule(expression, { timezone: 'America/New_York' })).toEqual({
			sent: '2031-06-15 06:00:00',
			zone: 'America/New_York',
		});
	});
});

describe('wall-clock input (no offset) is read in the chosen zone', () => {
	test("n8n's dateTime value", async () => {
		expect(await schedule('2031-06-15T10:00:00', { timezone: 'America/New_York' })).toEqual({
			sent: '2031-06-15 10:00:00',
			zone: 'America/New_York',
		});
	});

	test('the API form itself', async () => {
		expect(await schedule('2031-06-15 10:00:00', { timezone: 'Europe/Berlin' })).toEqual({
			sent: '2031-06-15 10:00:00',
			zone: 'Europe/Berlin',
		});
	});

	test("without a Timezone option, the workspace's own time zone, not the workflow's", async () => {
		expect(await schedule('2031-06-15T10:00:00Z', { workflowTimezone: 'Asia/Tokyo' })).toEqual({
			sent: '2031-06-15 12:00:00',
			zone: 'Europe/Berlin',
		});
	});
});

// 2026's DST nights in Berlin are in the past now, so these use a draft's planned time (no
// future check); the 2030 ones show the same for a scheduled post.
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
		['2030-03-31T00:59:59Z', '2030-03-31 01:59:59'],
		['2030-03-31T01:00:00Z', '2030-03-31 03:00:00'],
		['2030-10-27T00:59:59Z', '2030-10-27 02:59:59'],
		['2030-10-27T01:00:00Z', '2030-10-27 02:00:00'],
	])('scheduled: the instant %s is %s in Berlin', async (instant, wallClock) => {
		expect(await schedule(instant, { timezone: 'Europe/Berlin' })).toEqual({
			sent: wallClock,
			zone: 'Europe/Berlin',
		});
	});

	test("the same instant on the autumn night in New York is unaffected by Berlin's change", async () => {
		expect(await schedule('2030-10-27T01:00:00Z', { timezone: 'America/New_York' })).toEqual({
			sent: '2030-10-26 21:00:00',
			zone: 'America/New_York',
		});
	});
});
