// "Posts from your assistant" live in real n8n: an agent outside n8n (the official MCP TypeScript
// SDK's client) connects to the example's MCP Server Trigger, lists its tools, lists the accounts,
// creates a post that goes for review, reads its status, and gets a readable tool error for a bad
// call; the approval notifications example, active beside it, announces the post. The sandbox is
// not reset while the trigger polls.
import { setTimeout as sleep } from 'node:timers/promises';

import type { Client } from '@modelcontextprotocol/sdk/client/index.js';

import { SandboxControl } from '../../sandbox/client.cts';
import { wallClockInZone } from '../../sandbox/clock.cts';
import { DEMO } from '../../sandbox/demo-data.cts';
import { parseProfile } from '../../sandbox/profile.cts';
import { startSandbox } from '../../sandbox/server.cts';
import { EXAMPLE_IDS, MCP_DEMO_TOKEN, MCP_PATH } from '../../scripts/examples.cts';
import { callTool, connectMcp } from '../../scripts/mcp-client.cts';
import { activateWorkflow, type N8nSession, type RunningN8n } from '../../scripts/n8n-runtime.cts';
import { startOfflineServices, type OfflineServices } from '../../scripts/offline-services.cts';
import { expectNoSecret } from '../harness/engine.cts';
import {
	bodyOf,
	prepareN8n,
	SETUP_TIMEOUT,
	startLoggedIn,
	waitFor,
	waitForFirstPoll,
} from './setup.cts';

const main = DEMO.workspaces.main;
const POSTS = `/api/v1/workspaces/${main.id}/posts`;
const TEXT = 'E2E MCP: our pumpkin spice latte is back on Monday';
/** Tomorrow at 10:00 on the workspace's clock: always in the future, never a fixed date. */
const TOMORROW = wallClockInZone(new Date(Date.now() + 24 * 3600_000), main.timezone).slice(0, 10);
const AT = `${TOMORROW} 10:00`;

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let control: SandboxControl;
let offline: OfflineServices;
let n8n: RunningN8n;
let session: N8nSession;
let client: Client;
let url: string;
/** Every text a tool gave the client, checked for the API key at the end. */
const answers: string[] = [];
/** The post the client created, by the ID the tool answered with. */
let postId = '';

async function call(name: string, args: Record<string, unknown>) {
	const answer = await callTool(client, name, args);
	answers.push(answer.text);
	return answer;
}

const createCalls = async () => await control.requests({ method: 'POST', path: POSTS });

/**
 * n8n registers the MCP endpoint as it activates the example, which on a busy machine can come after
 * the other example's first poll (seen in a CI run: every call answered 404 "not registered").
 * Waits, for at most 120 tries a second apart, until the endpoint answers as registered.
 */
async function endpointRegistered(): Promise<void> {
	for (let tries = 0; tries < 120; tries++) {
		const answer = await fetch(url, { method: 'POST', body: '{}' });
		if (answer.status !== 404) return;
		await sleep(1000);
	}
}

beforeAll(async () => {
	// The test command's other profile (SANDBOX_PROFILE) reaches this file too.
	sandbox = await startSandbox({ port: 0, profile: parseProfile(process.env.SANDBOX_PROFILE) });
	control = new SandboxControl(sandbox.url);
	offline = await startOfflineServices();
	// Installed as n8n installs it: what n8n hands an MCP client of our errors depends on that.
	const { userFolder } = await prepareN8n('e2e-mcp', sandbox.url, offline, { asInstalled: true });
	// Published before start: n8n registers the MCP endpoint and starts the trigger's polls.
	await activateWorkflow(userFolder, EXAMPLE_IDS.assistant);
	await activateWorkflow(userFolder, EXAMPLE_IDS.approvals);
	({ n8n, session } = await startLoggedIn(userFolder));
	url = `${n8n.url}${MCP_PATH}`;
	// Its first poll notes the posts already waiting; the one the client creates is news.
	await waitForFirstPoll(session, EXAMPLE_IDS.approvals, 'Post waits for approval');
	await endpointRegistered();
	client = await connectMcp(url, MCP_DEMO_TOKEN);
}, SETUP_TIMEOUT);

afterAll(async () => {
	await client?.close();
	await n8n?.stop();
	await offline?.stop();
	await sandbox?.stop();
});

test("without the trigger's token the endpoint refuses the client, and nothing reaches the API", async () => {
	await expect(connectMcp(url, 'not-the-token')).rejects.toThrow(/403|401|Authorization/i);
	await expect(connectMcp(url, '')).rejects.toThrow(/403|401|Authorization/i);
	expect(await control.requests({ method: 'POST' })).toEqual([]);
});

