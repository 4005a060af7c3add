// Soak for Approval Overdue, once per list order: polls while time passes (only `Date` is faked) and
// Priya's posts are sent for review with due times all around, approved, edited, taken out of review,
// sent again and missed, with failed polls in between (seeded, so a failure replays). Each successful
// poll must emit exactly the posts overdue now and not yet reported in their review round: no
// duplicate, no miss. Static data goes through JSON between polls, as after a restart.
import type { IDataObject } from 'n8n-workflow';

import { wallClockInZone } from '../../sandbox/clock.cts';
import { DEMO } from '../../sandbox/demo-data.cts';
import { LIST_ORDERS, seededRandom } from '../../sandbox/profile.cts';
import { runPoll } from '../harness/engine.cts';
import { useSandbox } from '../harness/sandbox.cts';

import {
	approveAsAlex,
	editPost,
	fakeDate,
	MAIN_WORKSPACE,
	members,
	passes,
	postsPath,
	U,
	watching,
} from './fixtures.cts';

const sandbox = useSandbox();

const POLLS = 150;
const MINUTE = 60_000;
const LEAD_MINUTES = 120;

interface ModelPost {
	pending: boolean;
	missed: boolean;
	round: number;
	due: number;
	alexApproved: boolean;
	reportedRound: number | null;
	/** Changed since the last poll that succeeded: one change per post between polls. */
	touched: boolean;
}

beforeEach(fakeDate);
afterEach(() => jest.useRealTimers());

describe.each(LIST_ORDERS)('posts listed %s', (listOrder) => {
	test(`${POLLS} polls as time passes: each overdue post once per review round, none missed`, async () => {
		const random = seededRandom(0x0d0e + LIST_ORDERS.indexOf(listOrder));
		const pick = <T,>(list: T[]): T | undefined => list[Math.floor(random() * list.length)];
		const { control } = sandbox;
		await control.profile({ listOrder });
		const parameters = watching('approvalOverdue', {
			leadTimeMinutes: LEAD_MINUTES,
			requestedBy: 'chosen',
			requesterMembers: members(U.priya.id),
		});
		const credentials = sandbox.credentials('full');
		const simulate = async (request: Record<string, unknown>) => {
			passes(1000);
			return await control.simulate({ workspace_id: MAIN_WORKSPACE, ...request } as Parameters<
				typeof control.simulate
			>[0]);
		};
		const model = new Map<string, ModelPost>();
		const posts = (test: (post: ModelPost) => boolean) =>
			[...model].filter(([, post]) => test(post)).map(([id]) => id);
		const overdueNow = (post: ModelPost) =>
			post.pending && (post.missed || post.due - Date.now() < LEAD_MINUTES * MINUTE);

		const duplicates: string[] = [];
		const misses: string[] = [];
		const stats = {
			polls: 0,
			failedPolls: 0,
			emitted: 0,
			rereviews: 0,
			missed: 0,
			approvals: 0,
			edits: 0,
		};

		let staticData: IDataObject = {};
		const first = await runPoll({ parameters, credentials, staticData });
		expect(first.items).toBeNull();
		staticData = JSON.parse(JSON.stringify(first.staticData)) as IDataObject;

		for (let tick = 0; tick < POLLS; tick++) {
			passes((pick([0, 1, 5, 20]) as number) * MINUTE);
			const roll = random();
			if (roll < 0.3) {
				const due = Date.now() + Math.floor((random() * 7 - 1) * 60) * MINUTE;
				const [id] = await simulate({
					action: 'create_pending',
					created_by_user_id: U.priya.id,
					approvers: [U.alex.id, U.jordan.id],
					approve_option: 'all',
					scheduled_at: wallClockInZone(new Date(due), DEMO.workspaces.main.timezone),
				});
				// The wall-clock time has whole seconds.
				const dueAt = Math.floor(due / 1000) * 1000;
				model.set(id, {
					pending: true,
					missed: false,
					round: 0,
					due: dueAt,
					alexApproved: false,
					reportedRound: null,
					touched: true,
				});
			} else if (roll < 0.45) {
				const id = pick(posts((post) => post.pending && !post.touched));
				if (id) {
					await simulate({ action: 'leave_review', post_id: id });
					Object.assign(model.get(id) as ModelPost, { pending: false, touched: true });
				}
			} else if (roll < 0.6) {
				const id = pick(posts((post) => !post.pending && !post.touched));
				if (id) {
					await simulate({
						action: 'enter_review',
						post_id: id,
						approvers: [U.alex.id, U.jordan.id],
						approve_option: 'all',
					});
					const post = model.get(id) as ModelPost;
					Object.assign(post, {
						pending: true,
						missed: false,
						round: post.round + 1,
						alexApproved: false,
						touched: true,
					});
					stats.rereviews += 1;
				}
			} else if (roll < 0.7) {
				const id = pick(posts((post) => post.pending && !post.missed && !post.touched));
				if (id) {
					await simulate({ action: 'miss_review', post_id: id });
					Object.assign(model.get(id) as ModelPost, { missed: true, touched: true });
					stats.missed += 1;
				}
			} else if (roll < 0.85) {
				// Alex approves; Jordan has not, so the post stays in the same round.
				const id = pick(
					posts((post) => post.pending && !post.missed && !post.alexApproved && !post.touched),
				);
				if (id) {
					passes(1000);
					await approveAsAlex(sandbox, id);
					Object.assign(model.get(id) as ModelPost, { alexApproved: true, touched: true });
					stats.approvals += 1;
				}
			} else if (roll < 0.95) {
				// A teammate edits a post under review (missed or not): never news.
				const id = pick(posts((post) => post.pending && !post.touched));
				if (id) {
					passes(1000);
					await editPost(sandbox, id, random() < 0.5 ? 'screens' : 'api');
					(model.get(id) as ModelPost).touched = true;
					stats.edits += 1;
				}
			}

			const faulty = random() < 0.05;
			if (faulty) await control.fault({ path: postsPath(), status: 500 });
			const result = await runPoll({ parameters, credentials, staticData });
			stats.polls += 1;
			if (faulty) {
				expect(result.error).toBeDefined();
				expect(result.staticData).toEqual(staticData);
				stats.failedPolls += 1;
				continue;
			}
			expect(result.error).toBeUndefined();

			const emitted = (result.items ?? []).map((item) => String(item.json.id));
			for (const id of emitted) {
				const post = model.get(id) as ModelPost;
				if (!overdueNow(post) || post.reportedRound === post.round)
					duplicates.push(`${id}#${post.round} at poll ${tick}`);
				post.reportedRound = post.round;
				stats.emitted += 1;
			}
			for (const [id, post] of model) {
				if (overdueNow(post) && post.reportedRound !== post.round) {
					misses.push(`${id}#${post.round} at poll ${tick}`);
					post.reportedRound = post.round;
				}
				post.touched = false;
			}
			staticData = JSON.parse(JSON.stringify(result.staticData)) as IDataObject;
		}

		expect(duplicates).toEqual([]);
		expect(misses).toEqual([]);
		expect(stats.polls).toBe(POLLS);
		expect(stats.emitted).toBeGreaterThan(20);
		expect(stats.rereviews).toBeGreaterThan(5);
		expect(stats.missed).toBeGreaterThan(5);
		expect(stats.approvals).toBeGreaterThan(5);
		expect(stats.edits).toBeGreaterThan(5);
		expect(stats.failedPolls).toBeGreaterThan(2);
	}, 120_000);
});
