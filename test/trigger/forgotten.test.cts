// A post that leaves the state where no reading is ever whole: a list in a new order for every
// request, over 4,000 posts, where a reading of every page leaves about a third of the posts out
// and a poll reads the pages twice at most. The trigger cannot tell the post that left from one
// its pages missed, so it keeps it as seen through 32 readings in a row that leave it out, then
// forgets it (docs/trigger.md): the saved state does not grow for ever, and a post still there is
// forgotten only after 32 such misses in a row (about 1 in 10^14). Once forgotten, the post
// coming back is news again. The sizes are read from the static data n8n saves for the trigger.
import type { IDataObject } from 'n8n-workflow';

import { useSandbox } from '../harness/sandbox.cts';

import {
	activate,
	MAIN_WORKSPACE,
	pollUntilEmitted,
	postsPath,
	Watcher,
	watching,
} from './fixtures.cts';

const sandbox = useSandbox();

const POSTS = 4_100;
/** The readings in a row that leave a post out before it counts as gone (docs/trigger.md). */
const READINGS_BEFORE_FORGOTTEN = 32;
/** Characters per noted post in the saved state of an event without review rounds. */
const NOTED_WIDTH = 9;

async function publishedTotal(): Promise<number> {
	const response = await fetch(
		`${sandbox.url}${postsPath()}?status[]=published&per_page=100&page=1`,
		{ headers: { 'X-API-Key': sandbox.credentials('full').apiKey } },
	);
	return ((await response.json()) as { total: number }).total;
}

test('a post gone from a list never read whole is kept through 32 readings, then forgotten; back after that, it is announced', async () => {
	const { control } = sandbox;
	await control.profile({ listOrder: 'shuffled', dateFilter: 'scheduled', statusStamps: 'kept' });
	const ids = await control.seed({
		workspace_id: MAIN_WORKSPACE,
		resource: 'posts',
		count: POSTS,
		template: { status: 'published', history_days: 365, history_seed: 41 },
	});
	const total = await publishedTotal();
	const watcher = new Watcher(sandbox, watching('postPublished'));
	const noted = () =>
		String((watcher.staticData.cursor as IDataObject).members).length / NOTED_WIDTH;

	await activate(watcher, 20);
	expect(noted()).toBe(total);

	const gone = ids[0];
	await control.simulate({ action: 'fail', workspace_id: MAIN_WORKSPACE, post_id: gone });
	expect(await publishedTotal()).toBe(total - 1);
	for (let poll = 1; poll <= READINGS_BEFORE_FORGOTTEN; poll++) {
		const tick = await watcher.tick();
		expect(tick.error).toBeUndefined();
		expect(tick.ids).toEqual([]);
		// Still noted through the 31st reading that leaves it out; the 32nd forgets it.
		expect([poll, noted()]).toEqual([poll, poll < READINGS_BEFORE_FORGOTTEN ? total : total - 1]);
	}

	await control.simulate({ action: 'publish', workspace_id: MAIN_WORKSPACE, post_id: gone });
	// A reading lists it with a chance of about 2 in 3: announced by one of the next polls, once.
	const { ids: announced } = await pollUntilEmitted(watcher, [gone], 10);
	expect(announced).toEqual([gone]);
	expect(noted()).toBe(total);
}, 300_000);
