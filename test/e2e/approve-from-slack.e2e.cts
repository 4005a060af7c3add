// "Approve from Slack" live in real n8n: the approver's trigger polls the sandbox, each post that
// enters review gets its own waiting execution and a message with Approve and Reject links (by
// e-mail to the local mail catcher, n8n's Send and Wait standing in for Slack's), and following a
// link as a person would in a browser resumes it. The sandbox is not reset while the trigger runs.
import { setTimeout as sleep } from 'node:timers/promises';

import { SandboxControl, type LoggedRequest } from '../../sandbox/client.cts';
import { DEMO } from '../../sandbox/demo-data.cts';
import { startSandbox } from '../../sandbox/server.cts';
import { EXAMPLE_IDS } from '../../scripts/examples.cts';
import { activateWorkflow, type N8nSession, type RunningN8n } from '../../scripts/n8n-runtime.cts';
import type { CaughtMail } from '../../scripts/mail-catcher.cts';
import { startOfflineServices, type OfflineServices } from '../../scripts/offline-services.cts';
import { prepareN8n, SETUP_TIMEOUT, startLoggedIn, waitFor, waitForFirstPoll } from './setup.cts';

const main = DEMO.workspaces.main;
const { alex, maya, jordan } = DEMO.users;
/** What a browser says it is: n8n ignores link previews and bots (no or a bot's User-Agent). */
const BROWSER =
	'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
/** The four posts Alex sends to Maya for review, one per case below. */
const TEXTS = {
	approve: 'E2E Slack: the pumpkin latte is back',
	reject: 'E2E Slack: free coffee for everyone, forever',
	elsewhere: 'E2E Slack: our new mugs are in',
	notApprover: 'E2E Slack: Sunday opening hours',
};
const REASON = 'We cannot promise that. Say "this Friday" instead.';

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let control: SandboxControl;
let offline: OfflineServices;
let n8n: RunningN8n;
let session: N8nSession;
const postIds: Record<keyof typeof TEXTS, string> = {
	approve: '',
	reject: '',
	elsewhere: '',
	notApprover: '',
};

const mails = () =>
	offline
		.caught()
		.filter((message) => message.path === '/mail')
		.map((message) => message.body as CaughtMail);
const slackPosts = () =>
	offline
		.caught()
		.filter((message) => message.path !== '/mail')
		.map((message) => message.body as { channel: string; text: string });
const mailAbout = (text: string, opening: string) =>
	mails().find((mail) => mail.html.includes(text) && mail.html.includes(opening));

/** The address of the mail's link (button) with this label. */
function link(mail: CaughtMail, label: string): string {
	const match = new RegExp(`<a href="([^"]+)"[^>]*>\\s*${label}\\s*</a>`).exec(mail.html);
	if (!match) throw new Error(`No "${label}" link in:\n${mail.html}`);
	return match[1].replace(/&amp;/g, '&');
}

/** Follows a link the way a person's browser does. */
async function follow(url: string, init: RequestInit = {}): Promise<Response> {
	return await fetch(url, { ...init, headers: { 'user-agent': BROWSER, ...init.headers } });
}

/**
 * Follows a link in a message that a running execution sent before it saved that it waits: until
 * then n8n answers 409 ("is running already"). CI's run of `37e9794` under load followed the
 * reason's link first. A person clicks later than a test; 50 tries at most, 200 ms apart.
 */
async function followOnceWaiting(url: string): Promise<Response> {
	let answer = await follow(url);
	for (let tries = 0; answer.status === 409 && tries < 50; tries++) {
		await sleep(200);
		answer = await follow(url);
	}
	return answer;
}

/** The post as the service has it now. */
async function postNow(id: string) {
	const response = await fetch(`${sandbox.url}/api/v1/workspaces/${main.id}/posts?per_page=100`, {
		headers: { 'X-API-Key': DEMO.keys.full },
	});
	const { data } = (await response.json()) as {
		data: {
			id: string;
			scheduling: { status: string };
			approval: {
				status: string;
				approvers: { user_id: string; status: string; last_action_note: string | null }[];
			};
		}[];
	};
	const post = data.find((each) => each.id === id);
	if (!post) throw new Error(`Post ${id} not listed`);
	return post;
}

const approvalCalls = async (postId: string): Promise<LoggedRequest[]> =>
	await control.requests({
		method: 'POST',
		path: `/api/v1/workspaces/${main.id}/posts/${postId}/approval`,
	});

