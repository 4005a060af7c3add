// Soak of Post Pending Approval, once per list order: hundreds of polls while posts arrive, leave
// review, come back, are sent again to other approvers, get approved or edited at random (seeded, so a
// failure replays), with ties and failed polls in between. The first half keeps more than 100 posts
// pending (two or three pages), the second fewer (one page). Every poll starts from static data
// persisted as JSON, as after a restart.
//
// The test keeps its own model of what happened and what a poll could see, from what it did, the
// requests the sandbox received and what it answered them (its log: the IDs each page held), never
// from the trigger's state or constants. Each request for review
// is announced once, by the poll the guide names (docs/trigger.md): the next poll for a new post; for
// one that comes back while another leaves, or whose approvals were reset or sent to other people,
// within a turn through the pages; in a list drawn anew for every request and longer than a page,
// within LATE_POLLS. Nothing else is announced: an edit never, nor a post that left and came back
// between the same two polls to the same people, unless a poll had seen an approver act on it.
import type { IDataObject } from 'n8n-workflow';

import { LIST_ORDERS, seededRandom } from '../../sandbox/profile.cts';
import { runPoll } from '../harness/engine.cts';
import { useSandbox } from '../harness/sandbox.cts';

import {
	approveAsAlex,
	DEMO_PENDING,
	editPost,
	MAIN_WORKSPACE,
	postsPath,
	U,
	watching,
} from './fixtures.cts';

const sandbox = useSandbox();

/** Polls per list order; the first half crowded (more than 100 pending), the second not. */
const POLLS = 600;
const CROWDED = 130;
const QUIET = 60;
const BURST = 40;
/**
 * The test's own bound for a list drawn anew for every request ("a few checks late", docs/trigger.md).
 * A reading of every page leaves a post out at most 1 time in 4 here ((100/200)^2 at 200 pending on
 * two pages; the run stays under 240, where three pages leave out fewer), so 12 in a row about once
 * in 1.7 * 10^7. A bound, not the first poll shown the post: after a poll that read the list whole
 * again, a poll may read a page it then does not use.
 */
const LATE_POLLS = 12;
const BOTH = [U.alex.id, U.jordan.id];
/** The demo's own pending posts ask other people; the test leaves them be until it sends them again. */
const DEMO_ASKED = ['the demo data'];

/** The IDs of every post under review, read straight from the API (pages may repeat when shuffled). */
async function pendingInSandbox(apiKey: string): Promise<string[]> {
	const response = await fetch(
		`${sandbox.url}${postsPath()}?status[]=under_review&per_page=100&page=1`,
		{ headers: { 'X-API-Key': apiKey } },
	);
	const body = (await response.json()) as { data: Array<{ id: string }>; total: number };
	expect(body.total).toBeLessThanOrEqual(100);
	return body.data.map((post) => post.id).sort();
}

/** What the test knows of each post. */
interface ModelPost {
	pending: boolean;
	/** Who is asked to approve it, as the test sent it. */
	asked: string[];
	alexApproved: boolean;
	/** Requests for review so far: each one the trigger must announce once. */
	round: number;
	/** The round announced (or noted at activation); null before any. */
	announced: number | null;
	/** How the unannounced round came: it decides the poll it must come by (see dueBy). */
	kind?: 'arrival' | 'entry' | 'quiet';
	/** The poll by which the unannounced round must be announced, once a poll has run since. */
	by?: number;
	/** Whether a poll that read every page ran since the post last left review. */
	outSeen: boolean;
	/** Whether a poll read the post's page after Alex approved in this round. */
	actedSeen: boolean;
}

