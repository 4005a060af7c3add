// n8n in queue mode (`npm run test:queue`), a worker killed in the middle of a batch: the crashed
// execution, retried from the Executions list (n8n's REST retry), posts every story exactly once.
// Its own PostgreSQL, Redis, main and two workers (scale-out.queue.cts shares none of them): the
// workers here hold their jobs' locks longer, and one of them dies.
//
// How n8n 2.41.1 notices a dead worker (its scaling/ and executions/ code, and what this test saw):
// - A worker started from the dead one's n8n folder (its machine or container back, with its disk)
//   reads the event log left there as it starts and marks the execution `crashed`. The record keeps
//   what the main saved when it queued the execution (the trigger's item, executionData.runtimeData)
//   and gains run data rebuilt from the log. This test waits for that.
// - Otherwise the job's lock in Redis runs out (QUEUE_WORKER_LOCK_DURATION, a minute by default), a
//   live worker's stalled-job check fails the job (n8n sets maxStalledCount 0: no second run), and
//   the main, after a 30 s grace, saves the execution as `error` ("This execution failed to be
//   processed too many times...") with its data replaced by that error alone: a retry of it runs no
//   node and ends in the same error. That overwrites a `crashed` record too (seen 78 s after the
//   kill; 115 s without a worker from the dead one's folder). The workers here hold their locks for
//   10 minutes, so that on a slow machine the retry below still reads the crashed record.
// - The main's queue recovery (as it starts, then every 3 hours) marks `crashed` what is running in
//   the database but no longer waiting or active in the queue, and leaves its data as it was.
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import type { IRunExecutionData } from 'n8n-workflow';

import { SandboxControl } from '../../sandbox/client.cts';
import { DEMO } from '../../sandbox/demo-data.cts';
import { startSandbox } from '../../sandbox/server.cts';
import {
	activateWorkflow,
	DEMO_DIR,
	ensureN8n,
	freePort,
	importCredentials,
	importWorkflows,
	linkPackage,
	N8nSession,
	requireFromN8n,
	socialPublishingCredential,
	startN8n,
	type RunningN8n,
} from '../../scripts/n8n-runtime.cts';
import { startQueueServices, type QueueServices } from '../../scripts/queue-services.cts';
import { storedPosts } from '../post/fixtures.cts';

const main = DEMO.workspaces.main;
const DIR = join(DEMO_DIR, 'queue-crash');
const MAIN_FOLDER = join(DIR, 'main');
const WORKER_FOLDERS = [join(DIR, 'worker-1'), join(DIR, 'worker-2')];
const WORKFLOW = { id: 'spQueueCrash0001', path: 'queue-crash-batch' };
const CREATE = 'Create the posts';
const postsPath = `/api/v1/workspaces/${main.id}/posts`;
const STORIES = Array.from({ length: 10 }, (_, i) => `Crashed worker: story ${i + 1} of 10`);
/** The worker is killed once this many posts exist: some created, some not. */
const KILL_AFTER = 4;

let services: QueueServices;
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let control: SandboxControl;
let n8nMain: RunningN8n | undefined;
let session: N8nSession;
const workers: RunningN8n[] = [];

/** Webhook → one item per story → Post > Create, one request at a time. */
const batchWorkflow = {
	id: WORKFLOW.id,
	name: 'Queue: a batch of stories',
	nodes: [
		{
			id: 'crash-hook',
			name: 'Webhook',
			type: 'n8n-nodes-base.webhook',
			typeVersion: 2,
			position: [0, 0],
			parameters: { httpMethod: 'POST', path: WORKFLOW.path, options: {} },
			webhookId: 'crash-hook',
		},
		{
			id: 'crash-split',
			name: 'One item per story',
			type: 'n8n-nodes-base.splitOut',
			typeVersion: 1,
			position: [220, 0],
			parameters: { fieldToSplitOut: 'body.stories', options: {} },
		},
		{
			id: 'crash-create',
			name: CREATE,
			type: 'n8n-nodes-social-publishing.socialPublishing',
			typeVersion: 2,
			position: [440, 0],
			parameters: {
				workspaceId: { __rl: true, mode: 'id', value: main.id },
				resource: 'post',
				operation: 'create',
				text: '={{ $json.text }}',
				accounts: [DEMO.accounts.facebook],
				publishType: 'draft',
				options: { parallelRequests: 1 },
			},
			credentials: {
				socialPublishingApi: { id: 'spSandboxCred001', name: 'Social Publishing (sandbox)' },
			},
		},
	],
	connections: {
		Webhook: { main: [[{ node: 'One item per story', type: 'main', index: 0 }]] },
		'One item per story': { main: [[{ node: CREATE, type: 'main', index: 0 }]] },
	},
	settings: { executionOrder: 'v1' },
};

