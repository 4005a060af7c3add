// The exactly-once soak: 45 creates in one execution, about a third of the requests meeting a
// random ambiguous fault (500 or a proxy's page, a dropped connection, no answer, a 2xx that is not
// the API's), before or after the service acts. No post is made twice; every item ends with its one
// post, or (about once in 243 at this rate) says in plain words that it is unknown. Bounded by
// its count; the faults are seeded (the seed is in the test's name), but which request meets which
// fault follows the order in which the parallel requests arrive.
import { runNode } from '../harness/engine.cts';
import { useSandbox } from '../harness/sandbox.cts';
import { MAIN_WORKSPACE } from '../library/fixtures.cts';
import { createDraft } from './fixtures.cts';

const sandbox = useSandbox();

const POSTS = `/api/v1/workspaces/${MAIN_WORKSPACE}/posts`;
const CREATES = 45;
/**
 * Options > Timeout, and how long a request meeting "no answer" is held: longer, so that it times
 * out. 5 s, not the 1 s of the other exactly-once tests: beside real n8n in CI, the lookups
 * themselves took over a second to be answered, so 21 of 45 items could not look and ended unknown.
 */
const TIMEOUT_SECONDS = 5;

test.each([11, 29])(
	'45 creates with seeded random faults (seed %i): no duplicate, each item its post or said unknown',
	async (seed) => {
		await sandbox.control.randomFaults({ seed, probability: 1 / 3, holdMs: 2 * TIMEOUT_SECONDS * 1000 });
		const items = Array.from({ length: CREATES }, (_, i) => ({
			json: { text: `Soak ${seed} #${i}` },
		}));
		const { output, error } = await runNode({
			parameters: createDraft('={{ $json.text }}', undefined, TIMEOUT_SECONDS),
			items,
			credentials: sandbox.credentials(),
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		const drawn = (await sandbox.control.randomFaultsDrawn()).drawn;
		expect(drawn.length).toBeGreaterThan(CREATES / 6);

		const response = await fetch(`${sandbox.url}${POSTS}?per_page=100&page=1`, {
			headers: { 'X-API-Key': sandbox.credentials().apiKey },
		});
		const posts = (
			(await response.json()) as { data: Array<{ id: string; content: { text: string } }> }
		).data;
		const made = posts
			.map((post) => post.content.text)
			.filter((text) => text.startsWith(`Soak ${seed} `));
		// With a third of all creates failing, an item meets 5 failures in a row (every attempt) about
		// once in 243 (docs/errors-and-rate-limits.md). Which item, if any, depends on the order in which
		// the parallel requests reach the service, which the seed does not fix (a CI run beside other
		// tests met one). Such an item says so in plain words; more than 2 of 45 would come about once
		// in 1,000 runs.
		const errors = output.map((item) => (item.json.error ?? null) as string | null);
		const unknown = errors.flatMap((error, at) => (error === null ? [] : [at]));
		for (const at of unknown) {
			expect(errors[at]).toMatch(/^It is still unknown whether the service created this: /);
		}
		// What each tried, shown when too many ended unknown: the failure then says why.
		if (unknown.length > 2) console.info(unknown.map((at) => output[at].json.description));
		expect(unknown.length).toBeLessThanOrEqual(2);
		// No post twice, and none but the items'; each item that ended well has its own post, by ID.
		const texts = items.map((item) => item.json.text);
		expect(new Set(made).size).toBe(made.length);
		expect(made.filter((text) => !texts.includes(text))).toEqual([]);
		const ended = items.filter((_, at) => !unknown.includes(at)).map((item) => item.json.text);
		expect(made.filter((text) => ended.includes(text)).sort()).toEqual([...ended].sort());
		const idOfText = new Map(posts.map((post) => [post.content.text, post.id]));
		expect(output.filter((_, at) => !unknown.includes(at)).map((item) => item.json.id)).toEqual(
			ended.map((text) => idOfText.get(text)),
		);
	},
);