beforeAll(async () => {
	sandbox = await startSandbox({ port: 0 });
	control = new SandboxControl(sandbox.url);
	offline = await startOfflineServices();
	const { userFolder } = await prepareN8n('e2e-slack', sandbox.url, offline);
	await activateWorkflow(userFolder, EXAMPLE_IDS.approveFromSlack);
	({ n8n, session } = await startLoggedIn(userFolder));
	// That first poll notes the posts already waiting for Maya; only later ones are news.
	await waitForFirstPoll(session, EXAMPLE_IDS.approveFromSlack, 'Post waits for my approval');
	// All four enter review between two polls: one poll, four items, four waiting executions.
	for (const key of Object.keys(TEXTS) as (keyof typeof TEXTS)[]) {
		[postIds[key]] = await control.simulate({
			action: 'create_pending',
			workspace_id: main.id,
			text: TEXTS[key],
			created_by_user_id: alex.id,
			approvers: [maya.id],
		});
	}
}, SETUP_TIMEOUT);

afterAll(async () => {
	await n8n?.stop();
	await offline?.stop();
	await sandbox?.stop();
});

test('each post that enters review for Maya gets a message of its own, with its preview and Approve and Reject links', async () => {
	const opening = 'A post waits for your approval';
	const all = Object.values(TEXTS);
	expect(
		await waitFor(() => all.every((text) => mailAbout(text, opening)), Date.now() + 150_000),
	).toBe(true);
	for (const text of all) {
		const mail = mailAbout(text, opening) as CaughtMail;
		expect(mail.to).toEqual(['maya@slack.localhost']);
		expect(mail.html).toContain(`Requested by ${alex.name}`);
		expect(link(mail, 'Approve')).toMatch(
			/\/webhook-waiting\/\d+\/[\w-]+\?approved=true&signature=/,
		);
		expect(link(mail, 'Reject')).toMatch(
			/\/webhook-waiting\/\d+\/[\w-]+\?approved=false&signature=/,
		);
	}
	expect(mails()).toHaveLength(all.length);
	// Nothing was approved or rejected before anyone answered.
	expect(await control.requests({ method: 'POST' })).toEqual([]);
	// The catcher's page shows them to a person, links and all.
	const page = await (await fetch(offline.url)).text();
	expect(page).toContain(`Caught messages (${all.length})`);
	expect(page).toContain('approved=true&amp;signature=');
}, 200_000);

test("following Approve approves the post with Maya's key, and she is told so", async () => {
	const mail = mailAbout(TEXTS.approve, 'A post waits') as CaughtMail;
	expect((await follow(link(mail, 'Approve'))).status).toBe(200);

	const done = (message: { text: string }) => message.text.includes(TEXTS.approve);
	expect(await waitFor(() => slackPosts().some(done), Date.now() + 60_000)).toBe(true);
	expect(slackPosts().filter(done)).toEqual([
		{ channel: '@maya', text: `:white_check_mark: Approved: ${TEXTS.approve}` },
	]);
	const calls = await approvalCalls(postIds.approve);
	expect(calls.map((call) => [call.key, call.status, call.body])).toEqual([
		['workspace', 200, { action: 'approve', comment: 'Approved from Slack.' }],
	]);
	const post = await postNow(postIds.approve);
	expect(post.scheduling.status).toBe('scheduled');
	expect(post.approval.status).toBe('completed_approval');
	expect(post.approval.approvers).toMatchObject([
		{ user_id: maya.id, status: 'approve', last_action_note: 'Approved from Slack.' },
	]);
}, 120_000);