/** A worker from `folder`; at info level it names each execution it starts. */
async function startWorker(folder: string): Promise<RunningN8n> {
	return await startN8n(folder, await freePort(), {
		command: 'worker',
		env: { ...services.env, N8N_LOG_LEVEL: 'info', QUEUE_WORKER_LOCK_DURATION: '600000' },
	});
}

async function waitFor(check: () => boolean | Promise<boolean>, rounds: number, ms = 1000) {
	for (let round = 0; round < rounds; round++) {
		if (await check()) return true;
		await sleep(ms);
	}
	return await check();
}

beforeAll(async () => {
	try {
		const log = (line: string) => console.log(line);
		await ensureN8n(log);
		services = await startQueueServices(log, DIR);
		sandbox = await startSandbox({ port: 0 });
		control = new SandboxControl(sandbox.url);
		for (const folder of [MAIN_FOLDER, ...WORKER_FOLDERS]) {
			// Afresh: a worker reads the event log left in its folder as it starts (see above).
			rmSync(folder, { recursive: true, force: true });
			mkdirSync(folder, { recursive: true });
			linkPackage(folder);
		}
		const credential = socialPublishingCredential(sandbox.url, DEMO.keys.full);
		await importCredentials(MAIN_FOLDER, [credential], services.env);
		await importWorkflows(MAIN_FOLDER, [batchWorkflow], services.env);
		await activateWorkflow(MAIN_FOLDER, WORKFLOW.id, services.env);
		n8nMain = await startN8n(MAIN_FOLDER, await freePort(), { env: services.env });
		// n8n 2.x registers the webhook after its REST API answers (see scale-out.queue.cts).
		const active = () =>
			services.sql(
				`SELECT "triggerCount" FROM workflow_entity WHERE id = '${WORKFLOW.id}'`,
			)[0][0] !== '0';
		if (!(await waitFor(active, 120))) throw new Error('The main did not activate the workflow');
		session = new N8nSession(n8nMain.url);
		await session.setupOwner();
		await session.login();
		// Each kept as it starts, so that one failing to start leaves none of them running.
		const started = await Promise.allSettled(
			WORKER_FOLDERS.map(async (folder, i) => (workers[i] = await startWorker(folder))),
		);
		for (const each of started) if (each.status === 'rejected') throw each.reason;
	} catch (error) {
		await stopAll();
		throw error;
	}
}, 15 * 60_000);

async function stopAll(): Promise<void> {
	await Promise.all(workers.map((worker) => worker?.stop().catch(() => undefined)));
	await n8nMain?.stop().catch(() => undefined);
	await sandbox?.stop().catch(() => undefined);
	await services?.stop();
}

afterAll(stopAll, 60_000);

/** Our child processes whose parent is `parent`, or only the one whose environment has `entry`. */
function childrenOf(parent: number, entry?: string): number[] {
	return readdirSync('/proc')
		.filter((name) => /^\d+$/.test(name))
		.filter((pid) => {
			try {
				const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
				// The parent's ID is the second field after the command's name, which is in brackets.
				const parentId = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
				if (parentId !== parent) return false;
				return !entry || readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(entry);
			} catch {
				return false; // Ended meanwhile.
			}
		})
		.map(Number);
}

/**
 * SIGKILL to a worker we started and to its task runner, at once, as when its machine goes down. The
 * worker is told apart from the others by the health port it was given.
 */
function killWorker(worker: RunningN8n): void {
	const [pid] = childrenOf(process.pid, `QUEUE_HEALTH_CHECK_PORT=${new URL(worker.url).port}`);
	if (pid === undefined) throw new Error(`No worker process answers on ${worker.url}`);
	const runners = childrenOf(pid);
	process.kill(pid, 'SIGKILL');
	for (const runner of runners) process.kill(runner, 'SIGKILL');
}

function statusOf(executionId: string): string | undefined {
	return services.sql(`SELECT status FROM execution_entity WHERE id = '${executionId}'`)[0]?.[0];
}

/** What n8n saved of an execution (its data, in n8n's `flatted` form), from PostgreSQL. */
function savedData(executionId: string): IRunExecutionData {
	const [[data]] = services.sql(
		`SELECT data FROM execution_data WHERE "executionId" = '${executionId}'`,
	);
	const { parse } = requireFromN8n('flatted') as { parse(text: string): IRunExecutionData };
	return parse(data);
}

