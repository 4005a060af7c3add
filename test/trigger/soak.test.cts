// Soak, once per list order: hundreds of polls while posts arrive, leave review, come back, get
// approved or edited at random (seeded, so a failure replays), with ties and failed polls in between.
// The first half keeps more than 100 posts pending (two pages per poll), the second fewer (one page).
// Every poll starts from static data persisted as JSON, as after a restart. Asserts zero duplicates,
// zero misses, the documented limits exactly (docs/trigger.md), bounded state, and what an idle poll
// costs: one request while the pending posts fit one page, ceil(total/100) beyond.
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

/** The IDs of every post under review, read straight from the API (pages may repeat when shuffled). */
async function pendingInSandbox(apiKey: string): Promise<string[]> {
	const response = await fetch(
		`${sandbox.url}${postsPath()}?status[]=under_review&per_page=100&page=1`,
		{
			headers: { 'X-API-Key': apiKey },
		},
	);
	const body = (await response.json()) as { data: Array<{ id: string }>; total: number };
	expect(body.total).toBeLessThanOrEqual(100);
	return body.data.map((post) => post.id).sort();
}

/** What the test knows of each post: under review or not, which review round, whether Alex approved in it. */
interface ModelPost {
	pending: boolean;
	round: number;
	alexApproved: boolean;
	/** The round a poll has accounted for (emitted, noted at activation, or the documented limit). */
	seenRound: number | null;
	/** Out of review since a reading that surely held the whole list (so the trigger saw it leave). */
	seenOut: boolean;
	/** Readings since it left that may not have held the whole list (a shuffled list of 2 pages). */
	partialReadingsOut: number;
	/** A round the trigger may emit or not (see enter), but at most once. */
	unsureRound?: number;
	/**
	 * Whether the trigger's last poll that succeeded knew Alex had acted in this round (its round
	 * mark): 'maybe' after a reading that may have left the post out while that changed.
	 */
	actedSeen: boolean | 'maybe';
}

/** A post left out of this many readings in a row is taken as gone (docs/trigger.md). */
const UNSEEN_READINGS_FORGOTTEN = 40;

type Stats = Record<
	| 'polls'
	| 'failedPolls'
	| 'emitted'
	| 'late'
	| 'idleOnePage'
	| 'idleMorePages'
	| 'reentries'
	| 'limitCases'
	| 'limitResets'
	| 'limitRepeats'
	| 'unsure'
	| 'ties'
	| 'edits',
	number
> & { maxStateBytes: number; maxMembers: number; maxPending: number; maxRounds: number };

