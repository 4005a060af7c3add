// n8n in queue mode (`npm run test:queue`): PostgreSQL, Redis, a main and two workers, each n8n
// process with the package from dist/ in its own user folder, as on separate machines. Asserted by
// the sandbox's request log and by n8n's execution records, read from PostgreSQL.
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { SandboxControl, type LoggedRequest } from '../../sandbox/client.cts';
import { DEMO } from '../../sandbox/demo-data.cts';
import { startSandbox } from '../../sandbox/server.cts';
import {
	APPROVER_CREDENTIAL,
	EXAMPLE_IDS,
	readExamples,
	withDemoPicks,
	withOfflineStandIns,
	type Workflow,
	type WorkflowNode,
} from '../../scripts/examples.cts';
import {
	activateWorkflow,
	ensureN8n,
	freePort,
	importCredentials,
	importWorkflows,
	linkPackage,
	socialPublishingCredential,
	startN8n,
	type RunningN8n,
} from '../../scripts/n8n-runtime.cts';
import {
	MODEL_POST,
	startOfflineServices,
	type OfflineServices,
} from '../../scripts/offline-services.cts';
import {
	QUEUE_DIR,
	startQueueServices,
	type QueueServices,
} from '../../scripts/queue-services.cts';
import {
	AGENT_RUN_ID,
	agentRunWorkflow,
	CHAT_MESSAGE,
	localModelCredential,
} from '../e2e/agent-run.cts';
import { outcomeOf, threeMornings } from '../e2e/rss-mornings.cts';
import { bodyOf } from '../e2e/setup.cts';

const main = DEMO.workspaces.main;
const MAIN_FOLDER = join(QUEUE_DIR, 'main');
const WORKER_FOLDERS = [join(QUEUE_DIR, 'worker-1'), join(QUEUE_DIR, 'worker-2')];
const CREATE_ONE_POST = { id: 'spQueueCreate001', path: 'queue-create-post' };
const UPLOAD_VIDEO = { id: 'spQueueUpload001', path: 'queue-upload-video' };
/** Published on the main: the posts webhook, the approval trigger and the examples' webhooks. */
const PUBLISHED = [
	CREATE_ONE_POST.id,
	UPLOAD_VIDEO.id,
	EXAMPLE_IDS.approvals,
	EXAMPLE_IDS.rss,
	EXAMPLE_IDS.draftApprovePublish,
	AGENT_RUN_ID,
];
/** Scenario a: 60 executions at once against a quota of 15 requests per 10 s. */
const EXECUTIONS = 60;
const QUOTA = { limit: 15, windowSeconds: 10 };

let services: QueueServices;
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let control: SandboxControl;
let offline: OfflineServices;
let n8nMain: RunningN8n | undefined;
const workers: RunningN8n[] = [];
let mainPort: number;

function webhookNode(name: string, path: string): WorkflowNode {
	return {
		id: `${path}-hook`,
		name,
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		position: [0, 0],
		parameters: { httpMethod: 'POST', path, options: {} },
		webhookId: `${path}-hook`,
	};
}

const CREDENTIALS = {
	socialPublishingApi: { id: 'spSandboxCred001', name: 'Social Publishing (sandbox)' },
};

