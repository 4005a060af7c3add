// Post Failed, with a fix: the item names the accounts the post failed on; the option Add Reconnect
// Links adds, for each such account that is not active, a reconnect session ready to send.
import { DEMO } from '../../sandbox/demo-data.cts';
import { LIMITS } from '../../sandbox/limits.cts';
import { useSandbox } from '../harness/sandbox.cts';

import { listRequest, MAIN_WORKSPACE, Watcher, watching, workspaceEvents } from './fixtures.cts';
import type { SentRequest } from './fixtures.cts';

const sandbox = useSandbox();
const A = DEMO.accounts;

const failedList = listRequest(1, { 'status[]': 'failed' });
const accountsList: SentRequest = {
	method: 'GET',
	path: `/api/v1/workspaces/${MAIN_WORKSPACE}/accounts`,
	query: { page: '1', per_page: '100' },
};
const reconnect = (platform: string, accountId: string): SentRequest => ({
	method: 'POST',
	path: `/api/v1/workspaces/${MAIN_WORKSPACE}/connect/${platform}`,
	query: { process: 'reconnect', account_id: accountId },
});

/** A scheduled post on the given accounts. */
async function scheduledPost(accountIds: string[]): Promise<string> {
	const [id] = await sandbox.control.seed({
		workspace_id: MAIN_WORKSPACE,
		resource: 'posts',
		count: 1,
		template: { status: 'scheduled', account_ids: accountIds },
	});
	return id;
}

async function activeWatcher(options = {}, keyName: 'full' | 'viewer' = 'full') {
	const watcher = new Watcher(sandbox, watching('postFailed', { options }), { keyName });
	expect((await watcher.tick()).ids).toEqual([]);
	return watcher;
}

/**
 * A post on `accountIds` fails while Add Reconnect Links is on: the poll emits it, reading the
 * failed posts, the accounts list, and one session for the expired LinkedIn account.
 */
async function failedWithLinks(accountIds: string[], keyName: 'full' | 'viewer' = 'full') {
	const post = await scheduledPost(accountIds);
	const watcher = await activeWatcher({ reconnectLinks: true }, keyName);
	await workspaceEvents(sandbox).fail(post);
	const tick = await watcher.tick();
	expect(tick.error).toBeUndefined();
	expect(tick.ids).toEqual([post]);
	expect(tick.requests).toEqual([
		failedList,
		accountsList,
		reconnect('linkedin', A.expiredLinkedin),
	]);
	return { tick, watcher };
}

const facebook = {
	account_id: A.facebook,
	account_name: 'Acme Coffee',
	platform: 'facebook',
	error: null,
};
const linkedin = {
	account_id: A.expiredLinkedin,
	account_name: 'Alex Demo',
	platform: 'linkedin',
	error: null,
};

test('the item names the accounts the post failed on; no further request by default', async () => {
	const post = await scheduledPost([A.facebook, A.expiredLinkedin]);
	const watcher = await activeWatcher();
	await workspaceEvents(sandbox).fail(post);

	const tick = await watcher.tick();
	expect(tick.ids).toEqual([post]);
	expect(tick.requests).toEqual([failedList]);
	expect(tick.items[0].json.failed_accounts).toEqual([facebook, linkedin]);
});

test('Add Reconnect Links: the accounts list once, one session for the expired account, a message ready to send', async () => {
	const now = await sandbox.control.clock({ frozen: true });
	const { tick } = await failedWithLinks([A.facebook, A.expiredLinkedin]);
	const [active, expired] = tick.items[0].json.failed_accounts as Array<Record<string, unknown>>;
	expect(active).toEqual({
		...facebook,
		account_status: 'active',
		reconnect: null,
		reconnect_note: null,
	});
	const expiresAt = new Date(Date.parse(now) + LIMITS.connectSessionMinutes * 60_000).toISOString();
	const url = (expired.reconnect as { authorization_url: string }).authorization_url;
	expect(url).toMatch(
		new RegExp(`^${sandbox.url.replace(/\./g, '\\.')}/oauth/authorize\\?session=[0-9a-f]{32}$`),
	);
	expect(expired).toEqual({
		...linkedin,
		account_status: 'expired',
		reconnect: {
			authorization_url: url,
			expires_at: expiresAt,
			expires_in_minutes: LIMITS.connectSessionMinutes,
			message:
				'A post could not be published to Alex Demo (linkedin): the account needs to be connected again.\n' +
				`Open this link to reconnect it: ${url}\n` +
				`The link works only once and expires in ${LIMITS.connectSessionMinutes} minutes (at ${expiresAt}).`,
		},
		reconnect_note: null,
	});

	// The link works: the owner opens it, and the account is active again.
	expect((await fetch(url)).status).toBe(200);
	const accounts = (await (
		await fetch(`${sandbox.url}${accountsList.path}?per_page=100`, {
			headers: { 'X-API-Key': DEMO.keys.full },
		})
	).json()) as { data: Array<{ _id?: string; id?: string; status: string }> };
	expect(accounts.data.find((each) => (each._id ?? each.id) === A.expiredLinkedin)?.status).toBe(
		'active',
	);
});

