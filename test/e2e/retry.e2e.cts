// Retries in real n8n: a batch of 10 stories whose 7th create the service refuses once (a 403, the
// plan's API credits used up), run again the ways an n8n user runs it again: the failed execution
// retried from the Executions list (n8n's REST retry, with the original workflow and with the one
// saved now), and Retry On Fail on the node. Each story must exist exactly once in the service.
// One n8n for the file; each workflow is run as the editor runs it (REST, manual mode), so that
// the execution is saved and can be retried.
import type { IDataObject, INodeExecutionData, IRunExecutionData } from 'n8n-workflow';

import type { SandboxControl } from '../../sandbox/client.cts';
import { DEMO } from '../../sandbox/demo-data.cts';
import type { Workflow } from '../../scripts/examples.cts';
import {
	CREDENTIAL_ID,
	CREDENTIAL_NAME,
	requireFromN8n,
	type N8nSession,
	type RunningN8n,
} from '../../scripts/n8n-runtime.cts';
import { startOfflineServices, type OfflineServices } from '../../scripts/offline-services.cts';
import { useSandbox } from '../harness/sandbox.cts';
import { bodyOf, prepareN8n, SETUP_TIMEOUT, startLoggedIn } from './setup.cts';

const main = DEMO.workspaces.main;
const POSTS_PATH = `/api/v1/workspaces/${main.id}/posts`;
const STORY_COUNT = 10;
const STORIES = Array.from(
	{ length: STORY_COUNT },
	(_, index) => `Story ${index + 1} of ${STORY_COUNT}: fresh from the roastery.`,
);
const NODE = 'Post the stories';
const IDS = { oneAtATime: 'spE2eRetryBatch1', retryOnFail: 'spE2eRetryOnFail' };

/**
 * Start → 10 stories (one item each) → Post > Create, a draft per story. `oneAtATime` sends the
 * items one after another (Parallel Requests 1): the 7th create is then the 7th story, and the 3
 * after it are not sent before the retry. Otherwise the node's default sends all 10 at once.
 */
