// The static data's size and an idle poll's cost at 5,000 posts in the state, and at 5,000 under
// review, against the goal (README: Trigger, State), in the list orders where they differ. A case at
// 5,000 posts costs seconds, one in a list drawn anew several more (its activation reads the list
// until whole, about 9 readings of 50 pages: some 6 s), so each order runs where it reads otherwise:
// - created-desc: every case.
// - updated-desc, the default profile's order: Pending Approval where status changes move
//   `updated_at`, so that an approval moves the post to the top of the list. Elsewhere it reads as
//   created-desc: new posts land on page 1, nothing else here moves a post, and a member is the same
//   bytes in any order.
// - created-asc: as created-desc but that new posts land on the last page, which nothing here adds
//   (grown.test.cts reads that at 10,000 posts, in every fixed order).
// - shuffled: Pending Approval, where nothing proves the date filter: every page. Published, Failed
//   and Rejected read alike (every page where the date filter is not proven, as figure 9 of
//   BENCHMARKS.md measures; the changes since the watermark's day and a page in turn where it is):
//   left out for the time their activations take.

import type { IDataObject } from 'n8n-workflow';

import { wallClockInZone } from '../../sandbox/clock.cts';
import { DEMO } from '../../sandbox/demo-data.cts';
import type { Profile } from '../../sandbox/profile.cts';
import { useSandbox } from '../harness/sandbox.cts';

import {
	activate,
	approveAsAlex,
	DEMO_PENDING,
	MAIN_WORKSPACE,
	pagesRead,
	shownBy,
	U,
	Watcher,
	watching,
} from './fixtures.cts';
import { LIVES, sizeOf } from './year-world.cts';

const sandbox = useSandbox();

/** Every page, 1 to ceil(total/100): what a poll reads of a list drawn anew, or of a whole list. */
const everyPage = (total: number) =>
	Array.from({ length: Math.ceil(total / 100) }, (_, at) => at + 1);

describe.each(['moved', 'kept'] as const)(
	'5,000 posts in the state, listed created-desc, status changes %s updated_at',
	(statusStamps) => {
		test.each(LIVES)(
			'$event: the static data within 64 KB',
			async (life) => {
				const { control } = sandbox;
				await control.profile({ listOrder: 'created-desc', statusStamps, dateFilter: 'updated' });
				await control.seed({
					workspace_id: MAIN_WORKSPACE,
					resource: 'posts',
					count: 5000,
					template: { status: life.status, history_days: 365, history_seed: 5 },
				});
				const watcher = new Watcher(sandbox, watching(life.event));
				expect((await watcher.tick()).ids).toEqual([]);
				const idle = await watcher.tick();
				expect(idle.ids).toEqual([]);
				expect(idle.requests.length).toBe(2);
				const size = sizeOf(watcher.staticData);
				expect(size).toBeLessThanOrEqual(64 * 1024);
				console.info(
					`5000 ${statusStamps} ${life.event}: ${size} bytes, idle ${idle.requests.length} requests`,
				);
			},
			120_000,
		);
	},
);

const REVIEW_WORLDS: {
	listOrder: Profile['listOrder'];
	statusStamps: Profile['statusStamps'];
	events: string[];
}[] = [
	...(['moved', 'kept'] as const).map((statusStamps) => ({
		listOrder: 'created-desc' as const,
		statusStamps,
		events: ['postPendingApproval', 'approvalOverdue'],
	})),
	// Approval Overdue reads the list as Pending Approval does (the same members, a flag more).
	{ listOrder: 'updated-desc', statusStamps: 'moved', events: ['postPendingApproval'] },
	// Nothing here proves the date filter (every post was created now), so both kinds of service
	// read every page alike: once.
	{ listOrder: 'shuffled', statusStamps: 'kept', events: ['postPendingApproval'] },
];

