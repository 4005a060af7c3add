// A running n8n (the pinned version `npm start` runs): the approval trigger live, and the
// credential test through n8n's own REST endpoint. The sandbox here is not reset between tests:
// a reset under a running trigger would look like posts entering review.
import { SandboxControl } from '../../sandbox/client.cts';
import { wallClockInZone } from '../../sandbox/clock.cts';
import { DEMO } from '../../sandbox/demo-data.cts';
import { startSandbox } from '../../sandbox/server.cts';
import { EXAMPLE_IDS } from '../../scripts/examples.cts';
import {
	activateWorkflow,
	CREDENTIAL_ID,
	CREDENTIAL_NAME,
	N8N_VERSION,
	type N8nSession,
	type RunningN8n,
} from '../../scripts/n8n-runtime.cts';
import { startOfflineServices, type OfflineServices } from '../../scripts/offline-services.cts';
import { prepareN8n, SETUP_TIMEOUT, startLoggedIn, waitFor, waitForFirstPoll } from './setup.cts';

const main = DEMO.workspaces.main;
/** The text of the post the escalation test watches. */
const ESCALATED = 'E2E: the winter blend launches soon';
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let control: SandboxControl;
let offline: OfflineServices;
let n8n: RunningN8n;
let session: N8nSession;

beforeAll(async () => {
	sandbox = await startSandbox({ port: 0 });
	control = new SandboxControl(sandbox.url);
	offline = await startOfflineServices();
	const { userFolder } = await prepareN8n('e2e-live', sandbox.url, offline);
	// Under review before n8n starts, due in five hours by the service's clock: the escalation
	// test moves that clock on. The approval trigger's first poll notes it as already there.
	await control.simulate({
		action: 'create_pending',
		workspace_id: main.id,
		text: ESCALATED,
		created_by_user_id: DEMO.users.maya.id,
		approvers: [DEMO.users.alex.id],
		scheduled_at: wallClockInZone(new Date(Date.now() + 5 * 3600_000), main.timezone),
	});
	// Published before start: n8n activates the trigger as it starts, and polls once right away.
	await activateWorkflow(userFolder, EXAMPLE_IDS.approvals);
	await activateWorkflow(userFolder, EXAMPLE_IDS.escalation);
	({ n8n, session } = await startLoggedIn(userFolder));
	await waitForFirstPoll(session, EXAMPLE_IDS.approvals, 'Post waits for approval');
	await waitForFirstPoll(session, EXAMPLE_IDS.escalation, 'Approval is overdue');
}, SETUP_TIMEOUT);

afterAll(async () => {
	await n8n?.stop();
	await offline?.stop();
	await sandbox?.stop();
});

test('the approval trigger runs its workflow for a post that enters review, and the message reaches the catcher', async () => {
	// Polls run every minute; the first (at activation, awaited above) set where "new" starts.
	const deadline = Date.now() + 150_000;
	expect(offline.caught()).toEqual([]);

	await control.simulate({
		action: 'create_pending',
		workspace_id: main.id,
		text: 'E2E: our autumn menu is here',
		created_by_user_id: DEMO.users.maya.id,
		approvers: [DEMO.users.alex.id],
		note: 'Check the prices',
	});

	await waitFor(() => offline.caught().length > 0, deadline);
	const caught = offline.caught();
	expect(caught).toHaveLength(1);
	const body = caught[0].body as { channel: string; text: string };
	expect(body.channel).toBe('#social-approvals');
	expect(body.text).toContain('E2E: our autumn menu is here');
	expect(body.text).toContain(`approvers: ${DEMO.users.alex.name}`);
	expect(body.text).toContain('Notes: Check the prices');

	// The message goes out before n8n writes the execution's end: read until it has (30 tries).
	const statuses = async () => {
		const executions = await session.request<{
			data: { results: { workflowId: string; status: string }[] };
		}>(
			'GET',
			`/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId: EXAMPLE_IDS.approvals }))}`,
		);
		return executions.body.data.results.map((execution) => execution.status);
	};
	let ended = await statuses();
	for (
		let read = 0;
		read < 30 && ended.some((status) => ['new', 'running'].includes(status));
		read++
	) {
		await new Promise((resolve) => setTimeout(resolve, 1000));
		ended = await statuses();
	}
	expect(ended).toEqual(['success']);
}, 300_000);

test('the credential test passes with a good key and fails clearly with a bad one', async () => {
	const testKey = (apiKey: string) =>
		session.request<{ data: { status: string; message: string } }>('POST', '/credentials/test', {
			credentials: {
				id: CREDENTIAL_ID,
				name: CREDENTIAL_NAME,
				type: 'socialPublishingApi',
				data: { baseUrl: sandbox.url, apiKey },
			},
		});
	await control.clearRequests();

	const good = await testKey(DEMO.keys.full);
	expect(good.body.data).toMatchObject({ status: 'OK' });
	const bad = await testKey('not-a-key');
	expect(bad.body.data.status).toBe('Error');
	// n8n 1.x never applies a credential's own messages to a failed test request (README, n8n 1.x).
	expect(bad.body.data.message).toMatch(
		N8N_VERSION.startsWith('1.')
			? /^Authorization failed - please check your credentials$/
			: /API key/i,
	);
	expect(JSON.stringify(bad.body)).not.toContain('not-a-key');

	const keys = (await control.requests({ method: 'GET', path: '/api/v1/me' })).map((r) => r.key);
	expect(new Set(keys)).toEqual(new Set(['full', 'unknown']));
});

test("the escalation example: a post whose lead time passes on the service's clock reaches the catcher once", async () => {
	const escalations = () =>
		offline
			.caught()
			.map((message) => (message.body as { text: string }).text)
			.filter((message) => message.includes('Approval overdue') && message.includes(ESCALATED));
	const overduePolls = async () =>
		(await control.requests({ method: 'GET', path: `/api/v1/workspaces/${main.id}/posts` })).filter(
			(request) => String(request.query['status[]']).includes('missed_review'),
		).length;
	// The poll at activation (awaited before the tests) saw the post five hours away: not overdue.
	expect(escalations()).toEqual([]);

	// Three hours and five minutes pass on the service's clock: due in 1 h 55, inside the 2 hours.
	await control.clock({ advanceSeconds: 3 * 3600 + 300 });
	expect(await waitFor(() => escalations().length > 0, Date.now() + 90_000)).toBe(true);
	const [message] = escalations();
	// Due in a little under 1 h 55 by now (the service's clock keeps running): within the lead time.
	expect(message).toMatch(/\nGoes out in 1[01]\d minutes \(/);
	expect(message).toContain(
		`Still waiting for: ${DEMO.users.alex.name} <${DEMO.users.alex.email}>`,
	);

	// The next poll reports nothing new: one message per post and review round.
	const after = await overduePolls();
	expect(await waitFor(async () => (await overduePolls()) > after, Date.now() + 90_000)).toBe(true);
	expect(escalations()).toHaveLength(1);
}, 300_000);