/** A workflow that runs one Social Publishing step on each call to its webhook. */
function webhookWorkflow(
	{ id, path }: { id: string; path: string },
	name: string,
	step: string,
	parameters: Record<string, unknown>,
): Workflow {
	return {
		id,
		name,
		nodes: [
			webhookNode('Webhook', path),
			{
				id: `${path}-step`,
				name: step,
				type: 'n8n-nodes-social-publishing.socialPublishing',
				typeVersion: 2,
				position: [220, 0],
				parameters: { workspaceId: { __rl: true, mode: 'id', value: main.id }, ...parameters },
				credentials: CREDENTIALS,
			},
		],
		connections: { Webhook: { main: [[{ node: step, type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}

/** Scenario a's workflow: each call to the webhook creates one draft post with the text sent. */
const createOnePostWorkflow = () =>
	webhookWorkflow(CREATE_ONE_POST, 'Queue: one post per call', 'Create the post', {
		resource: 'post',
		operation: 'create',
		text: '={{ $json.body.text }}',
		accounts: [DEMO.accounts.facebook],
		publishType: 'draft',
	});

/** Scenario d's workflow: the file posted to the webhook goes to the media library. */
const uploadVideoWorkflow = () =>
	webhookWorkflow(UPLOAD_VIDEO, 'Queue: upload the file posted', 'Upload the video', {
		resource: 'media',
		operation: 'upload',
		source: 'binary',
		binaryPropertyName: 'data',
	});

/** An example whose manual start becomes a webhook of the same name, so it runs as production. */
function startedByWebhook(example: Workflow): Workflow {
	return {
		...example,
		nodes: example.nodes.map((node) =>
			node.type === 'n8n-nodes-base.manualTrigger'
				? { ...webhookNode(node.name, example.id), position: node.position }
				: node,
		),
	};
}

/**
 * Starts the main (again) and waits until it has activated the published workflows. n8n 2.x
 * activates them after its REST API answers (its publication service), and a webhook called
 * before then answers 404. n8n sets a workflow's trigger count, 0 when imported, once its webhooks
 * are registered and its trigger has polled once. (A restart keeps the count: scenario b waits
 * for the trigger's poll itself.)
 */
async function startMain(): Promise<void> {
	const published = PUBLISHED.map((id) => `'${id}'`).join(', ');
	n8nMain = await startN8n(MAIN_FOLDER, mainPort, { env: services.env });
	const active = () =>
		services.sql(
			`SELECT count(*) FROM workflow_entity WHERE id IN (${published}) AND "triggerCount" > 0`,
		)[0][0] === String(PUBLISHED.length);
	if (!(await waitFor(active, 120))) throw new Error('The main did not activate the workflows');
}

/** Starts the workers (again): at info level a worker names each execution it starts. */
async function startWorkers(): Promise<void> {
	const started = await Promise.all(
		WORKER_FOLDERS.map(async (folder) =>
			startN8n(folder, await freePort(), {
				command: 'worker',
				env: { ...services.env, N8N_LOG_LEVEL: 'info' },
			}),
		),
	);
	workers.splice(0, workers.length, ...started);
}

async function stopAll(): Promise<void> {
	for (const worker of workers) await worker.stop().catch(() => undefined);
	await n8nMain?.stop().catch(() => undefined);
	await offline?.stop().catch(() => undefined);
	await sandbox?.stop().catch(() => undefined);
	await services?.stop();
}

beforeAll(async () => {
	try {
		const log = (line: string) => console.log(line);
		ensureN8n(log);
		services = await startQueueServices(log);
		sandbox = await startSandbox({ port: 0 });
		control = new SandboxControl(sandbox.url);
		offline = await startOfflineServices();

		// Installed on the main and on every worker, as a team does on each machine.
		for (const folder of [MAIN_FOLDER, ...WORKER_FOLDERS]) {
			mkdirSync(folder, { recursive: true });
			linkPackage(folder);
		}
		await importCredentials(
			MAIN_FOLDER,
			[
				socialPublishingCredential(sandbox.url, DEMO.keys.full),
				socialPublishingCredential(sandbox.url, DEMO.keys.workspace, APPROVER_CREDENTIAL),
				localModelCredential(offline),
			],
			services.env,
		);
		const examples = readExamples().map((example) =>
			withDemoPicks(withOfflineStandIns(example, offline)),
		);
		// The AI agent example as it runs with a model; its chat trigger stays in the editor.
		const runnable = [
			...examples.filter((example) => example.id !== EXAMPLE_IDS.aiAgent),
			agentRunWorkflow(examples),
		].map(startedByWebhook);
		await importWorkflows(
			MAIN_FOLDER,
			[...runnable, createOnePostWorkflow(), uploadVideoWorkflow()],
			services.env,
		);
		for (const id of PUBLISHED) await activateWorkflow(MAIN_FOLDER, id, services.env);

		mainPort = await freePort();
		await startMain();
		await startWorkers();
	} catch (error) {
		await stopAll();
		throw error;
	}
}, 15 * 60_000);

afterAll(stopAll, 60_000);

interface ExecutionRecord {
	id: string;
	status: string;
	mode: string;
	startedAt: number;
	stoppedAt: number;
}

/** n8n's execution records of one workflow, from PostgreSQL. */
function executionsOf(workflowId: string): ExecutionRecord[] {
	return services
		.sql(
			`SELECT id, status, mode, (extract(epoch from "startedAt") * 1000)::bigint,
			   coalesce((extract(epoch from "stoppedAt") * 1000)::bigint, 0)
			 FROM execution_entity WHERE "workflowId" = '${workflowId}' ORDER BY id`,
		)
		.map(([id, status, mode, startedAt, stoppedAt]) => ({
			id,
			status,
			mode,
			startedAt: Number(startedAt),
			stoppedAt: Number(stoppedAt),
		}));
}

const FINISHED = ['success', 'error', 'crashed', 'canceled'];

/** Waits (up to `rounds` seconds) until `count` executions of the workflow have finished. */
async function finishedExecutions(
	workflowId: string,
	count: number,
	rounds = 180,
): Promise<ExecutionRecord[]> {
	let records = executionsOf(workflowId);
	for (let round = 0; round < rounds; round++) {
		if (records.filter((record) => FINISHED.includes(record.status)).length >= count) break;
		await sleep(1000);
		records = executionsOf(workflowId);
	}
	return records;
}

/** Execution IDs each worker said it started, from its log. */
function executionsByWorker(): string[][] {
	return workers.map((worker) =>
		[...worker.output().matchAll(/Worker started execution (\d+)/g)].map((match) => match[1]),
	);
}

async function callWebhook(path: string, body: object): Promise<number> {
	const response = await fetch(`${n8nMain?.url}/webhook/${path}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(body),
	});
	await response.text();
	return response.status;
}

async function waitFor(check: () => boolean | Promise<boolean>, rounds: number): Promise<boolean> {
	for (let round = 0; round < rounds; round++) {
		if (await check()) return true;
		await sleep(1000);
	}
	return await check();
}

const postsPath = `/api/v1/workspaces/${main.id}/posts`;

test('a. 60 executions at once under a quota they must wait for: every post created exactly once, none failed', async () => {
	await control.rateLimit(QUOTA);
	await control.clearRequests();
	const texts = Array.from(
		{ length: EXECUTIONS },
		(_, i) => `Queue post ${i + 1} of ${EXECUTIONS}`,
	);

	const started = Date.now();
	const statuses = await Promise.all(
		texts.map((text) => callWebhook(CREATE_ONE_POST.path, { text })),
	);
	expect(statuses).toEqual(texts.map(() => 200));
	const records = await finishedExecutions(CREATE_ONE_POST.id, EXECUTIONS);
	const seconds = (Math.max(...records.map((record) => record.stoppedAt)) - started) / 1000;
	await control.rateLimit(null);

	expect(records.map((record) => [record.status, record.mode])).toEqual(
		texts.map(() => ['success', 'webhook']),
	);
	const creates = await control.requests({ method: 'POST', path: postsPath });
	const created = creates.filter((request) => request.status === 201);
	expect(created.map((request) => bodyOf(request).content.text).sort()).toEqual([...texts].sort());
	const waited = creates.filter((request) => request.status === 429).length;
	expect(creates).toHaveLength(EXECUTIONS + waited);
	expect(waited).toBeGreaterThan(0);

	// Each execution ran on exactly one worker, and both workers took a share.
	const byWorker = executionsByWorker();
	const ids = records.map((record) => record.id);
	const ran = byWorker.flat().filter((id) => ids.includes(id));
	expect(ran.sort()).toEqual([...ids].sort());
	const shares = byWorker.map((list) => list.filter((id) => ids.includes(id)).length);
	expect(shares.map((share) => share > 0)).toEqual([true, true]);

	const floor = (Math.ceil(EXECUTIONS / QUOTA.limit) - 1) * QUOTA.windowSeconds;
	console.log(
		`Queue mode: ${EXECUTIONS} executions on 2 workers (${shares.join(' + ')}) under ${QUOTA.limit} requests per ${QUOTA.windowSeconds} s: ` +
			`${seconds.toFixed(1)} s, the quota's floor ${floor} s; ${waited} answers were 429; ` +
			`${records.filter((record) => record.status !== 'success').length} failed, ` +
			`${created.length - new Set(created.map((r) => bodyOf(r).content.text)).size} duplicates`,
	);
}, 300_000);

test('b. the approval trigger on the main, restarted in the middle: every post reaches the catcher once, the cursor is in PostgreSQL', async () => {
	// The trigger polled at activation (that poll sets where "new" starts) and every minute since.
	const pending = (text: string) =>
		control.simulate({
			action: 'create_pending',
			workspace_id: main.id,
			text,
			created_by_user_id: DEMO.users.maya.id,
			approvers: [DEMO.users.alex.id],
		});
	const texts = ['Queue review 1', 'Queue review 2', 'Queue review 3', 'Queue review 4'];
	const ids = [...(await pending(texts[0])), ...(await pending(texts[1]))];
	const caughtTexts = () =>
		offline.caught().map((message) => String((message.body as { text: string }).text));
	const has = (count: number) => () =>
		texts.slice(0, count).every((text) => caughtTexts().some((caught) => caught.includes(text)));
	expect(await waitFor(has(2), 90)).toBe(true);

	// The main goes down; two posts enter review meanwhile; the main comes back.
	await n8nMain?.stop();
	ids.push(...(await pending(texts[2])), ...(await pending(texts[3])));
	await startMain();
	expect(await waitFor(has(4), 90)).toBe(true);

	const counts = texts.map(
		(text) => caughtTexts().filter((caught) => caught.includes(text)).length,
	);
	expect(counts).toEqual([1, 1, 1, 1]);
	// The e-mail goes out before its execution ends: a worker may still be saving the last one.
	const settled = () =>
		executionsOf(EXAMPLE_IDS.approvals).every(
			(record) => !['new', 'running'].includes(record.status),
		);
	expect(await waitFor(settled, 30)).toBe(true);
	const records = executionsOf(EXAMPLE_IDS.approvals);
	expect(new Set(records.map((record) => record.status))).toEqual(new Set(['success']));
	const ran = executionsByWorker().flat();
	expect(records.map((record) => ran.includes(record.id))).toEqual(records.map(() => true));

	// The trigger's state, as n8n saved it in PostgreSQL: a member (9 characters) for each post under
	// review, our four among them, and no round mark, since no approver has acted.
	const [[staticData]] = services.sql(
		`SELECT "staticData" FROM workflow_entity WHERE id = '${EXAMPLE_IDS.approvals}'`,
	);
	const state = JSON.parse(staticData) as Record<
		string,
		{ cursor: { members: string; rounds: Record<string, unknown> } }
	>;
	const cursor = state['node:Post waits for approval'].cursor;
	expect(cursor.members.length % 9).toBe(0);
	expect(cursor.members.length / 9).toBeGreaterThanOrEqual(ids.length);
	expect(cursor.rounds).toEqual({});
}, 400_000);

/** Runs a workflow through its webhook; asserts it succeeded on exactly one worker; its requests. */
async function runOnAWorker(workflowId: string): Promise<LoggedRequest[]> {
	await control.clearRequests();
	expect(await callWebhook(workflowId, {})).toBe(200);
	const records = await finishedExecutions(workflowId, 1, 120);
	expect(records.map((record) => [record.status, record.mode])).toEqual([['success', 'webhook']]);
	expect(
		executionsByWorker()
			.flat()
			.filter((id) => id === records[0].id),
	).toHaveLength(1);
	// The trigger's polls (GET posts) are scenario b's.
	return (await control.requests()).filter(
		(request) => !(request.method === 'GET' && request.path === postsPath),
	);
}

const callsOf = (requests: LoggedRequest[]) =>
	requests.map((request) => [
		request.method,
		request.path
			.replace(`/api/v1/workspaces/${main.id}`, '')
			.replace(/posts\/[^/]+/, 'posts/:post'),
		request.key,
		request.status,
	]);

/**
 * Not a poll of scenario b's trigger, still active: its reads of the posts always ask for a status
 * or a `date_from`, and RSS's reading of the posts it made (Skip Posted Within) asks for neither.
 * A morning that a once-a-minute poll falls into would otherwise count two reads (seen in CI).
 */
const notScenarioB = (request: LoggedRequest) =>
	!(request.method === 'GET' && request.path === postsPath) ||
	!Object.keys(request.query).some((name) => ['status', 'status[]', 'date_from'].includes(name));

test('c. on the workers: RSS to scheduled posts on three mornings, the workers restarted after the first, gives 3, 1 and 0 new posts', async () => {
	const mornings = threeMornings();
	const outcomes = [];
	for (const [index, morning] of mornings.entries()) {
		// What the first morning's worker remembered is in PostgreSQL, not in a process.
		if (index === 1) {
			await Promise.all(workers.map((worker) => worker.stop()));
			await startWorkers();
		}
		offline.setFeed(morning.feed);
		await control.clearRequests();
		expect(await callWebhook(EXAMPLE_IDS.rss, {})).toBe(200);
		const records = await finishedExecutions(EXAMPLE_IDS.rss, index + 1, 120);
		expect(records.map((record) => record.status)).toEqual(records.map(() => 'success'));
		outcomes.push(outcomeOf(index + 1, (await control.requests()).filter(notScenarioB)));
	}

	expect(outcomes).toEqual(mornings.map((morning) => morning.expected));
}, 400_000);

test('c. on a worker: Draft → approve → publish creates, approves as the reviewer and comments', async () => {
	expect(callsOf(await runOnAWorker(EXAMPLE_IDS.draftApprovePublish))).toEqual([
		// The workspace's zone, for a time given without one (Timezone left empty); the approval's
		// "anyone" needs to know who asks.
		['GET', '/api/v1/workspaces', 'full', 200],
		['GET', '/api/v1/me', 'full', 200],
		['POST', '/posts', 'full', 201],
		['POST', '/posts/:post/approval', 'workspace', 200],
		['POST', '/posts/:post/comments', 'full', 201],
	]);
});

test('c. on a worker: the AI agent lists the accounts and schedules the post through our tools', async () => {
	const requests = await runOnAWorker(AGENT_RUN_ID);
	expect(callsOf(requests)).toEqual([
		['GET', '/accounts', 'full', 200],
		// The workspace's zone (Timezone left empty, as the time-zone guide says); the post is sent
		// for review: its approval must not name the user who asks.
		['GET', '/api/v1/workspaces', 'full', 200],
		['GET', '/api/v1/me', 'full', 200],
		['POST', '/posts', 'full', 201],
	]);
	expect(bodyOf(requests[3]).content.text).toBe(MODEL_POST.text);
	expect(offline.modelCalls()[0].messages.at(-1)?.content).toContain(CHAT_MESSAGE);
});

test("d. on the workers: a 24 MiB video posted to a webhook uploads from n8n's database store, every byte", async () => {
	const video = Buffer.alloc(24 * 1024 * 1024);
	for (let i = 0; i < video.length; i += 4099) video[i] = (i >> 12) % 256;
	await control.clearRequests();
	const response = await fetch(`${n8nMain?.url}/webhook/${UPLOAD_VIDEO.path}`, {
		method: 'POST',
		headers: {
			'content-type': 'video/mp4',
			'content-disposition': 'attachment; filename="reel.mp4"',
		},
		body: video,
	});
	expect(response.status).toBe(200);
	const records = await finishedExecutions(UPLOAD_VIDEO.id, 1, 120);
	expect(records.map((record) => record.status)).toEqual(['success']);
	expect(executionsByWorker().flat()).toContain(records[0].id);
	const uploads = await control.requests({
		method: 'POST',
		path: `/api/v1/workspaces/${main.id}/media`,
	});
	expect(uploads.map(({ status, body }) => ({ status, body }))).toEqual([
		{
			status: 201,
			body: {
				fields: {},
				files: [
					{
						field: 'file',
						filename: 'reel.mp4',
						mimetype: 'video/mp4',
						size: video.length,
						sha256: createHash('sha256').update(video).digest('hex'),
					},
				],
			},
		},
	]);
}, 300_000);