describe.each(REVIEW_WORLDS)(
	'5,000 posts under review, listed $listOrder, status changes $statusStamps updated_at',
	({ listOrder, statusStamps, events }) => {
		const shuffled = listOrder === 'shuffled';
		test.each(events)(
			'%s: what an idle poll costs; the static data within 64 KB, and 18 bytes more for each post an approver acted on',
			async (event) => {
				const { control } = sandbox;
				await control.profile({ listOrder, statusStamps });
				// Due in an hour: within Approval Overdue's lead time of two hours.
				const scheduled_at = wallClockInZone(
					new Date(Date.now() + 3_600_000),
					DEMO.workspaces.main.timezone,
				);
				const ids = await control.simulate({
					action: 'create_pending',
					workspace_id: MAIN_WORKSPACE,
					count: 5000 - DEMO_PENDING.length,
					created_by_user_id: U.maya.id,
					approvers: [U.alex.id, U.jordan.id],
					approve_option: 'all',
					scheduled_at,
				});
				const watcher = new Watcher(sandbox, watching(event));
				await activate(watcher, 10);
				// Idle: the page where new posts land and one page more; every page, 50, in a list drawn
				// anew.
				const idleCost = (tick: Awaited<ReturnType<Watcher['tick']>>) =>
					shuffled
						? expect(pagesRead(tick)).toEqual(everyPage(5000))
						: expect(tick.requests).toHaveLength(2);
				const quiet = await watcher.tick();
				expect(quiet.ids).toEqual([]);
				idleCost(quiet);
				const empty = sizeOf(watcher.staticData);
				const seqAt = () => String((watcher.staticData.cursor as IDataObject).seq).length;
				const seqDigits = seqAt();
				// 12 characters a post under review (remember/members.ts), and the cursor's few marks.
				expect(empty).toBeLessThanOrEqual(64 * 1024);
				expect(empty - 5000 * 12).toBeLessThan(400);
				// A minute later (so that an approval is surely a later change than the post's creation),
				// Alex approves 1,000; Jordan has not yet, so they stay under review, each in its round.
				await control.clock({ advanceSeconds: 60 });
				for (let at = 0; at < 1000; at += 50) {
					await Promise.all(ids.slice(at, at + 50).map((id) => approveAsAlex(sandbox, id)));
				}
				// The polls after. In a list by creation, or where status changes leave `updated_at` alone,
				// approvals change neither the total nor the page where new posts land: each post's mark is
				// taken when its page is read, on a turn through the 50 pages. Where they move it, in a list
				// by the last change, the 1,000 come first: the landing page changed, so the first poll
				// reads the whole list (and takes every mark), then 2 again; three polls show it. In a list
				// drawn anew each poll reads every page and takes the marks of the posts it is shown (about
				// 2 in 3 of them, 1 - (49/50)^50): two polls, as each reads 5,000 posts.
				const reordered = listOrder === 'updated-desc' && statusStamps === 'moved';
				const ticks = [];
				for (let poll = 0; poll < (shuffled ? 2 : reordered ? 3 : 50); poll++)
					ticks.push(await watcher.tick());
				for (const [poll, tick] of ticks.entries()) {
					expect(tick.ids).toEqual([]);
					if (reordered && poll === 0) expect(pagesRead(tick)).toEqual(everyPage(5000));
					else idleCost(tick);
				}
				const shown = new Set(ticks.flatMap((tick) => [...shownBy(tick)]));
				const marked = ids.slice(0, 1000).filter((id) => shown.has(id)).length;
				if (!shuffled) expect(marked).toBe(1000);
				const size = sizeOf(watcher.staticData);
				// A mark per post an approver acted on, with one approver: `"8 chars":"4 chars"`, 17
				// bytes, and the commas between. A poll that read the whole list also tells whether status
				// changes move `updated_at` (an approval's time against the post's): the cursor keeps it,
				// `"stamps":"moved",` or `"stamps":"kept",`.
				const stampsMark = reordered || shuffled ? `"stamps":"${statusStamps}",`.length : 0;
				// And the count of polls that changed the cursor (`seq`) may have gained a digit.
				const seqGrown = seqAt() - seqDigits;
				expect(size - empty).toBe(marked * 17 + (marked - 1) + stampsMark + seqGrown);
				console.info(
					`5000 under review ${listOrder} ${statusStamps} ${event}: ${empty} bytes, ${size} with ${marked} of 1,000 approved by one marked, ${ticks.length} polls`,
				);
			},
			120_000,
		);
	},
);
