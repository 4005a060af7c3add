// The rate-limit gate against a quota the node is not told in advance: a burst past it costs the
// first window's overflow in refusals and no item is refused twice, whether or not the service
// sends X-RateLimit headers; a refused request goes before requests that waited behind it; a
// fresh window, once the gate has seen the last one pass, allows its whole count at once; an answer
// that comes late (while the window is closed, or a window's first after its last) costs no
// refusal and no request of a window's count; a service that answers every window's first request
// last does not make the window the pacing knows longer. Proved by the sandbox's request log.
// Each case has a sandbox of its own, so a gate of its own (one per Base URL and key): what one
// case's gate learnt does not carry into the next.
// The cases, for one sandbox profile: rate-limit.test.cts runs them under the default profile and
// rate-limit-every.test.cts under `every`, both in the default run (scripts/test.cts).
import type { LoggedRequest } from '../../sandbox/client.cts';
import { runNode } from '../harness/engine.cts';
import { useSandbox } from '../harness/sandbox.cts';
import { inWorkspace } from '../library/fixtures.cts';
import { A, POSTS, storedPosts } from '../post/fixtures.cts';

const textOf = (request: LoggedRequest) =>
	(request.body as { content: { text: string } }).content.text;

/** Post > Create of each text as a draft, at the default Parallel Requests unless one is given. */
function createPosts(sandbox: ReturnType<typeof useSandbox>, texts: string[], parallel?: number) {
	return runNode({
		parameters: inWorkspace('post', 'create', {
			text: '={{ $json.text }}',
			accounts: [A.facebook],
			publishType: 'draft',
			...(parallel ? { options: { parallelRequests: parallel } } : {}),
		}),
		items: texts.map((text) => ({ json: { text } })),
		credentials: sandbox.credentials(),
	});
}

const texts = (count: number, tag: string) =>
	Array.from({ length: count }, (_, i) => `${tag} ${i}`);

const creates = async (sandbox: ReturnType<typeof useSandbox>) =>
	await sandbox.control.requests({ method: 'POST', path: POSTS });

/** How many requests each of the sandbox's windows took, by status: `{ '1 201': 10, ... }`. */
const perWindow = (log: LoggedRequest[]) =>
	log.reduce<Record<string, number>>((tally, { window, status }) => {
		const key = `${window} ${status}`;
		return { ...tally, [key]: (tally[key] ?? 0) + 1 };
	}, {});

/** The most requests the sandbox was handling at once while one of the window's came in. */
const mostAtOnce = (log: LoggedRequest[], window: number) =>
	Math.max(...log.filter((request) => request.window === window).map((r) => r.alongside ?? 0));

const HEADERS = [
	['without X-RateLimit headers (only retry_after)', false],
	['with X-RateLimit headers', true],
] as const;

/**
 * `count` creates at once against 10 per 3 s window, answered 300 ms late (long enough that
 * requests sent together are all in flight at the sandbox at once, on a busy machine too), one
 * of them `delayMs` later still, after the service counted it (the one after the first `skip`
 * it counts); the creates' log.
 */
async function burstWithALateAnswer(
	sandbox: ReturnType<typeof useSandbox>,
	headers: boolean,
	count: number,
	late: { skip: number; delayMs: number },
) {
	await sandbox.control.rateLimit({ limit: 10, windowSeconds: 3, headers });
	await sandbox.control.latency(300);
	await sandbox.control.fault({ method: 'POST', path: POSTS, when: 'after', times: 1, ...late });
	expect((await createPosts(sandbox, texts(count, 'Late'))).error).toBeUndefined();
	return await creates(sandbox);
}