describe.each(LIST_ORDERS)('posts listed %s', (listOrder) => {
	test(`${POLLS} polls with random changes: no duplicate, no miss, the documented limit exactly, bounded state`, async () => {
		const random = seededRandom(0x5eed + LIST_ORDERS.indexOf(listOrder));
		const pick = <T,>(list: T[]): T | undefined => list[Math.floor(random() * list.length)];
		const { control } = sandbox;
		await control.profile({ listOrder });
		const parameters = watching();
		const credentials = sandbox.credentials('full');
		const simulate = (request: Record<string, unknown>) =>
			control.simulate({ workspace_id: MAIN_WORKSPACE, ...request } as Parameters<
				typeof control.simulate
			>[0]);
		const approve = (id: string) => approveAsAlex(sandbox, id);
		const model = new Map<string, ModelPost>();
		const pendingIds = () => [...model].filter(([, post]) => post.pending).map(([id]) => id);
		const arrive = async (count: number) => {
			const ids = await simulate({
				action: 'create_pending',
				created_by_user_id: U.maya.id,
				approvers: [U.alex.id, U.jordan.id],
				approve_option: 'all',
				count,
			});
			for (const id of ids) model.set(id, newPost(null));
		};
		const newPost = (seenRound: number | null): ModelPost => ({
			pending: true,
			round: 0,
			alexApproved: false,
			actedSeen: false,
			seenRound,
			seenOut: false,
			partialReadingsOut: 0,
		});
		const leave = async (id: string) => {
			await simulate({ action: 'leave_review', post_id: id });
			Object.assign(model.get(id) as ModelPost, {
				pending: false,
				seenOut: false,
				partialReadingsOut: 0,
			});
		};
		/**
		 * Sent for review again: a new round the trigger can tell when it saw the post leave, or when
		 * it had seen an approver act in the round before (the approvals are reset), unless that
		 * approver (only Alex acts on a post still pending) acts again before the next poll
		 * (`alexAgain`). Otherwise it is the documented limit (back between two polls with nobody
		 * having acted, or the same approvers acting again): the answers of an edit, not emitted.
		 * Whether a shuffled list's readings let the trigger forget the post, or saw Alex act, is
		 * chance: once readings that may not have been whole passed while the post was out, or while
		 * Alex acted, the round may be emitted or not (at most once).
		 */
		const enter = async (id: string, alexAgain = false) => {
			// Entering again is a later change than leaving: a moment passes.
			await control.clock({ advanceSeconds: 0.001 });
			await simulate({
				action: 'enter_review',
				post_id: id,
				approvers: [U.alex.id, U.jordan.id],
				approve_option: 'all',
			});
			const post = model.get(id) as ModelPost;
			const wasSeen = post.seenRound === post.round;
			const wasUnsure = post.unsureRound === post.round;
			const { actedSeen } = post;
			Object.assign(post, { pending: true, round: post.round + 1, alexApproved: false });
			if (post.seenOut) return;
			// A round no poll accounted for yet: a post never a member enters; one a shuffled list has
			// not shown since it came back may still be a member, so may not.
			if (!wasSeen) {
				if (wasUnsure || listOrder === 'shuffled') {
					post.unsureRound = post.round;
					stats.unsure += 1;
				}
				return;
			}
			// Surely still a member: no reading that may not have been whole passed since it left.
			const member = post.partialReadingsOut === 0;
			// Approvals reset: a member whose mark held Alex enters again; a post forgotten, too.
			if (actedSeen === true && !alexAgain) stats.limitResets += 1;
			else if (!member || actedSeen === 'maybe') {
				post.unsureRound = post.round;
				stats.unsure += 1;
			} else {
				post.seenRound = post.round;
				stats[actedSeen ? 'limitRepeats' : 'limitCases'] += 1;
			}
		};

		const emitted = new Set<string>();
		const duplicates: string[] = [];
		const misses: string[] = [];
		const stats: Stats = {
			polls: 0,
			failedPolls: 0,
			emitted: 0,
			late: 0,
			idleOnePage: 0,
			idleMorePages: 0,
			reentries: 0,
			limitCases: 0,
			limitResets: 0,
			limitRepeats: 0,
			unsure: 0,
			ties: 0,
			edits: 0,
			maxStateBytes: 0,
			maxMembers: 0,
			maxPending: 0,
			maxRounds: 0,
		};

		// A year of history besides: 5,000 published posts the pending list must not be disturbed by.
		await control.seed({
			workspace_id: MAIN_WORKSPACE,
			resource: 'posts',
			count: 5000,
			template: { status: 'published', history_days: 365, history_seed: 0x5eed },
		});
		// More than 100 pending before activation: the first poll notes them all, emits none.
		await control.clock({ frozen: true });
		for (const id of DEMO_PENDING) model.set(id, newPost(0));
		await arrive(CROWDED - DEMO_PENDING.length);
		for (const [, post] of model) post.seenRound = 0;
		let staticData: IDataObject = {};
		const first = await runPoll({ parameters, credentials, staticData });
		expect(first.error).toBeUndefined();
		expect(first.items).toBeNull();
		staticData = JSON.parse(JSON.stringify(first.staticData)) as IDataObject;

		// Changes since the last poll that succeeded.
		let changes = 0;
		for (let tick = 0; tick < POLLS; tick++) {
			const crowded = tick < POLLS / 2;
			if (tick === POLLS / 2) {
				// From here on the pending posts fit one page.
				for (const id of pendingIds().slice(QUIET)) await leave(id);
				changes += 1;
			}
			// Time moves in small steps, often not at all: timestamps tie all the time.
			const step = pick([0, 0, 0.001, 1]) as number;
			if (step > 0) await control.clock({ advanceSeconds: step });
			else stats.ties += 1;

			const pending = pendingIds().length;
			const roll = random();
			if (roll < 0.2) {
				const room = crowded ? Infinity : 95 - pending;
				const count = Math.min(
					room,
					crowded && random() < 0.03 ? BURST : 1 + Math.floor(random() * 2),
				);
				if (count > 0) {
					await arrive(count);
					changes += count;
				}
			} else if (roll < 0.5) {
				// One or two posts leave review (approved by everyone, rejected, or taken back); while crowded,
				// never below 101 pending.
				for (
					let n = 1 + Math.floor(random() * 2);
					n > 0 && (!crowded || pendingIds().length > 101);
					n--
				) {
					const id = pick(pendingIds());
					if (!id) break;
					await leave(id);
					changes += 1;
				}
			} else if (roll < 0.62) {
				const id = pick([...model].filter(([, post]) => !post.pending).map(([each]) => each));
				if (id && (crowded || pending < 95)) {
					await enter(id);
					stats.reentries += 1;
					changes += 1;
				}
			} else if (roll < 0.67) {
				// A post leaves review and enters it again, and Alex approves at once or not, all between two
				// polls: a new round, or one of the documented limits (see enter).
				const id = pick(
					[...model]
						.filter(([, post]) => post.pending && post.seenRound === post.round)
						.map(([each]) => each),
				);
				if (id) {
					const alexAgain = random() < 0.5;
					await leave(id);
					await enter(id, alexAgain);
					if (alexAgain) await approve(id);
					(model.get(id) as ModelPost).alexApproved = alexAgain;
					changes += 1;
				}
			} else if (roll < 0.85) {
				// Alex approves; Jordan has not yet, so the post stays in the same round.
				// Only in a round a poll has accounted for: before that, the limit above applies.
				const id = pick(
					[...model]
						.filter(
							([, post]) => post.pending && !post.alexApproved && post.seenRound === post.round,
						)
						// The demo's own pending posts wait for other approvers until they enter review again.
						.filter(([each, post]) => post.round > 0 || !DEMO_PENDING.includes(each))
						.map(([each]) => each),
				);
				if (id) {
					await approve(id);
					(model.get(id) as ModelPost).alexApproved = true;
					changes += 1;
				}
			} else if (roll < 0.9) {
				// A teammate edits a post under review: never news.
				const id = pick(pendingIds());
				if (id) {
					await editPost(sandbox, id, random() < 0.5 ? 'screens' : 'api');
					stats.edits += 1;
					changes += 1;
				}
			}

			const total = pendingIds().length;
			stats.maxPending = Math.max(stats.maxPending, total);
			const pages = Math.max(1, Math.ceil(total / 100));
			// Failed polls: a 500 or a dropped connection on page 1, or credits running out on page 2.
			const fault =
				random() < 0.04
					? pick(pages > 1 ? ['500', 'drop', 'credits'] : ['500', 'drop'])
					: undefined;
			if (fault === '500') await control.fault({ path: postsPath(), status: 500 });
			if (fault === 'drop') await control.fault({ path: postsPath(), drop: true });
			if (fault === 'credits') await control.credits(1);

			await control.clearRequests();
			const result = await runPoll({ parameters, credentials, staticData });
			const requests = (await control.requests({ method: 'GET', path: postsPath() })).length;
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
			// Every page, each once, whatever the order.
			expect(requests).toBe(pages);

			for (const item of result.items ?? []) {
				const id = String(item.json.id);
				const post = model.get(id) as ModelPost;
				expect(post.pending).toBe(true);
				const key = `${id}#${post.round}`;
				if (emitted.has(key) || post.seenRound === post.round)
					duplicates.push(`${key} at poll ${tick}`);
				emitted.add(key);
				post.seenRound = post.round;
				stats.emitted += 1;
			}
			// A whole reading emits every post that entered review. Only a list in a new order for every
			// request, longer than a page, can leave a post out of one poll; a later poll emits it.
			const mayBeLate = listOrder === 'shuffled' && total > 100;
			for (const [id, post] of model) {
				if (!post.pending || post.seenRound === post.round || post.unsureRound === post.round)
					continue;
				if (mayBeLate) stats.late += 1;
				else {
					misses.push(`${id}#${post.round} at poll ${tick}`);
					post.seenRound = post.round;
				}
			}

			// A reading surely holds the whole list unless a list in a new order for every request is
			// longer than a page.
			const whole = listOrder !== 'shuffled' || pages === 1;
			for (const [, post] of model) {
				// What a round mark holds: Alex, once a reading listed the post after Alex acted.
				if (post.pending && (whole || post.actedSeen === post.alexApproved))
					post.actedSeen = post.alexApproved;
				else if (post.pending) post.actedSeen = 'maybe';
				if (post.pending || post.seenOut) continue;
				if (whole) post.seenOut = true;
				else post.seenOut = ++post.partialReadingsOut >= UNSEEN_READINGS_FORGOTTEN;
			}
			staticData = JSON.parse(JSON.stringify(result.staticData)) as IDataObject;
			const cursor = staticData.cursor as { members: string; rounds: object };
			// A whole reading leaves a mark exactly for each post under review that an approver acted on.
			if (whole) {
				const acted = [...model].filter(([, post]) => post.pending && post.alexApproved);
				expect(Object.keys(cursor.rounds)).toHaveLength(acted.length);
			}
			stats.maxStateBytes = Math.max(stats.maxStateBytes, JSON.stringify(staticData).length);
			stats.maxMembers = Math.max(stats.maxMembers, cursor.members.length / 9);
			stats.maxRounds = Math.max(stats.maxRounds, Object.keys(cursor.rounds).length);

			if (changes === 0) stats[pages === 1 ? 'idleOnePage' : 'idleMorePages'] += 1;
			changes = 0;
		}

		// The test's model agrees with the sandbox, so the counts above mean what they say.
		expect(await pendingInSandbox(credentials.apiKey)).toEqual(pendingIds().sort());
		expect(duplicates).toEqual([]);
		expect(misses).toEqual([]);
		expect(stats.polls).toBe(POLLS);
		expect(stats.emitted).toBeGreaterThan(100);
		expect(stats.failedPolls).toBeGreaterThan(5);
		expect(stats.idleOnePage).toBeGreaterThan(10);
		expect(stats.idleMorePages).toBeGreaterThan(10);
		expect(stats.reentries).toBeGreaterThan(10);
		expect(stats.limitCases).toBeGreaterThan(3);
		expect(stats.limitResets).toBeGreaterThan(0);
		expect(stats.limitRepeats).toBeGreaterThan(0);
		expect(stats.ties).toBeGreaterThan(100);
		expect(stats.edits).toBeGreaterThan(10);
		// Only a shuffled list longer than a page makes a post wait for a later poll.
		if (listOrder === 'shuffled') expect(stats.late).toBeGreaterThan(0);
		else expect(stats.late).toBe(0);
		if (listOrder !== 'shuffled') expect(stats.unsure).toBe(0);
		// Bounded: a round mark per member at most, members about the posts pending. A whole reading
		// keeps exactly the posts pending; a shuffled list forgets after 40 polls.
		expect(stats.maxRounds).toBeGreaterThan(0);
		expect(stats.maxRounds).toBeLessThanOrEqual(stats.maxMembers);
		if (listOrder === 'shuffled') expect(stats.maxMembers).toBeLessThanOrEqual(400);
		else expect(stats.maxMembers).toBeLessThanOrEqual(stats.maxPending);
		expect(stats.maxStateBytes).toBeLessThan(60_000);
	}, 180_000);
});