test('over Streamable HTTP the client lists three tools, each saying what it does and what it needs; Add a comment is off', async () => {
	const { tools } = await client.listTools();
	const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
	expect(Object.keys(byName).sort()).toEqual([
		'Create_a_post_for_review',
		'List_accounts',
		'Read_post_statuses',
	]);
	expect(byName.List_accounts.description).toMatch(/^List the social accounts of the workspace:/);
	expect(byName.Create_a_post_for_review.description).toContain(
		"It is not published now: it goes to the workspace's reviewers",
	);
	expect(byName.Read_post_statuses.description).toContain('under_review while it waits');
	// The inputs the agent fills, with their form; the approvers are not among them.
	const inputs = byName.Create_a_post_for_review.inputSchema as {
		properties: Record<string, { type: string; description: string }>;
		required: string[];
	};
	expect(Object.keys(inputs.properties).sort()).toEqual(['account_ids', 'scheduled_at', 'text']);
	expect(inputs.required.sort()).toEqual(['account_ids', 'scheduled_at', 'text']);
	expect(inputs.properties.account_ids.description).toContain('ids from the List_accounts tool');
	expect(inputs.properties.scheduled_at.description).toContain('in the workspace time zone, e.g.');
	expect(inputs.properties.scheduled_at.description).toContain('or with an offset');
	expect(Object.keys(byName.List_accounts.inputSchema.properties ?? {})).toEqual([]);
	// The posts to read are the agent's to name, or none for the newest.
	const statuses = byName.Read_post_statuses.inputSchema as {
		properties: Record<string, { type: string; description: string }>;
		required?: string[];
	};
	expect(Object.keys(statuses.properties)).toEqual(['post_ids']);
	expect(statuses.required ?? []).toEqual([]);
	expect(byName.Read_post_statuses.description).toContain('it answers at most 20 posts');
});

test('List_accounts gives a small record per account: id, platform, name, status', async () => {
	const answer = await call('List_accounts', {});
	expect(answer.isError).toBe(false);
	const accounts = JSON.parse(answer.text) as Record<string, unknown>[];
	for (const account of accounts) {
		expect(Object.keys(account).sort()).toEqual(['account_name', 'id', 'platform', 'status']);
	}
	expect(accounts).toContainEqual(
		expect.objectContaining({ id: DEMO.accounts.facebook, platform: 'facebook' }),
	);
	expect(accounts).toContainEqual(
		expect.objectContaining({ id: DEMO.accounts.instagram, platform: 'instagram' }),
	);
});

test('Create_a_post_for_review creates the post under review, with the approvers the builder chose', async () => {
	const answer = await call('Create_a_post_for_review', {
		text: TEXT,
		account_ids: `${DEMO.accounts.facebook},${DEMO.accounts.instagram}`,
		scheduled_at: AT,
	});
	expect(answer.isError).toBe(false);
	const [created] = JSON.parse(answer.text) as { id: string; scheduled_at: string }[];
	postId = created.id;
	expect(created.scheduled_at).toBe(`${AT}:00`);

	const calls = await createCalls();
	expect(calls.map((r) => [r.key, r.status])).toEqual([['full', 201]]);
	expect(bodyOf(calls[0])).toMatchObject({
		content: { text: TEXT },
		accounts: [DEMO.accounts.facebook, DEMO.accounts.instagram],
		scheduling: { publish_type: 'scheduled', scheduled_at: `${AT}:00` },
		approval: {
			approvers: [DEMO.users.maya.id],
			approve_option: 'anyone',
			notes: 'Written by an assistant over MCP: please check it before it goes out.',
		},
	});
	// As the service has it: waiting for Maya, not published.
	const listed = await fetch(`${sandbox.url}${POSTS}?per_page=100`, {
		headers: { 'X-API-Key': DEMO.keys.full },
	});
	const { data } = (await listed.json()) as {
		data: {
			id: string;
			scheduling: { status: string; published_at: string | null };
			approval: { status: string; approvers: { user_id: string; status: string }[] };
		}[];
	};
	const post = data.find((each) => each.id === postId);
	expect(post?.scheduling).toMatchObject({ status: 'under_review', published_at: null });
	expect(post?.approval.status).toBe('pending_approval');
	expect(post?.approval.approvers.map((each) => [each.user_id, each.status])).toEqual([
		[DEMO.users.maya.id, 'pending'],
	]);
});

test('Read_post_statuses answers the post asked about by its ID, waiting for approval', async () => {
	const answer = await call('Read_post_statuses', { post_ids: postId });
	expect(answer.isError).toBe(false);
	const posts = JSON.parse(answer.text) as Record<string, unknown>[];
	expect(posts).toEqual([
		{
			id: postId,
			status: 'under_review',
			approval_status: 'pending_approval',
			text: TEXT,
			accounts: expect.any(Array),
			scheduled_at: `${AT}:00`,
			published_at: null,
			created_at: expect.any(String),
			notes: [],
		},
	]);
	expect(posts[0].accounts).toHaveLength(2);
});

