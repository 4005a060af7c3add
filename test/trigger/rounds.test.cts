// Post Pending Approval and Approval Overdue over a post's review rounds, in every list order, with a
// service whose status changes move `updated_at` and one whose changes leave it alone, each with its
// own seed: once per review round, never for an edit (text and labels from the service's screens, a
// note through the API), whether an approver acted or not. A new round is the post seen out of review
// and back, or its approvals reset; sent back and for review again between two polls with nobody
// having acted gives the answers of an edit: no item (docs/trigger.md, What polling cannot see).
// Where an approver may act again on a post still under review (approverActions=repeat, which
// section 4.16 leaves open), that is a new note, not a new round. The same approvers listed in another
// order (the description states none) are the same people: no new round.
import { wallClockInZone } from '../../sandbox/clock.cts';
import { DEMO } from '../../sandbox/demo-data.cts';
import { LIST_ORDERS, seededRandom } from '../../sandbox/profile.cts';
import { useSandbox } from '../harness/sandbox.cts';

import {
	approveAsAlex,
	editPost,
	MAIN_WORKSPACE,
	pollUntilEmitted,
	U,
	Watcher,
	watching,
} from './fixtures.cts';

const sandbox = useSandbox();

const WORLDS = LIST_ORDERS.flatMap((listOrder) =>
	(['moved', 'kept'] as const).map((statusStamps) => ({ listOrder, statusStamps })),
);
const EVENTS = ['postPendingApproval', 'approvalOverdue'] as const;
const BOTH = [U.alex.id, U.jordan.id];
type World = (typeof WORLDS)[number];
type Event = (typeof EVENTS)[number];

/**
 * Others' posts under review, a watcher, then one post sent for review to Alex and Jordan (both must
 * approve), due within the lead time (120 minutes), so overdue from the start. Each `story` draws
 * its own seeds.
 */
async function reviewStory(world: World, event: Event, story: number, approvers: string[] = BOTH) {
	const { control } = sandbox;
	await control.profile(world);
	const random = seededRandom(WORLDS.indexOf(world) * 2 + EVENTS.indexOf(event) + 1 + 16 * story);
	// A shuffled list is read whole only when it fits a page.
	const others = 20 + Math.floor(random() * (world.listOrder === 'shuffled' ? 55 : 130));
	await control.seed({
		workspace_id: MAIN_WORKSPACE,
		resource: 'posts',
		count: others,
		template: { status: 'under_review', approvers: [U.alex.id], created_by_user_id: U.maya.id },
	});
	const watcher = new Watcher(sandbox, watching(event));
	expect((await watcher.tick()).ids).toEqual([]);

	// Every change a second after the last one.
	const change = async (action: string, extra: object = {}) => {
		await control.clock({ advanceSeconds: 1 });
		return await control.simulate({
			action,
			workspace_id: MAIN_WORKSPACE,
			...extra,
		} as Parameters<typeof control.simulate>[0]);
	};
	const scheduled_at = wallClockInZone(
		new Date(Date.now() + 3_600_000),
		DEMO.workspaces.main.timezone,
	);
	const [id] = await change('create_pending', {
		created_by_user_id: U.maya.id,
		approvers,
		approve_option: 'all',
		scheduled_at,
	});
	const quiet = async () => {
		for (let poll = 0; poll < 3; poll++) expect((await watcher.tick()).ids).toEqual([]);
	};
	const once = async () => {
		expect((await pollUntilEmitted(watcher, [id])).ids).toEqual([id]);
		await quiet();
	};
	const approve = async (note?: string) => {
		await control.clock({ advanceSeconds: 1 });
		await approveAsAlex(sandbox, id, MAIN_WORKSPACE, note);
	};
	const sendBack = async () => {
		await change('leave_review', { post_id: id });
		await change('enter_review', { post_id: id, approvers, approve_option: 'all' });
	};
	return { id, random, change, watcher, approve, sendBack, quiet, once };
}

describe.each(WORLDS)(
	'posts listed $listOrder, status changes $statusStamps updated_at',
	(world) => {
		test.each(EVENTS)('%s: once per review round, never for an edit', async (event) => {
			const { id, random, change, watcher, approve, sendBack, quiet, once } = await reviewStory(
				world,
				event,
				0,
			);
			// The seed draws the order of each edit's two parts.
			const edit = async () => {
				for (const through of random() < 0.5 ? ['screens', 'api'] : ['api', 'screens']) {
					await sandbox.control.clock({ advanceSeconds: 1 });
					await editPost(sandbox, id, through as 'screens' | 'api');
				}
			};

			// Sent for review: once. Edited with nobody having acted: nothing.
			await once();
			await edit();
			await quiet();
			// Alex approves, Jordan has not: the same round. Edited again: nothing.
			await approve();
			await quiet();
			await edit();
			await quiet();
			// Sent back and for review again between two polls: Alex's approval is gone, a new round.
			await sendBack();
			await once();
			await edit();
			await quiet();
			// Again between two polls, with nobody having acted in either round: an edit's answers.
			await sendBack();
			await quiet();
			// Seen out of review, then back: a new round.
			await change('leave_review', { post_id: id });
			expect((await watcher.tick()).ids).toEqual([]);
			await change('enter_review', { post_id: id, approvers: BOTH, approve_option: 'all' });
			await once();
		});

		test.each(EVENTS)(
			'%s: an approver acting again is a new note in the same round',
			async (event) => {
				const { approve, sendBack, quiet, once } = await reviewStory(world, event, 1);
				await sandbox.control.profile({ approverActions: 'repeat' });
				await once();
				await approve('Looks fine.');
				await quiet();
				// Alex approves again, with a new note, once a poll saw it and twice between two polls.
				await approve('Fine, but check the price.');
				await quiet();
				await approve('Price checked.');
				await approve('Price checked twice.');
				await quiet();
				// Approvals reset: a new round.
				await sendBack();
				await once();
			},
		);

		test.each(EVENTS)(
			'%s: the same approvers listed in another order are the same round',
			async (event) => {
				const three = [U.alex.id, U.jordan.id, U.priya.id];
				const { id, change, approve, sendBack, quiet, once } = await reviewStory(
					world,
					event,
					2,
					three,
				);
				await once();
				// Two of the three act (Priya has not): the same round throughout.
				await approve();
				await quiet();
				await change('approve', { post_id: id, user_id: U.jordan.id });
				await quiet();
				// The service lists them in reverse order: the same people, the same actions.
				await change('reorder_approvers', { post_id: id });
				await quiet();
				// A real new round is still seen.
				await sendBack();
				await once();
			},
		);
	},
);
