// Figure 9: what an idle poll of each trigger event costs as the history grows: requests per poll
// when nothing changed, at 100, 1,000, 5,000 and 10,000 posts in the watched status.
import type { IDataObject } from 'n8n-workflow';

import { DEMO } from '../../sandbox/demo-data.cts';
import type { Profile } from '../../sandbox/profile.cts';
import { runPoll } from '../../test/harness/engine.cts';
import type { BenchSandbox } from '../lib/jobs.cts';
import type { Figure, Goal, Row } from '../lib/report.cts';

const SIZES = [100, 1000, 5000, 10_000];
const GOAL = 2;
const WORKSPACE = DEMO.workspaces.second.id;
const SEED_MAX = 5000;

/** Each event, and the status its history is seeded in. */
const EVENTS = [
	{ name: 'Post Published', value: 'postPublished', status: 'published' },
	{ name: 'Post Failed', value: 'postFailed', status: 'failed' },
	{ name: 'Post Rejected', value: 'postRejected', status: 'rejected' },
	{ name: 'Post Pending Approval', value: 'postPendingApproval', status: 'under_review' },
	// Not yet due (no scheduled time): an overdue post is news until reported, not idle.
	{ name: 'Approval Overdue', value: 'approvalOverdue', status: 'under_review', history: false },
];

/**
 * The services a poll may meet: `date_from` on another date than `updated_at`, on it (with status
 * changes moving `updated_at`, and leaving it alone), and no order.
 */
const SERVICES: Array<[string, Partial<Profile>]> = [
	['date_from on the scheduled day (the default sandbox)', { dateFilter: 'scheduled' }],
	['date_from on the day updated', { dateFilter: 'updated' }],
	[
		'date_from on the day updated, status changes leave updated_at alone',
		{ dateFilter: 'updated', statusStamps: 'kept' },
	],
	['a new order per request, date_from on the scheduled day', { listOrder: 'shuffled' }],
];

/**
 * Requests of one idle poll after activation, with `size` posts in the event's status, and with
 * " (N emitted)" when the idle poll emitted posts that were there all along: a list in a new order
 * per request can hide a post from every reading of activation (docs/trigger.md).
 */
async function idleRequests(
	sandbox: BenchSandbox,
	event: (typeof EVENTS)[number],
	size: number,
	profile: Partial<Profile>,
): Promise<string> {
	await sandbox.control.reset();
	await sandbox.control.profile(profile);
	for (let seeded = 0; seeded < size; seeded += SEED_MAX) {
		await sandbox.control.seed({
			workspace_id: WORKSPACE,
			resource: 'posts',
			count: Math.min(SEED_MAX, size - seeded),
			template: {
				status: event.status,
				...(event.history === false ? {} : { history_days: 365, history_seed: seeded + 1 }),
			},
		});
	}
	const parameters = {
		event: event.value,
		workspaceId: { __rl: true, mode: 'id', value: WORKSPACE },
	};
	let staticData: IDataObject = {};
	let emitted = 0;
	for (const poll of ['activation', 'idle']) {
		await sandbox.control.clearRequests();
		const result = await runPoll({ parameters, credentials: sandbox.credentials, staticData });
		if (result.error) throw new Error(`${event.name}, ${poll}: ${result.error.message}`);
		emitted = result.items?.length ?? 0;
		staticData = result.staticData;
	}
	const requests = (await sandbox.control.requests()).length;
	return emitted === 0 ? String(requests) : `${requests} (${emitted} emitted)`;
}

export async function idlePoll(sandbox: BenchSandbox): Promise<Figure> {
	const rows: Row[] = [];
	const goals: Goal[] = [];
	for (const event of EVENTS) {
		for (const size of SIZES) {
			const services = SERVICES;
			const counts = [];
			for (const [, profile] of services)
				counts.push(await idleRequests(sandbox, event, size, profile));
			const [first, ...others] = counts;
			rows.push({
				measure: `${event.name}, ${size.toLocaleString('en-US')} posts: requests per idle poll`,
				ours: String(first),
				versus: `goal ≤ ${GOAL}`,
				note: others.map((count, i) => `${services[i + 1][0]}: ${count}`).join('; '),
			});
			if (size === 5000) {
				goals.push({
					goal: `${event.name}: an idle poll costs at most ${GOAL} requests at 5,000 posts, but in a new order per request without a proven date filter`,
					measured: counts.map((count, i) => `${count} (${services[i][0]})`).join(', '),
					met: counts.slice(0, 3).every((count) => Number(count) <= GOAL),
				});
			}
		}
	}
	const published = rows.filter((row) => row.measure.startsWith('Post Published'));
	const at5000 = EVENTS.map(
		({ name }) => `${name} ${rows.find((row) => row.measure.startsWith(`${name}, 5,000`))?.ours}`,
	).join(', ');
	return {
		id: 9,
		title: 'Trigger: requests per idle poll',
		method:
			`For each event and each size, the sandbox is reset and seeded with that many posts in the watched status, spread over a year (some published late, some edited after), in workspace "${DEMO.workspaces.second.name}". ` +
			'The trigger is activated (its first poll, not counted) and polled once more with nothing changed; the count is the requests that poll sent, from the sandbox log. ' +
			'Ours: the default sandbox (updated-desc; date_from on the scheduled day, which the trigger must find out and not use). The note gives the same with date_from on the day updated (proven, then used) and with a new order for every request.',
		rows,
		notes: [
			'In a list in a new order for every request, without a date filter proven to be on updated_at, fewer requests than every page cannot show that nothing changed: the trigger then reads every page, ceil(total/100) per poll, as before.',
		],
		goals,
		summary: `An idle Post Published poll costs ${published.map((row) => row.ours).join(', ')} requests at ${SIZES.map((size) => size.toLocaleString('en-US')).join(', ')} posts (goal ≤ ${GOAL}); with date_from proven on updated_at, ${published.map((row) => /day updated: (\d+)/.exec(row.note ?? '')?.[1]).join(', ')}. At 5,000: ${at5000}.`,
	};
}