test('Read_post_statuses asked about nothing answers the newest 20 posts, not the whole history', async () => {
	// Created in a later second than the client's post: the newest, also at whole-second stamps.
	await new Promise((resolve) => setTimeout(resolve, 1_100));
	const seeded = await control.seed({
		workspace_id: main.id,
		resource: 'posts',
		count: 25,
		template: { text: 'E2E MCP: seeded for Maya', approvers: [DEMO.users.maya.id] },
	});
	const answer = await call('Read_post_statuses', {});
	expect(answer.isError).toBe(false);
	const posts = JSON.parse(answer.text) as { id: string; text: string }[];
	expect(posts).toHaveLength(20);
	expect(new Set(posts.map((post) => post.id)).size).toBe(20);
	// Only the 25 just made are newer than the client's post and the demo's posts for Maya.
	expect(posts.filter((post) => !seeded.includes(post.id))).toEqual([]);

	const unknown = await call('Read_post_statuses', { post_ids: 'no-such-post' });
	expect(unknown.isError).toBe(false);
	expect(JSON.parse(unknown.text)).toEqual([
		{ message: 'No post sent to your approvers has the id no-such-post.' },
	]);
});

test('a time in the past comes back as a tool error in plain words, and nothing is sent', async () => {
	const before = (await createCalls()).length;
	const answer = await call('Create_a_post_for_review', {
		text: 'E2E MCP: too late',
		account_ids: DEMO.accounts.facebook,
		scheduled_at: '2020-01-06 10:00',
	});
	expect(answer.isError).toBe(true);
	expect(answer.text).toBe(
		'Social Publishing: Scheduled At: 2020-01-06 10:00:00 (Europe/Berlin) is in the past; a scheduled post needs a time in the future. Pick a later time, or use Publish Type "Draft" or "Queued"\n\nDetails: Item 0 was not sent. Correct "Scheduled At" and run again.',
	);
	expect(await createCalls()).toHaveLength(before);
});

test("an unknown account comes back as the service's refusal in plain words, naming the account field, and no post is made", async () => {
	const before = (await createCalls()).length;
	const answer = await call('Create_a_post_for_review', {
		text: 'E2E MCP: to nowhere',
		account_ids: `${DEMO.accounts.facebook},999000111`,
		scheduled_at: AT,
	});
	expect(answer.isError).toBe(true);
	// The second account ID is the one refused: the service names it by its place in the list.
	expect(answer.text).toMatch(/^Social Publishing: .*accounts\.1.* \(HTTP 4\d\d\)\n\nDetails: /);
	expect(answer.text).toContain('Correct the fields listed and try again.');
	expect(answer.text).not.toMatch(/\bat .+\.js:\d+|NodeOperationError|NodeApiError/);
	const calls = (await createCalls()).slice(before);
	expect(calls.map((r) => r.status)).toEqual([400]);
	expect(bodyOf(calls[0]).accounts).toEqual([DEMO.accounts.facebook, '999000111']);
});

test('over SSE the client lists the same tools and reads the accounts', async () => {
	const sse = await connectMcp(url, MCP_DEMO_TOKEN, 'sse');
	try {
		const { tools } = await sse.listTools();
		expect(tools.map((tool) => tool.name).sort()).toEqual([
			'Create_a_post_for_review',
			'List_accounts',
			'Read_post_statuses',
		]);
		const answer = await callTool(sse, 'List_accounts', {});
		answers.push(answer.text);
		expect(answer.isError).toBe(false);
		expect(answer.text).toContain(DEMO.accounts.facebook);
	} finally {
		await sse.close();
	}
});

test('the approval notifications example announces the post within a poll', async () => {
	const about = (message: { body: unknown }) =>
		(message.body as { text?: string }).text?.includes(TEXT) === true;
	expect(await waitFor(() => offline.caught().some(about), Date.now() + 150_000)).toBe(true);
	const [message] = offline.caught().filter(about);
	expect(message.body).toMatchObject({ channel: '#social-approvals' });
	expect((message.body as { text: string }).text).toContain(`approvers: ${DEMO.users.maya.name}`);
}, 200_000);

test("the API key is in no tool answer, error or n8n's log", () => {
	expect(answers.length).toBeGreaterThan(5);
	expectNoSecret(answers, DEMO.keys.full);
	expectNoSecret(n8n.output(), DEMO.keys.full);
});