test('an account on several failed posts gets one session; an idle poll stays one request', async () => {
	const first = await scheduledPost([A.expiredLinkedin]);
	const second = await scheduledPost([A.expiredLinkedin, A.facebook]);
	const watcher = await activeWatcher({ reconnectLinks: true });
	const events = workspaceEvents(sandbox);
	await events.fail(first);
	await events.fail(second);

	const tick = await watcher.tick();
	expect(tick.ids.sort()).toEqual([first, second].sort());
	expect(tick.requests).toEqual([
		failedList,
		accountsList,
		reconnect('linkedin', A.expiredLinkedin),
	]);
	const links = tick.items.map(
		(item) =>
			(item.json.failed_accounts as Array<Record<string, { authorization_url: string }>>)[0]
				.reconnect.authorization_url,
	);
	expect(links[0]).toBe(links[1]);

	const idle = await watcher.tick();
	expect(idle.ids).toEqual([]);
	expect(idle.requests).toEqual([failedList]);
});

test('an account that cannot be reconnected through a link (Bluesky) says so, and costs no session', async () => {
	const [bluesky] = await sandbox.control.seed({
		workspace_id: MAIN_WORKSPACE,
		resource: 'accounts',
		count: 1,
		template: { platform: 'bluesky', status: 'expired' },
	});
	const post = await scheduledPost([bluesky]);
	const watcher = await activeWatcher({ reconnectLinks: true });
	await workspaceEvents(sandbox).fail(post);

	const tick = await watcher.tick();
	expect(tick.requests).toEqual([failedList, accountsList]);
	expect(tick.items[0].json.failed_accounts).toEqual([
		{
			account_id: bluesky,
			account_name: 'Seeded bluesky 1',
			platform: 'bluesky',
			error: null,
			account_status: 'expired',
			reconnect: null,
			reconnect_note:
				'A bluesky account is not reconnected through a link; add it to the workspace again.',
		},
	]);
});

test('a key that may not connect accounts: the event is still emitted, with why there is no link', async () => {
	const { tick, watcher } = await failedWithLinks([A.expiredLinkedin], 'viewer');
	const [account] = tick.items[0].json.failed_accounts as Array<Record<string, unknown>>;
	expect(account).toMatchObject({ account_status: 'expired', reconnect: null });
	expect(account.reconnect_note).toMatch(
		/^No reconnect link: You do not have permission to connect accounts in this workspace\. \(HTTP 403/,
	);
	expect((await watcher.tick()).ids).toEqual([]);
});

test('the accounts list failing fails the poll: nothing emitted, nothing saved, the next poll emits it', async () => {
	const post = await scheduledPost([A.expiredLinkedin]);
	const watcher = await activeWatcher({ reconnectLinks: true });
	await workspaceEvents(sandbox).fail(post);
	const saved = structuredClone(watcher.staticData);

	await sandbox.control.fault({ path: accountsList.path, status: 500 });
	const failed = await watcher.tick();
	expect(failed.error?.message).toMatch(/\(HTTP 500\)/);
	expect(failed.ids).toEqual([]);
	expect(failed.staticData).toEqual(saved);

	const recovered = await watcher.tick();
	expect(recovered.ids).toEqual([post]);
	expect(recovered.requests).toEqual([
		failedList,
		accountsList,
		reconnect('linkedin', A.expiredLinkedin),
	]);
});
