// "RSS to scheduled posts" on three mornings in real n8n: each story becomes a post once, ever.
// Each morning is its own `n8n execute`, a new n8n process on the same database, so what the
// workflow remembers has outlived a restart of n8n every time.
import { EXAMPLE_IDS } from '../../scripts/examples.cts';
import { startOfflineServices, type OfflineServices } from '../../scripts/offline-services.cts';
import { useSandbox } from '../harness/sandbox.cts';
import { outcomeOf, threeMornings } from './rss-mornings.cts';
import { execute, prepareN8n, SETUP_TIMEOUT } from './setup.cts';

const sandbox = useSandbox();
let offline: OfflineServices;
let userFolder: string;

beforeAll(async () => {
	offline = await startOfflineServices();
	({ userFolder } = await prepareN8n('e2e-rss-days', sandbox.url, offline));
}, SETUP_TIMEOUT);

afterAll(async () => {
	await offline?.stop();
});

test('three mornings (5 stories; the same and 1 new; unchanged) give 3, 1 and 0 new posts, each with its image', async () => {
	const mornings = threeMornings();
	const outcomes = [];
	for (const [index, morning] of mornings.entries()) {
		offline.setFeed(morning.feed);
		await sandbox.control.clearRequests();
		await execute(userFolder, EXAMPLE_IDS.rss);
		outcomes.push(outcomeOf(index + 1, await sandbox.control.requests()));
	}

	expect(outcomes).toEqual(mornings.map((morning) => morning.expected));
}, 300_000);
