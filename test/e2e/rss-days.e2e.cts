// "RSS to scheduled posts" on three mornings in real n8n: each story becomes a post once, and a
// morning the service refuses loses no story that is still among the newest three the next day.
// Each morning is its own `n8n execute`, a new n8n process on the same database; what counts as
// posted is what the service holds.
import { DEMO } from '../../sandbox/demo-data.cts';
import { EXAMPLE_IDS } from '../../scripts/examples.cts';
import { startOfflineServices, type OfflineServices } from '../../scripts/offline-services.cts';
import { useSandbox } from '../harness/sandbox.cts';
import { outcomeOf, threeMornings, type Morning } from './rss-mornings.cts';
import { execute, prepareN8n, SETUP_TIMEOUT } from './setup.cts';

const sandbox = useSandbox();
const POSTS_PATH = `/api/v1/workspaces/${DEMO.workspaces.main.id}/posts`;
let offline: OfflineServices;
let userFolder: string;

beforeAll(async () => {
	offline = await startOfflineServices();
	({ userFolder } = await prepareN8n('e2e-rss-days', sandbox.url, offline));
}, SETUP_TIMEOUT);

afterAll(async () => {
	await offline?.stop();
});

/** Runs the mornings in turn; `refused` mornings must fail with the service's refusal. */
async function runMornings(mornings: Morning[], refused: number[] = []) {
	const outcomes = [];
	for (const [index, morning] of mornings.entries()) {
		offline.setFeed(morning.feed);
		await sandbox.control.clearRequests();
		const day = index + 1;
		if (refused.includes(day)) {
			await sandbox.control.fault({
				method: 'POST',
				path: POSTS_PATH,
				credits: true,
				times: 100,
			});
			await expect(execute(userFolder, EXAMPLE_IDS.rss)).rejects.toThrow(/API credits exhausted/);
			await sandbox.control.clearFaults();
		} else {
			await execute(userFolder, EXAMPLE_IDS.rss);
		}
		outcomes.push(outcomeOf(day, await sandbox.control.requests()));
	}
	return outcomes;
}

/** How many posts the service holds per story of the feed, by title (read through the API). */
async function postsPerStory(): Promise<Record<string, number>> {
	const answer = await fetch(`${sandbox.url}${POSTS_PATH}?per_page=100`, {
		headers: { 'x-api-key': DEMO.keys.full },
	});
	const { data } = (await answer.json()) as { data: { content: { text: string } }[] };
	const counts: Record<string, number> = {};
	for (const { content } of data.filter((post) => post.content.text.includes('/stories/'))) {
		const title = content.text.split('\n')[0];
		counts[title] = (counts[title] ?? 0) + 1;
	}
	return counts;
}

test('three mornings (5 stories; the same and 1 new; unchanged) give 3, 1 and 0 new posts, each with its image', async () => {
	const mornings = threeMornings();
	expect(await runMornings(mornings)).toEqual(mornings.map((morning) => morning.expected));
	expect(await postsPerStory()).toEqual({
		'Cup of the week': 1,
		'Roastery tour': 1,
		'Oat milk test': 1,
		'Spring menu': 1,
	});
}, 300_000);

test('the same mornings with every create refused on the first give 0, 3 and 0 posts, each story at most once', async () => {
	const mornings = threeMornings({ refusedFirst: true });
	expect(await runMornings(mornings, [1])).toEqual(mornings.map((morning) => morning.expected));
	expect(await postsPerStory()).toEqual({
		'Roastery tour': 1,
		'Oat milk test': 1,
		'Spring menu': 1,
	});
}, 300_000);