function storiesWorkflow(
	id: string,
	name: string,
	{ oneAtATime = false, retryOnFail = false } = {},
): Workflow {
	return {
		id,
		name,
		nodes: [
			{
				id: `${id}-1`,
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: `${id}-2`,
				name: 'Ten stories',
				type: 'n8n-nodes-base.set',
				typeVersion: 3.4,
				position: [220, 0],
				parameters: {
					mode: 'manual',
					assignments: {
						assignments: [
							{
								id: `${id}-stories`,
								name: 'stories',
								type: 'array',
								value: `={{ ${JSON.stringify(STORIES)} }}`,
							},
						],
					},
					options: {},
				},
			},
			{
				id: `${id}-3`,
				name: 'One item per story',
				type: 'n8n-nodes-base.splitOut',
				typeVersion: 1,
				position: [440, 0],
				parameters: { fieldToSplitOut: 'stories', options: {} },
			},
			{
				id: `${id}-4`,
				name: NODE,
				type: 'n8n-nodes-social-publishing.socialPublishing',
				typeVersion: 2,
				position: [660, 0],
				parameters: {
					resource: 'post',
					operation: 'create',
					workspaceId: { __rl: true, mode: 'list', value: main.id, cachedResultName: main.name },
					text: '={{ $json.stories }}',
					accounts: [DEMO.accounts.facebook],
					publishType: 'draft',
					additionalFields: {},
					options: oneAtATime ? { parallelRequests: 1 } : {},
				},
				credentials: { socialPublishingApi: { id: CREDENTIAL_ID, name: CREDENTIAL_NAME } },
				...(retryOnFail ? { retryOnFail: true, maxTries: 3, waitBetweenTries: 100 } : {}),
			},
		],
		connections: {
			Start: { main: [[{ node: 'Ten stories', type: 'main', index: 0 }]] },
			'Ten stories': { main: [[{ node: 'One item per story', type: 'main', index: 0 }]] },
			'One item per story': { main: [[{ node: NODE, type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
}

const sandbox = useSandbox();
let offline: OfflineServices;
let n8n: RunningN8n;
let session: N8nSession;

beforeAll(async () => {
	offline = await startOfflineServices();
	const { userFolder } = await prepareN8n('e2e-retry', sandbox.url, offline, {
		workflows: () => [
			storiesWorkflow(IDS.oneAtATime, 'E2E: 10 stories, one at a time', { oneAtATime: true }),
			storiesWorkflow(IDS.retryOnFail, 'E2E: 10 stories, Retry On Fail', { retryOnFail: true }),
		],
	});
	({ n8n, session } = await startLoggedIn(userFolder));
}, SETUP_TIMEOUT);

afterAll(async () => {
	await n8n?.stop();
	await offline?.stop();
});

interface SavedExecution {
	id: string;
	mode: string;
	status: string;
	finished: boolean;
	retryOf?: string | null;
	/** The run, as n8n saves it (flatted text) or as the retry answers it (an object). */
	data: string | IRunExecutionData;
}

const { parse } = requireFromN8n('flatted') as { parse(text: string): IRunExecutionData };
const runOf = (execution: SavedExecution) =>
	typeof execution.data === 'string' ? parse(execution.data) : execution.data;

/** The 7th create the service receives is refused, once, as when the plan's credits are used up. */
async function refuseSeventhCreate(control: SandboxControl) {
	await control.fault({ method: 'POST', path: POSTS_PATH, skip: 6, credits: true });
}

/** Runs the workflow as the editor's "Execute workflow" does, and waits for its saved execution. */
async function runManually(workflowId: string): Promise<SavedExecution> {
	const started = await session.request<{ data: { executionId: string } }>(
		'POST',
		`/workflows/${workflowId}/run`,
		{ triggerToStartFrom: { name: 'Start' } },
	);
	expect(started.status).toBe(200);
	const { executionId } = started.body.data;
	for (let poll = 0; poll < 240; poll += 1) {
		const { body } = await session.request<{ data: SavedExecution }>(
			'GET',
			`/executions/${executionId}`,
		);
		if (['success', 'error', 'crashed'].includes(body.data.status)) return body.data;
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
	throw new Error(`execution ${executionId} did not finish`);
}

/** n8n's REST retry, as the Executions list sends it; it answers once the retry has finished. */
async function retry(executionId: string, loadWorkflow: boolean): Promise<SavedExecution> {
	const answer = await session.request<{ data: SavedExecution }>(
		'POST',
		`/executions/${executionId}/retry`,
		{ loadWorkflow },
	);
	expect(answer.status).toBe(200);
	return answer.body.data;
}

/** The node's output in its last run: one entry per item, with its pairing. */
function outputOf(execution: SavedExecution): { json: IDataObject; pairedItem: unknown }[] {
	const runs = runOf(execution).resultData.runData[NODE] ?? [];
	const items: INodeExecutionData[] = runs.at(-1)?.data?.main?.[0] ?? [];
	return items.map(({ json, pairedItem }) => ({ json, pairedItem }));
}

/**
 * The sandbox's log in order: a create as the story it sent, any other request as its method and
 * path within the workspace; each with what the service answered.
 */
async function logged(control: SandboxControl) {
	return (await control.requests()).map((request) =>
		request.method === 'POST' && request.path === POSTS_PATH
			? ['create', bodyOf(request).content.text, request.status]
			: [request.method, request.path.replace(`/api/v1/workspaces/${main.id}`, ''), request.status],
	);
}

/** The posts the service holds for the stories, by story, each with its ID (read through the API). */
async function postsHeld(): Promise<Record<string, string[]>> {
	const answer = await fetch(`${sandbox.url}${POSTS_PATH}?per_page=100`, {
		headers: { 'x-api-key': DEMO.keys.full },
	});
	const { data } = (await answer.json()) as {
		data: { id?: string; _id?: string; content: { text: string } }[];
	};
	const held: Record<string, string[]> = {};
	for (const post of data.filter((each) => STORIES.includes(each.content.text))) {
		(held[post.content.text] ??= []).push(String(post.id ?? post._id));
	}
	return held;
}

/** What Post > Create gives for a draft the service holds: the same whether sent now or before. */
const createdItem = (story: string, id: string, index: number) => ({
	json: {
		id,
		post_url: `${sandbox.url}/posts/${id}`,
		publish_type: 'draft',
		scheduled_at: null,
		timezone: null,
		timezone_source: null,
	},
	pairedItem: { item: index },
});

/**
 * The failed run, the requests since, and the end: every story held exactly once, and the node's
 * output one item per story, in story order, each the post the service holds (the stories done
 * before the failure included, with nothing sent for them again).
 */
async function expectEveryStoryOnce(output: ReturnType<typeof outputOf>) {
	const held = await postsHeld();
	expect(Object.keys(held).sort()).toEqual([...STORIES].sort());
	for (const story of STORIES)
		expect({ story, posts: held[story].length }).toEqual({ story, posts: 1 });
	expect(output).toEqual(STORIES.map((story, index) => createdItem(story, held[story][0], index)));
}

describe.each([
	['the original workflow', false],
	['the workflow as saved now', true],
])('retried from the Executions list with %s', (_name, loadWorkflow) => {
	test('every story exactly once; the retry reads once, sends only the stories not done, and succeeds', async () => {
		await refuseSeventhCreate(sandbox.control);
		const failed = await runManually(IDS.oneAtATime);
		expect(failed.status).toBe('error');
		expect(runOf(failed).resultData.error?.message).toMatch(/API credits exhausted/);
		// One at a time: stories 1 to 6 created, the 7th refused, 8 to 10 not sent.
		expect(await logged(sandbox.control)).toEqual([
			...STORIES.slice(0, 6).map((story) => ['create', story, 201]),
			['create', STORIES[6], 403],
		]);

		await sandbox.control.clearRequests();
		const retried = await retry(failed.id, loadWorkflow);
		expect(retried).toMatchObject({ mode: 'retry', status: 'success', retryOf: failed.id });
		// Stories 1 to 6 come back from the failed run, with no request. The 7th sent something
		// and failed, so the batch reads the drafts once before it sends 7 to 10.
		expect(await logged(sandbox.control)).toEqual([
			['GET', '/posts', 200],
			...STORIES.slice(6).map((story) => ['create', story, 201]),
		]);
		await expectEveryStoryOnce(outputOf(retried));
	});
});

test('Retry On Fail (3 tries): every story exactly once, in one execution that succeeds', async () => {
	await refuseSeventhCreate(sandbox.control);
	const execution = await runManually(IDS.retryOnFail);
	expect(execution.status).toBe('success');
	// All 10 at once (the node's default): 9 created and the 7th to arrive refused, in the order
	// they arrived; then the node's second try reads the drafts once and sends only that story.
	const log = await logged(sandbox.control);
	const refused = log.filter(([, , status]) => status === 403);
	expect(refused).toHaveLength(1);
	expect(
		log
			.slice(0, STORY_COUNT)
			.map(([, story]) => story)
			.sort(),
	).toEqual([...STORIES].sort());
	expect(log.slice(STORY_COUNT)).toEqual([
		['GET', '/posts', 200],
		['create', refused[0][1], 201],
	]);
	// One execution: n8n retried the node inside it.
	const executions = await session.request<{ data: { results: { id: string }[] } }>(
		'GET',
		`/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId: IDS.retryOnFail }))}`,
	);
	expect(executions.body.data.results.map((each) => each.id)).toEqual([execution.id]);
	await expectEveryStoryOnce(outputOf(execution));
});