/** Every case, against a sandbox of the profile named (sandbox/profile.cts). */
export function rateLimitCases(profile: string): void {
	describe.each(HEADERS)(
		'a burst of 30 creates against 10 per 3 s window, %s',
		(_label, headers) => {
			const sandbox = useSandbox({ profile });

			test('the first window refuses its 20 over the quota, no item twice; every post once, in item order', async () => {
				await sandbox.control.rateLimit({ limit: 10, windowSeconds: 3, headers });
				// Long enough that requests sent together are all in flight at the sandbox at once, on a
				// busy machine too (CI runs three groups of tests at once).
				await sandbox.control.latency(300);
				const texts = Array.from({ length: 30 }, (_, i) => `Burst ${i}`);
				// All 30 go at once, before anything tells the quota: 10 fit the first window, 20 are
				// refused. The first 429 tells how long a window lasts, and what passed in its window how
				// many a window holds (or the headers tell it): the refused go first, 10 into the second
				// window, and the other 10 wait for the third instead of being refused again.
				const { output, error } = await createPosts(sandbox, texts);
				expect(error).toBeUndefined();

				const log = await creates(sandbox);
				const refused = log.filter((request) => request.status === 429).map(textOf);
				expect(refused).toHaveLength(20);
				expect(new Set(refused).size).toBe(20);
				expect(
					log
						.filter((request) => request.status === 201)
						.map(textOf)
						.sort(),
				).toEqual([...texts].sort());
				expect(log).toHaveLength(30 + 20);
				// Which of the sandbox's windows each went into: the refused 20 the next two, 10 each.
				expect(perWindow(log)).toEqual({ '1 201': 10, '1 429': 20, '2 201': 10, '3 201': 10 });
				const inWindow = (window: number) =>
					log.filter((request) => request.window === window && request.status === 201).map(textOf);
				expect([...inWindow(2), ...inWindow(3)].sort()).toEqual([...refused].sort());
				// Each later window's 10 go at once, not one alone first to learn whether it has turned.
				expect([mostAtOnce(log, 2), mostAtOnce(log, 3)]).toEqual([10, 10]);

				await sandbox.control.rateLimit(null);
				const stored = await storedPosts(sandbox.url);
				const idOf = (text: string) => {
					const matching = stored.filter(
						(post) => (post.content as { text: string }).text === text,
					);
					expect(matching).toHaveLength(1);
					return String(matching[0]._id ?? matching[0].id);
				};
				expect(output.map((item) => [item.pairedItem, item.json.id])).toEqual(
					texts.map((text, item) => [{ item }, idOf(text)]),
				);
			});
		},
	);

	describe.each(HEADERS)(
		'a burst of 20 creates against 10 per 3 s window, %s',
		(_label, headers) => {
			const sandbox = useSandbox({ profile });

			test('an answer that comes while the window is closed leaves the next window its whole count', async () => {
				// The first create the service counts passes, but its answer comes 1.5 s late: after the
				// 429s closed the window, before it reopens. What it tells of the first window says
				// nothing of the next one.
				const log = await burstWithALateAnswer(sandbox, headers, 20, { skip: 0, delayMs: 1500 });
				expect(perWindow(log)).toEqual({ '1 201': 10, '1 429': 10, '2 201': 10 });
				expect(mostAtOnce(log, 2)).toBe(10);
			});
		},
	);

	describe.each(HEADERS)(
		'a burst of 40 creates against 10 per 3 s window, %s',
		(_label, headers) => {
			const sandbox = useSandbox({ profile });

			test('a window whose first answer comes last is still waited out: nothing refused after the first window', async () => {
				// The first window takes 10 of the 40 and refuses 30. The second window's first create
				// (the 41st the service counts) is answered a second after the other nine: the answer
				// that says the window's count is used up comes before the one that says when it began.
				const log = await burstWithALateAnswer(sandbox, headers, 40, { skip: 40, delayMs: 1000 });
				expect(perWindow(log)).toEqual({
					'1 201': 10,
					'1 429': 30,
					'2 201': 10,
					'3 201': 10,
					'4 201': 10,
				});
			});
		},
	);

	describe('order at the gate', () => {
		const sandbox = useSandbox({ profile });

		test('a refused request goes before the newer requests that waited while it was refused', async () => {
			await sandbox.control.rateLimit({ limit: 3, windowSeconds: 3 });
			// One at a time, the first run uses up the window; its last answer says 0 remain.
			const first = await createPosts(sandbox, ['Early 0', 'Early 1', 'Early 2'], 1);
			expect(first.error).toBeUndefined();
			// The gate does not know yet how long a window lasts, so one request alone goes to learn
			// whether it has turned; the other five wait behind it. It is refused, and goes first
			// into the second window with two of the five; the other three wait for the third.
			const later = Array.from({ length: 6 }, (_, i) => `Later ${i}`);
			const second = await createPosts(sandbox, later);
			expect(second.error).toBeUndefined();

			const log = await creates(sandbox);
			expect(log.map((request) => [request.window, request.status])).toEqual([
				[1, 201],
				[1, 201],
				[1, 201],
				[1, 429],
				[2, 201],
				[2, 201],
				[2, 201],
				[3, 201],
				[3, 201],
				[3, 201],
			]);
			const refused = textOf(log[3]);
			const secondWindow = log.slice(4, 7).map(textOf);
			const thirdWindow = log.slice(7).map(textOf);
			expect(secondWindow).toContain(refused);
			expect(thirdWindow).not.toContain(refused);
			expect([...secondWindow, ...thirdWindow].sort()).toEqual(later);
		});
	});

	describe('a window the pacing has counted and seen pass, without X-RateLimit headers', () => {
		const sandbox = useSandbox({ profile });
		const quota = { limit: 10, windowSeconds: 1, headers: false };
		const pastAWindow = () => new Promise((resolve) => setTimeout(resolve, 2500));

		test('a fresh window allows its whole count at once, though the last one was not used up', async () => {
			await sandbox.control.rateLimit(quota);
			// The first burst teaches the pacing the window: 10 pass, and the first 429 says how long.
			expect((await createPosts(sandbox, texts(20, 'Learn'))).error).toBeUndefined();
			await pastAWindow();
			// 9 of the window's 10, then the window passes with one left.
			expect((await createPosts(sandbox, texts(9, 'Nine'))).error).toBeUndefined();
			await pastAWindow();
			expect(perWindow(await creates(sandbox))).toEqual({
				'1 201': 10,
				'1 429': 10,
				'2 201': 10,
				'3 201': 9,
			});
			// A fresh log and count of requests at once; the pacing keeps what it learnt (one per key).
			await sandbox.control.reset({ rateLimit: quota });
			// Long enough that the 10 sent together are all in flight at once on a busy machine
			// (at 50 ms, CI once saw 9: the first was answered before the last came in).
			await sandbox.control.latency(1000);

			// The whole count: a window that passed with 9 used says nothing of what a window holds.
			const { error } = await createPosts(sandbox, texts(10, 'Fresh'));

			expect(error).toBeUndefined();
			expect((await sandbox.control.concurrency()).max).toBe(10);
			expect(perWindow(await creates(sandbox))).toEqual({ '1 201': 10 });
		});
	});

	// A service that answers parallel requests out of order: every window's first answer comes 0.5 s
	// after the others, so after the answer that uses the count up. The pacing learns how long a
	// window lasts from the end a 429 named, not from its own wait, which ends a round trip after
	// the window's first request: learnt from that, the window grew by a round trip each time, and a
	// later batch waited longer and longer (seen: a second batch of 30 spread over 13 windows of the
	// clock; 7 since, for the 6 it needs). Windows fixed to the clock show it: a pacing that waits too
	// long skips some.
	describe('windows fixed to the clock, every window answering its first request last, with X-RateLimit headers', () => {
		const sandbox = useSandbox({ profile });

		test('a second batch of 30 at 5 per 2 s fills its windows, as the first did', async () => {
			await sandbox.control.rateLimit({
				limit: 5,
				windowSeconds: 2,
				headers: true,
				firstAtMs: 200,
				firstAnswerLateMs: 500,
			});
			await sandbox.control.latency(300);
			const first = await createPosts(sandbox, texts(30, 'Early'));
			expect(first.error).toBeUndefined();
			const early = await creates(sandbox);
			await sandbox.control.clearRequests();
			const batch = texts(30, 'Later');
			const { error } = await createPosts(sandbox, batch);
			expect(error).toBeUndefined();
			const log = await creates(sandbox);
			// The first batch: 5 of a burst of 30 pass, the 25 refused go 5 a window after.
			expect(Object.entries(perWindow(early)).filter(([key]) => key.endsWith(' 429'))).toEqual([
				['1 429', 25],
			]);
			// The second: 5 a window, none refused, every post once, over at most 9 windows of the
			// clock for the 6 it needs (a quiet machine skips one, as after each window the pacing
			// waits from the count's last answer; a window grown by a round trip each time: 13).
			expect(log.map(textOf).sort()).toEqual([...batch].sort());
			const tally = perWindow(log);
			expect(Object.values(tally)).toEqual(Array(6).fill(5));
			expect(Object.keys(tally).every((key) => key.endsWith(' 201'))).toBe(true);
			const windows = log.map((request) => request.window ?? 0);
			expect(Math.max(...windows) - Math.min(...windows) + 1).toBeLessThanOrEqual(9);
		}, 90_000); // Two batches of 6 windows of 2 s, and the first's refused: past jest's 30 s.
	});

	// Windows fixed to the clock: the sandbox places the first create it counts 0.5 s, 4 s or 4.99 s
	// into a window of 5 s (placed when it counts it, not when the test began, which left the phase to
	// how soon n8n started sending). From 4 s in, the first window looks 1 s long to the gate, so the
	// next window's overflow is refused once more before the gate learns a window is 5 s; from 4.99 s
	// in, the burst spans two windows, and the first 429 comes in the second. After the window of the
	// first 429, a quiet machine sees 0 or 10 refused; a fresh-clone CI run, its cores busy, saw 18
	// (not traced yet: issue 44's note). The bound, 30, is below what a pacing that refuses every later
	// window's overflow costs (50, the fault this test's first version found) and far below one that
	// never notes a 429 in its own count (100) (docs/errors-and-rate-limits.md). Each case: where the
	// first create falls, whether the headers are sent, and how many full windows a quiet machine uses.
	describe.each([
		['0.5 s into its window, without X-RateLimit headers (only retry_after)', 500, false, 6],
		['4 s into its window, without X-RateLimit headers (only retry_after)', 4000, false, 6],
		// How many of the burst land before the window turns depends on how fast n8n sends them.
		['4.99 s into its window, with X-RateLimit headers', 4990, true, undefined],
	])(
		'windows fixed to the clock, 60 creates at 10 per 5 s, the first %s',
		(_label, firstAtMs, headers, windows) => {
			const sandbox = useSandbox({ profile });

			test("every post made once, at most 10 a window, at most 30 refused after the first 429's window", async () => {
				await sandbox.control.rateLimit({ limit: 10, windowSeconds: 5, headers, firstAtMs });
				const batch = texts(60, 'Clock');
				const { output, error } = await createPosts(sandbox, batch);
				expect(error).toBeUndefined();
				expect(output).toHaveLength(60);

				const log = await creates(sandbox);
				const tally = perWindow(log);
				const passed = Object.entries(tally).filter(([key]) => key.endsWith(' 201'));
				// Six full windows on a quiet machine; a fresh-clone CI run, its cores busy, once waited
				// past window 6 and passed its 10 in window 7: one window skipped at most is allowed.
				if (windows) {
					expect(tally['1 201']).toBe(10);
					expect(passed.every(([, count]) => count === 10)).toBe(true);
					expect(Math.max(...log.map((request) => request.window ?? 0))).toBeLessThanOrEqual(
						windows + 1,
					);
				}
				for (const [, count] of passed) expect(count).toBeLessThanOrEqual(10);
				const windowOf = ({ window }: LoggedRequest) => window ?? 0;
				const refused = log.filter((request) => request.status === 429);
				const firstRefused = Math.min(...refused.map(windowOf));
				expect(
					refused.filter((request) => windowOf(request) > firstRefused).length,
				).toBeLessThanOrEqual(30);
				const made = log.filter((request) => request.status === 201).map(textOf);
				expect(made.sort()).toEqual([...batch].sort());
			}, 90_000); // Six windows of 5 s at the least: past jest's 30 s.
		},
	);
}