describe.each(LIST_ORDERS)('posts listed %s', (listOrder) => {
	test(`${POLLS} polls with random changes: each request for review announced once, on time; nothing else`, async () => {
		const random = seededRandom(0x5eed + LIST_ORDERS.indexOf(listOrder));
		const pick = <T,>(list: T[]): T | undefined => list[Math.floor(random() * list.length)];
		const { control } = sandbox;
		await control.profile({ listOrder });
		const parameters = watching();
		const credentials = sandbox.credentials('full');
		const shuffled = listOrder === 'shuffled';
		const simulate = (request: Record<string, unknown>) =>
			control.simulate({ workspace_id: MAIN_WORKSPACE, ...request } as Parameters<
				typeof control.simulate
			>[0]);
		const model = new Map<string, ModelPost>();
		const ids = (test: (post: ModelPost) => boolean) =>
			[...model].filter(([, post]) => test(post)).map(([id]) => id);
		const pendingIds = () => ids((post) => post.pending);
		const newPost = (announced: number | null): ModelPost => ({
			pending: true,
			asked: BOTH,
			alexApproved: false,
			round: 0,
			announced,
			kind: 'arrival',
			outSeen: false,
			actedSeen: false,
		});
		const stats = {
			polls: 0,
			failedPolls: 0,
			announced: 0,
			idle: 0,
			reentries: 0,
			resends: 0,
			limitCases: 0,
			limitResets: 0,
			limitRepeats: 0,
			ties: 0,
			edits: 0,
		};
		/** What happened since the last poll that succeeded. */
		let interval = { changes: 0, left: false };

		const arrive = async (count: number) => {
			const made = await simulate({
				action: 'create_pending',
				created_by_user_id: U.maya.id,
				approvers: BOTH,
				approve_option: 'all',
				count,
			});
			for (const id of made) model.set(id, newPost(null));
			interval.changes += count;
		};
		/** A new round of the post, announced by the poll dueBy names for its kind. */
		const newRound = (post: ModelPost, kind: ModelPost['kind']) => {
			Object.assign(post, { round: post.round + 1, kind, by: undefined });
		};
		const leave = async (id: string) => {
			await simulate({ action: 'leave_review', post_id: id });
			Object.assign(model.get(id) as ModelPost, { pending: false, outSeen: false });
			interval = { changes: interval.changes + 1, left: true };
		};
		/** Sent for review (again), to `asked`; Alex approves at once when `alexAgain`. */
		const send = async (id: string, asked: string[], alexAgain = false) => {
			// A later change than the one before: a moment passes.
			await control.clock({ advanceSeconds: 0.001 });
			await simulate({
				action: 'enter_review',
				post_id: id,
				approvers: asked,
				approve_option: 'all',
			});
			if (alexAgain) await approveAsAlex(sandbox, id);
			const post = model.get(id) as ModelPost;
			const was = { ...post };
			Object.assign(post, { pending: true, asked, alexApproved: alexAgain, actedSeen: false });
			interval.changes += 1;
			if (!was.pending && was.outSeen) return newRound(post, 'entry');
			if (was.asked.join() !== asked.join()) return newRound(post, 'quiet');
			// Back between the same two polls, to the same people: the trigger reads an edit, unless a
			// poll saw Alex act in the round and he has not acted again (approvals reset).
			if (was.actedSeen && !alexAgain) {
				stats.limitResets += 1;
				return newRound(post, 'quiet');
			}
			stats[was.actedSeen ? 'limitRepeats' : 'limitCases'] += 1;
		};
		/** The poll by which a round must be announced, decided at the first poll after it came. */
		const dueBy = (post: ModelPost, poll: number, pages: number) => {
			if (shuffled && pages > 1) return poll + LATE_POLLS;
			if (post.kind === 'arrival' || (post.kind === 'entry' && !interval.left)) return poll;
			return poll + pages - 1;
		};

		// A year of history besides: 5,000 published posts the pending list must not be disturbed by.
		await control.seed({
			workspace_id: MAIN_WORKSPACE,
			resource: 'posts',
			count: 5000,
			template: { status: 'published', history_days: 365, history_seed: 0x5eed },
		});
		// More than 100 pending before activation: the first poll notes them all, announces none.
		await control.clock({ frozen: true });
		for (const id of DEMO_PENDING) model.set(id, { ...newPost(0), asked: DEMO_ASKED });
		await arrive(CROWDED - DEMO_PENDING.length);
		for (const [, post] of model) Object.assign(post, { announced: 0, kind: undefined });
		let staticData: IDataObject = {};
		const first = await runPoll({ parameters, credentials, staticData });
		expect(first.error).toBeUndefined();
		expect(first.items).toBeNull();
		staticData = JSON.parse(JSON.stringify(first.staticData)) as IDataObject;
		interval = { changes: 0, left: false };

		const duplicates: string[] = [];
		const misses: string[] = [];
		for (let tick = 0; tick < POLLS; tick++) {
			const crowded = tick < POLLS / 2;
			// From here on the pending posts fit one page.
			if (tick === POLLS / 2) for (const id of pendingIds().slice(QUIET)) await leave(id);
			// Time moves in small steps, often not at all: timestamps tie all the time.
			const step = pick([0, 0, 0.001, 1]) as number;
			if (step > 0) await control.clock({ advanceSeconds: step });
			else stats.ties += 1;

			const pending = pendingIds().length;
			// Posts the test sent for review itself: it knows whom they ask (the demo's ask others).
			const announcedNow = (post: ModelPost) =>
				post.pending && post.announced === post.round && post.asked !== DEMO_ASKED;
			const roll = random();
			if (roll < 0.2) {
				const room = crowded ? Infinity : 95 - pending;
				const count = Math.min(
					room,
					crowded && random() < 0.03 ? BURST : 1 + Math.floor(random() * 2),
				);
				if (count > 0) await arrive(count);
			} else if (roll < 0.45) {
				// One or two posts leave review; while crowded, never below 101 pending.
				for (let n = 1 + Math.floor(random() * 2); n > 0; n--) {
					const id = pick(pendingIds());
					if (!id || (crowded && pendingIds().length <= 101)) break;
					await leave(id);
				}
			} else if (roll < 0.57) {
				const id = pick(
					ids((post) => !post.pending && (post.outSeen || post.asked !== DEMO_ASKED)),
				);
				if (id && (crowded || pending < 95)) {
					await send(id, BOTH);
					stats.reentries += 1;
				}
			} else if (roll < 0.63) {
				// Sent again to other people while under review: a new request for review.
				const id = pick(ids(announcedNow));
				if (id) {
					const post = model.get(id) as ModelPost;
					await send(id, post.asked.length === 2 ? [U.jordan.id] : BOTH);
					stats.resends += 1;
				}
			} else if (roll < 0.68) {
				// Out of review and back between two polls, Alex approving at once or not: a new round,
				// or what the trigger reads as an edit (see send), in every order: the sandbox's log
				// tells whether a poll was shown Alex's approval.
				const id = pick(ids(announcedNow));
				if (id) {
					const alexAgain = random() < 0.5;
					await leave(id);
					await send(id, BOTH, alexAgain);
				}
			} else if (roll < 0.85) {
				// Alex approves; Jordan has not yet, so the post stays under review in the same round.
				const id = pick(
					ids((post) => announcedNow(post) && !post.alexApproved && post.asked.length === 2),
				);
				if (id) {
					await approveAsAlex(sandbox, id);
					(model.get(id) as ModelPost).alexApproved = true;
					interval.changes += 1;
				}
			} else if (roll < 0.9) {
				// A teammate edits a post under review: never news.
				const id = pick(pendingIds());
				if (id) {
					await editPost(sandbox, id, random() < 0.5 ? 'screens' : 'api');
					stats.edits += 1;
					interval.changes += 1;
				}
			}

			const total = pendingIds().length;
			const pages = Math.max(1, Math.ceil(total / 100));
			const owing = pendingIds().some((id) => {
				const post = model.get(id) as ModelPost;
				return post.announced !== post.round;
			});
			// Failed polls: a 500 or a dropped connection on the first page read, or credits running out.
			const fault =
				random() < 0.04
					? pick(pages > 1 ? ['500', 'drop', 'credits'] : ['500', 'drop'])
					: undefined;
			if (fault === '500') await control.fault({ path: postsPath(), status: 500 });
			if (fault === 'drop') await control.fault({ path: postsPath(), drop: true });
			if (fault === 'credits') await control.credits(1);

			await control.clearRequests();
			const result = await runPoll({ parameters, credentials, staticData });
			const requests = await control.requests({ method: 'GET', path: postsPath() });
			if (fault === 'credits') await control.credits(null);
			stats.polls += 1;
			if (fault) {
				expect(result.error).toBeDefined();
				expect(result.items).toBeNull();
				expect(result.staticData).toEqual(staticData);
				stats.failedPolls += 1;
				continue;
			}
			expect(result.error).toBeUndefined();
			const poll = stats.polls - stats.failedPolls;
			for (const [, post] of model) {
				if (post.pending && post.announced !== post.round && post.by === undefined)
					post.by = dueBy(post, poll, pages);
			}
			// What it costs: with nothing changed, the page where new posts land and one more (every
			// page, in a list drawn anew for every request).
			if (interval.changes === 0 && !owing) {
				stats.idle += 1;
				expect(requests).toHaveLength(shuffled ? pages : Math.min(2, pages));
			}

			for (const item of result.items ?? []) {
				const id = String(item.json.id);
				const post = model.get(id) as ModelPost;
				if (!post.pending || post.announced === post.round)
					duplicates.push(`${id}#${post.round} at poll ${poll}`);
				Object.assign(post, { announced: post.round, kind: undefined, by: undefined });
				stats.announced += 1;
			}
			for (const [id, post] of model) {
				if (!post.pending || post.announced === post.round || (post.by ?? Infinity) > poll)
					continue;
				misses.push(`${id}#${post.round} (${String(post.kind)}) by poll ${String(post.by)}`);
				Object.assign(post, { announced: post.round, kind: undefined, by: undefined });
			}

			// What the poll was shown: the IDs the answers of the list held, from the sandbox's log (in a
			// list drawn anew for every request no later request could tell). A poll shown every post in
			// review read the list whole, so it saw who had left (in a list drawn anew: read it again
			// until whole, which the trigger does when more members are missing than its total leaves
			// room for). A poll shown a post saw whether Alex had approved it.
			const shown = new Set(
				requests
					.filter((request) => request.query.date_from === undefined)
					.flatMap((request) => request.listed ?? []),
			);
			const sawAll = pendingIds().every((id) => shown.has(id));
			for (const [id, post] of model) {
				if (!post.pending && sawAll) post.outSeen = true;
				if (post.pending && post.alexApproved && shown.has(id)) post.actedSeen = true;
			}
			staticData = JSON.parse(JSON.stringify(result.staticData)) as IDataObject;
			interval = { changes: 0, left: false };
		}

		// The test's model agrees with the sandbox, so the counts above mean what they say.
		expect(await pendingInSandbox(credentials.apiKey)).toEqual(pendingIds().sort());
		expect(duplicates).toEqual([]);
		expect(misses).toEqual([]);
		expect(stats.polls).toBe(POLLS);
		expect(stats.announced).toBeGreaterThan(100);
		expect(stats.failedPolls).toBeGreaterThan(5);
		expect(stats.idle).toBeGreaterThan(10);
		expect(stats.reentries).toBeGreaterThan(10);
		expect(stats.resends).toBeGreaterThan(5);
		expect(stats.limitCases).toBeGreaterThan(3);
		expect(stats.limitResets).toBeGreaterThan(0);
		expect(stats.limitRepeats).toBeGreaterThan(0);
		expect(stats.ties).toBeGreaterThan(100);
		expect(stats.edits).toBeGreaterThan(10);
		console.info(`soak ${listOrder}: ${JSON.stringify(stats)}`);
	}, 300_000);
});