/** Our stories as the sandbox holds them (its list, read with the full key), in text order. */
async function storiesHeld(): Promise<Array<{ id: string; text: string }>> {
	return (await storedPosts(sandbox.url))
		.map((post) => ({
			id: String(post._id ?? post.id),
			text: String((post.content as { text: string }).text),
		}))
		.filter((post) => STORIES.includes(post.text))
		.sort((a, b) => STORIES.indexOf(a.text) - STORIES.indexOf(b.text));
}

test('a worker killed with SIGKILL mid-batch, the crashed execution retried: every story exactly once', async () => {
	// Each create waits 0.7 s in the sandbox before it acts, so the batch takes 7 s.
	await control.fault({ method: 'POST', path: postsPath, delayMs: 700, times: STORIES.length });
	await control.clearRequests();
	const started = await fetch(`${n8nMain?.url}/webhook/${WORKFLOW.path}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ stories: STORIES.map((text) => ({ text })) }),
	});
	expect(started.status).toBe(200);

	const createdCount = async () =>
		(await control.requests({ method: 'POST', path: postsPath })).filter(
			(request) => request.status === 201,
		).length;
	expect(await waitFor(async () => (await createdCount()) >= KILL_AFTER, 600, 100)).toBe(true);
	const [[executionId]] = services.sql(
		`SELECT id FROM execution_entity WHERE "workflowId" = '${WORKFLOW.id}'`,
	);
	const runsIt = workers.findIndex((worker) =>
		worker.output().includes(`Worker started execution ${executionId}`),
	);
	expect(runsIt).toBeGreaterThanOrEqual(0);
	killWorker(workers[runsIt]);
	await control.clearFaults();

	// The worker's machine comes back: a worker from its folder marks the execution crashed.
	workers[runsIt] = await startWorker(WORKER_FOLDERS[runsIt]);
	expect(await waitFor(() => statusOf(executionId) === 'crashed', 120)).toBe(true);
	const crashed = savedData(executionId);
	// What a retry inherits: the context the main set when the webhook started the execution.
	const runtimeData = crashed.executionData?.runtimeData;
	expect(runtimeData).toMatchObject({ source: 'webhook', triggerNode: { name: 'Webhook' } });
	expect(typeof runtimeData?.establishedAt).toBe('number');
	expect(crashed.executionData?.contextData).toEqual({});
	expect(crashed.resultData.runData[CREATE].map((run) => run.executionStatus)).toEqual(['crashed']);

	// Some stories were posted before the kill (the one in flight too: the service acted on it),
	// the first ones, since one request goes at a time; some were not.
	const before = await storiesHeld();
	expect(before.length).toBeGreaterThanOrEqual(KILL_AFTER);
	expect(before.length).toBeLessThan(STORIES.length);
	expect(before.map((post) => post.text)).toEqual(STORIES.slice(0, before.length));

	await control.clearRequests();
	const retry = await session.request<{ data: { id: string; status: string; mode: string } }>(
		'POST',
		`/executions/${executionId}/retry`,
		{ loadWorkflow: false },
	);
	expect(retry.status).toBe(200);
	expect(retry.body.data).toMatchObject({ status: 'success', mode: 'retry' });
	const retryId = retry.body.data.id;
	expect(statusOf(retryId)).toBe('success');
	expect(
		workers.some((worker) => worker.output().includes(`Worker started execution ${retryId}`)),
	).toBe(true);

	// Every story exactly once; the retry sent only the ones the crashed attempt had not. (The log
	// is read first: reading the sandbox's posts is a request too.)
	const retryRequests = (await control.requests()).filter((request) => request.path === postsPath);
	const after = await storiesHeld();
	expect(after.map((post) => post.text)).toEqual(STORIES);
	expect(
		retryRequests
			.filter((request) => request.method === 'POST')
			.map((request) => [
				(request.body as { content: { text: string } }).content.text,
				request.status,
			]),
	).toEqual(STORIES.slice(before.length).map((text) => [text, 201]));
	// One lookup for the batch, not one per item.
	expect(retryRequests.filter((request) => request.method === 'GET')).toHaveLength(1);

	// The retried execution's output: one item per story, in order, the ones found marked as such.
	const retried = savedData(retryId);
	expect(retried.executionData?.runtimeData?.establishedAt).toBe(runtimeData?.establishedAt);
	const runs = retried.resultData.runData[CREATE];
	expect(runs).toHaveLength(1);
	const output = (runs[0].data?.main[0] ?? []).map((item) => item.json);
	expect(output.map((json) => json.id)).toEqual(after.map((post) => post.id));
	expect(output.map((json) => json.recovered === true)).toEqual(
		STORIES.map((_, index) => index < before.length),
	);
}, 300_000);
