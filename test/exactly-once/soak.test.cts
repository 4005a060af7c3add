// The exactly-once soak: 45 creates in one execution, about a third of the requests meeting a
// random ambiguous fault (500 or a proxy's page, a dropped connection, no answer, a 2xx that is not
// the API's), before or after the service acts. Every item ends with exactly one post. Bounded by
// its count; the faults are seeded, and the seed is in the test's name so a failure can be re-run.
import { runNode } from '../harness/engine.cts';
import { useSandbox } from '../harness/sandbox.cts';
import { MAIN_WORKSPACE } from '../library/fixtures.cts';
import { createDraft } from './fixtures.cts';

const sandbox = useSandbox();

const POSTS = `/api/v1/workspaces/${MAIN_WORKSPACE}/posts`;
const CREATES = 45;

test.each([11, 29])(
	'45 creates with seeded random faults (seed %i): one post per item, no duplicate',
	async (seed) => {
		await sandbox.control.randomFaults({ seed, probability: 1 / 3, holdMs: 3000 });
		const items = Array.from({ length: CREATES }, (_, i) => ({
			json: { text: `Soak ${seed} #${i}` },
		}));
		const { output, error } = await runNode({
			parameters: createDraft('={{ $json.text }}'),
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
		expect(output.map((item) => item.json.error ?? null)).toEqual(items.map(() => null));
		expect(made.sort()).toEqual(items.map((item) => item.json.text).sort());
		expect(output.map((item) => item.json.id).sort()).toEqual(
			posts
				.filter((post) => post.content.text.startsWith(`Soak ${seed} `))
				.map((post) => post.id)
				.sort(),
		);
	},
);
