// Soak: a few thousand polls while posts arrive, leave review, come back and get approved at random
// (seeded, so a failure replays), with failed polls in between. Every poll starts from static data
// persisted as JSON, as after a restart. Asserts zero duplicates, zero misses, bounded state, and
// that a poll with nothing new costs one request.
import type { IDataObject } from 'n8n-workflow';

import { runPoll } from '../harness/engine.cts';
import { useSandbox } from '../harness/sandbox.cts';

import { DEMO_PENDING, MAIN_WORKSPACE, postsPath, U, watching } from './fixtures.cts';

const sandbox = useSandbox();

const POLLS = 3000;
/** A safety stop, not an assertion: the soak ends by itself even on a slow machine. */
const TIME_BUDGET_MS = 50_000;
const BURST = 120;

/** mulberry32: small, seeded, good enough to pick actions. */
function prng(seed: number) {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

/** The IDs of every post under review, read straight from the API. */
async function pendingInSandbox(apiKey: string): Promise<string[]> {
	const ids: string[] = [];
	for (let page = 1; ; page++) {
		const response = await fetch(
			`${sandbox.url}${postsPath()}?status[]=under_review&per_page=100&page=${page}`,
			{
				headers: { 'X-API-Key': apiKey },
			},
		);
		const body = (await response.json()) as { data: Array<{ id: string }>; last_page: number };
		ids.push(...body.data.map((post) => post.id));
		if (page >= body.last_page) return ids.sort();
	}
}

/** What the test knows of each post: under review or not, which review round, whether Alex approved in it. */
interface ModelPost {
	pending: boolean;
	round: number;
	alexApproved: boolean;
	/** The round a poll has already seen under review (emitted or noted at activation). */
	seenRound: number | null;
}

test('thousands of polls with random arrivals: no duplicate, no miss, bounded state', async () => {
	const random = prng(0x5eed);
	const pick = <T,>(list: T[]): T | undefined => list[Math.floor(random() * list.length)];
	const { control } = sandbox;
	const parameters = watching();
	const credentials = sandbox.credentials('full');
	const simulate = (request: Record<string, unknown>) =>
		control.simulate({ workspace_id: MAIN_WORKSPACE, ...request } as Parameters<
			typeof control.simulate
		>[0]);

	const model = new Map<string, ModelPost>();
	for (const id of DEMO_PENDING)
		model.set(id, { pending: true, round: 0, alexApproved: false, seenRound: 0 });
	const emitted = new Set<string>();
	const duplicates: string[] = [];
	const misses: string[] = [];
	const stats = { polls: 0, failedPolls: 0, emitted: 0, idlePolls: 0, maxStateBytes: 0 };

	await control.clock({ frozen: true });
	let staticData: IDataObject = {};
	const first = await runPoll({ parameters, credentials, staticData });
	expect(first.items).toBeNull();
	staticData = first.staticData;

	const started = Date.now();
	// Changes since the last poll that succeeded.
	let changes = 0;
	for (let tick = 0; tick < POLLS && Date.now() - started < TIME_BUDGET_MS; tick++) {
		// Time moves in small steps, often not at all: timestamps tie all the time.
		const step = pick([0, 0, 0.001, 1]) as number;
		if (step > 0) await control.clock({ advanceSeconds: step });

		const roll = random();
		if (roll < 0.2) {
			const count = random() < 0.005 ? BURST : 1;
			const ids = await simulate({
				action: 'create_pending',
				created_by_user_id: U.maya.id,
				approvers: [U.alex.id, U.jordan.id],
				approve_option: 'all',
				count,
			});
			for (const id of ids)
				model.set(id, { pending: true, round: 0, alexApproved: false, seenRound: null });
			changes += count;
		} else if (roll < 0.55) {
			// One or two posts leave review (approved by everyone, rejected, or taken back).
			for (let n = 1 + Math.floor(random() * 2); n > 0; n--) {
				const id = pick([...model].filter(([, post]) => post.pending).map(([each]) => each));
				if (!id) break;
				await simulate({ action: 'leave_review', post_id: id });
				(model.get(id) as ModelPost).pending = false;
				changes += 1;
			}
		} else if (roll < 0.65) {
			const id = pick([...model].filter(([, post]) => !post.pending).map(([each]) => each));
			if (id) {
				// Entering again is a later change than leaving: a moment passes.
				await control.clock({ advanceSeconds: 0.001 });
				await simulate({
					action: 'enter_review',
					post_id: id,
					approvers: [U.alex.id, U.jordan.id],
					approve_option: 'all',
				});
				const post = model.get(id) as ModelPost;
				Object.assign(post, { pending: true, round: post.round + 1, alexApproved: false });
				changes += 1;
			}
		} else if (roll < 0.85) {
			// Alex approves; Jordan has not yet, so the post stays in the same round (README: Guarantees).
			// Only in a round a poll has seen: an approval right after re-entering review, both
			// between two polls, looks the same as one in the old round (README: Guarantees).
			const id = pick(
				[...model]
					.filter(([, post]) => post.pending && !post.alexApproved && post.seenRound === post.round)
					.filter(([each, post]) => post.round > 0 || !DEMO_PENDING.includes(each))
					.map(([each]) => each),
			);
			if (id) {
				const response = await fetch(`${sandbox.url}${postsPath()}/${id}/approval`, {
					method: 'POST',
					headers: { 'X-API-Key': credentials.apiKey, 'content-type': 'application/json' },
					body: JSON.stringify({ action: 'approve' }),
				});
				expect(response.status).toBe(200);
				(model.get(id) as ModelPost).alexApproved = true;
				changes += 1;
			}
		}

		const faulty = random() < 0.04;
		if (faulty)
			await control.fault(
				random() < 0.5 ? { path: postsPath(), status: 500 } : { path: postsPath(), drop: true },
			);

		await control.clearRequests();
		const result = await runPoll({ parameters, credentials, staticData });
		const requests = (await control.requests({ method: 'GET', path: postsPath() })).length;
		stats.polls += 1;

		if (faulty) {
			expect(result.error).toBeDefined();
			expect(result.items).toBeNull();
			expect(result.staticData).toEqual(staticData);
			stats.failedPolls += 1;
			continue;
		}
		expect(result.error).toBeUndefined();

		for (const item of result.items ?? []) {
			const id = String(item.json.id);
			const post = model.get(id);
			expect(post?.pending).toBe(true);
			const key = `${id}#${post?.round}`;
			if (emitted.has(key)) duplicates.push(`${key} at poll ${tick}`);
			emitted.add(key);
			(post as ModelPost).seenRound = post?.round ?? null;
			stats.emitted += 1;
		}
		for (const [id, post] of model) {
			if (post.pending && post.seenRound !== post.round) {
				misses.push(`${id}#${post.round} at poll ${tick}`);
				post.seenRound = post.round;
			}
		}

		staticData = result.staticData;
		const cursor = staticData.cursor as { boundaryIds: string[]; rounds: Record<string, unknown> };
		const stateBytes = JSON.stringify(staticData).length;
		stats.maxStateBytes = Math.max(stats.maxStateBytes, stateBytes);
		expect(cursor.boundaryIds.length).toBeLessThanOrEqual(BURST + 10);
		expect(Object.keys(cursor.rounds).length).toBeLessThanOrEqual(500);

		// Nothing changed since the last good poll, no big tie on the watermark: exactly one request.
		if (changes === 0 && cursor.boundaryIds.length < 100) {
			expect(requests).toBe(1);
			stats.idlePolls += 1;
		}
		changes = 0;
	}

	// The test's model agrees with the sandbox, so the counts above mean what they say.
	expect(await pendingInSandbox(credentials.apiKey)).toEqual(
		[...model]
			.filter(([, post]) => post.pending)
			.map(([id]) => id)
			.sort(),
	);
	expect(duplicates).toEqual([]);
	expect(misses).toEqual([]);
	expect(stats.polls).toBeGreaterThan(100);
	expect(stats.emitted).toBeGreaterThan(100);
	expect(stats.idlePolls).toBeGreaterThan(10);
	// Bounded: the rounds map holds at most 500 posts, whatever the history.
	expect(stats.maxStateBytes).toBeLessThan(60_000);
}, 120_000);