test('following Reject asks for the reason, and the post is rejected with it', async () => {
	const mail = mailAbout(TEXTS.reject, 'A post waits') as CaughtMail;
	expect((await follow(link(mail, 'Reject'))).status).toBe(200);

	const opening = 'Why do you reject this post?';
	expect(await waitFor(() => Boolean(mailAbout(TEXTS.reject, opening)), Date.now() + 60_000)).toBe(
		true,
	);
	// Not rejected yet: the reason comes first.
	expect(await approvalCalls(postIds.reject)).toEqual([]);
	const formUrl = link(mailAbout(TEXTS.reject, opening) as CaughtMail, 'Give the reason');
	const form = await followOnceWaiting(formUrl);
	expect(form.status).toBe(200);
	expect(await form.text()).toContain('Your reason goes to the writer with the rejection.');
	// What the form's page sends when the reviewer presses its button.
	const answer = new FormData();
	answer.append('field-0', REASON);
	expect((await follow(formUrl, { method: 'POST', body: answer })).status).toBe(200);

	const done = (message: { text: string }) => message.text.includes(TEXTS.reject);
	expect(await waitFor(() => slackPosts().some(done), Date.now() + 60_000)).toBe(true);
	expect(slackPosts().filter(done)).toEqual([
		{ channel: '@maya', text: `:x: Rejected: ${TEXTS.reject}\nYour reason: ${REASON}` },
	]);
	const calls = await approvalCalls(postIds.reject);
	expect(calls.map((call) => [call.key, call.status, call.body])).toEqual([
		['workspace', 200, { action: 'reject', comment: REASON }],
	]);
	const post = await postNow(postIds.reject);
	expect(post.scheduling.status).toBe('rejected');
	expect(post.approval.status).toBe('rejected_approval');
	expect(post.approval.approvers).toMatchObject([
		{ user_id: maya.id, status: 'reject', last_action_note: REASON },
	]);
}, 120_000);

test('a post approved elsewhere while the message waited is left as it is, and Maya is told there is nothing to do', async () => {
	// Maya approves it in the web app first.
	await control.simulate({
		action: 'leave_review',
		workspace_id: main.id,
		post_id: postIds.elsewhere,
		note: 'Approved in the web app',
	});
	const mail = mailAbout(TEXTS.elsewhere, 'A post waits') as CaughtMail;
	expect((await follow(link(mail, 'Approve'))).status).toBe(200);

	const told = (message: { text: string }) => message.text.includes(TEXTS.elsewhere);
	expect(await waitFor(() => slackPosts().some(told), Date.now() + 60_000)).toBe(true);
	expect(slackPosts().filter(told)).toEqual([
		{
			channel: '@maya',
			text: `:information_source: Nothing to do: this post no longer waits for your answer. It was approved or rejected elsewhere, sent back to its writer, or you answered already.\n>${TEXTS.elsewhere}`,
		},
	]);
	// One attempt, refused by the service; the approval from the web app stands unchanged.
	expect((await approvalCalls(postIds.elsewhere)).map((call) => call.status)).toEqual([400]);
	const post = await postNow(postIds.elsewhere);
	expect(post.scheduling.status).toBe('scheduled');
	expect(post.approval.approvers).toMatchObject([
		{ user_id: maya.id, status: 'approve', last_action_note: 'Approved in the web app' },
	]);
}, 120_000);

test("the service's 403 (Maya is no longer an approver) is said in plain words, and nothing changes", async () => {
	// The writer sends the post for review to Jordan instead while Maya's message waits.
	await control.simulate({
		action: 'enter_review',
		workspace_id: main.id,
		post_id: postIds.notApprover,
		approvers: [jordan.id],
	});
	const mail = mailAbout(TEXTS.notApprover, 'A post waits') as CaughtMail;
	expect((await follow(link(mail, 'Approve'))).status).toBe(200);

	const told = (message: { text: string }) => message.text.includes(TEXTS.notApprover);
	expect(await waitFor(() => slackPosts().some(told), Date.now() + 60_000)).toBe(true);
	expect(slackPosts().filter(told)).toEqual([
		{
			channel: '@maya',
			text: `:no_entry: Your answer was not recorded: you are not an approver of this post. Only the approvers its writer chose may approve or reject it: ask the writer to add you, or check that this workflow uses your own API key.\n>${TEXTS.notApprover}`,
		},
	]);
	expect((await approvalCalls(postIds.notApprover)).map((call) => [call.key, call.status])).toEqual(
		[['workspace', 403]],
	);
	const post = await postNow(postIds.notApprover);
	expect(post.scheduling.status).toBe('under_review');
	expect(post.approval.approvers).toMatchObject([{ user_id: jordan.id, status: 'pending' }]);

	// Every execution of the example ended well: the poll's, and each post's own.
	const executions = await session.request<{ data: { results: { status: string }[] } }>(
		'GET',
		`/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId: EXAMPLE_IDS.approveFromSlack }))}`,
	);
	const statuses = executions.body.data.results.map((execution) => execution.status);
	expect(statuses.filter((status) => status !== 'success')).toEqual([]);
}, 120_000);
