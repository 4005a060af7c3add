// The example workflows, imported with n8n's CLI and run with `n8n execute` in the pinned n8n,
// against the sandbox, with a local feed in place of the blog. Asserts what reached the API.
import type { INode, INodeType } from 'n8n-workflow';
import type { ZodObject, ZodTypeAny } from 'zod';

import { DEMO } from '../../sandbox/demo-data.cts';
import { EXAMPLE_IDS, type Workflow } from '../../scripts/examples.cts';
import {
	FEED_ITEMS,
	MODEL_APPROVAL_COMMENT,
	MODEL_POST,
	startOfflineServices,
	type OfflineServices,
} from '../../scripts/offline-services.cts';
import { N8N_VERSION, requireFromN8n } from '../../scripts/n8n-runtime.cts';
import { loadPackage } from '../harness/engine.cts';
import { useSandbox } from '../harness/sandbox.cts';
import {
	AGENT_RUN_ID,
	agentRunWorkflow,
	APPROVAL_AGENT_RUN_ID,
	APPROVAL_MESSAGE,
	approvalAgentWorkflow,
	CHAT_MESSAGE,
	localModelCredential,
} from './agent-run.cts';
import { SIMPLIFIED_POST_KEYS } from '../post/fixtures.cts';
import { apiCalls, bodyOf, execute, prepareN8n, SETUP_TIMEOUT } from './setup.cts';

const main = DEMO.workspaces.main;
/** The day the scripted model schedules the workshop for (next year, so always in the future). */
const WORKSHOP_DAY = MODEL_POST.scheduled_at.slice(0, 10);
const sandbox = useSandbox();
let offline: OfflineServices;
let userFolder: string;
let examples: Workflow[];

/** A workflow made for this test: the AI example's "Schedule a post" tool, run by n8n's Tool Executor. */
const TOOL_CHECK_ID = 'spE2eToolCheck01';

const TOOL_ARGS = {
	text: 'Workshop: latte art on Saturday at 10, sign up at the counter!',
	account_ids: `${DEMO.accounts.facebook},${DEMO.accounts.instagram}`,
	scheduled_at: `${WORKSHOP_DAY}T10:00:00+02:00`,
};

function toolCheckWorkflow(examples: Workflow[]): Workflow {
	const aiExample = examples.find((workflow) => workflow.id === EXAMPLE_IDS.aiAgent);
	const tool = aiExample?.nodes.find((node) => node.name === 'Schedule a post');
	if (!tool) throw new Error('the AI example has no "Schedule a post" tool');
	return {
		id: TOOL_CHECK_ID,
		name: 'E2E: Social Publishing as an AI tool',
		nodes: [
			{
				id: 'e2e-1',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: 'e2e-2',
				name: 'Tool Executor',
				type: '@n8n/n8n-nodes-langchain.toolExecutor',
				typeVersion: 1,
				position: [220, 0],
				// What a model would answer: one value per $fromAI key of the tool. n8n 2.x's Tool
				// Executor takes them under the tool's name, 1.x's as they are.
				parameters: {
					query: JSON.stringify(
						N8N_VERSION.startsWith('1.') ? TOOL_ARGS : { Schedule_a_post: TOOL_ARGS },
					),
				},
			},
			{ ...tool, position: [220, 200] },
		],
		connections: {
			Start: { main: [[{ node: 'Tool Executor', type: 'main', index: 0 }]] },
			'Schedule a post': { ai_tool: [[{ node: 'Tool Executor', type: 'ai_tool', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
}

beforeAll(async () => {
	offline = await startOfflineServices();
	({ userFolder, examples } = await prepareN8n('e2e-examples', sandbox.url, offline, {
		workflows: (all) => [toolCheckWorkflow(all), agentRunWorkflow(all), approvalAgentWorkflow(all)],
		credentials: [localModelCredential(offline)],
	}));
}, SETUP_TIMEOUT);

afterAll(async () => {
	await offline?.stop();
});

test('RSS to scheduled posts: each story becomes a scheduled post that takes its image by its URL', async () => {
	const run = await execute(userFolder, EXAMPLE_IDS.rss);

	// The images are already online: the service fetches them for the post; nothing is imported
	// into the media library, and no file passes through n8n.
	expect(await apiCalls(sandbox.control, 'POST', `/workspaces/${main.id}/media`)).toEqual([]);
	// The node sends several items' requests at once (Options > Parallel Requests), so the log is in
	// the order the answers came; each request is matched to its story by what it carries.
	const posts = await apiCalls(sandbox.control, 'POST', `/workspaces/${main.id}/posts`);
	expect(posts.map((r) => r.status)).toEqual([201, 201, 201]);
	const storyOf = (request: (typeof posts)[number]) =>
		FEED_ITEMS.findIndex((item) => bodyOf(request).content.text.includes(item.title));
	const byStory = [...posts].sort((a, b) => storyOf(a) - storyOf(b));
	expect(byStory.map(storyOf)).toEqual([0, 1, 2]);
	byStory.forEach((request, index) => {
		const body = bodyOf(request);
		expect(body.content.media).toEqual({
			images: [`${offline.url}/images/${FEED_ITEMS[index].slug}.jpg`],
		});
		expect(body.accounts).toEqual([
			DEMO.accounts.facebook,
			DEMO.accounts.linkedin,
			DEMO.accounts.twitter,
		]);
		expect(body.scheduling.publish_type).toBe('scheduled');
	});
	// Tomorrow 09:00, 12:00 and 15:00 in the workspace's zone, story by story.
	expect(byStory.map((r) => bodyOf(r).scheduling.scheduled_at?.slice(11))).toEqual([
		'09:00:00',
		'12:00:00',
		'15:00:00',
	]);
	expect(run.output('Schedule the post').map((item) => item.json.publish_type)).toEqual([
		'scheduled',
		'scheduled',
		'scheduled',
	]);
});

test('RSS to scheduled posts: a story without an image is posted as text, the others with theirs', async () => {
	const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000);
	offline.setFeed([
		{
			slug: 'holiday-hours',
			title: 'Holiday opening hours',
			text: 'Open 8 to 14.',
			image: false,
			published: hoursAgo(1),
		},
		{
			slug: 'winter-blend',
			title: 'Our winter blend',
			text: 'Spiced and dark.',
			published: hoursAgo(2),
		},
	]);

	await execute(userFolder, EXAMPLE_IDS.rss);

	const posts = await apiCalls(sandbox.control, 'POST', `/workspaces/${main.id}/posts`);
	expect(posts.map((r) => r.status)).toEqual([201, 201]);
	// Newest first: tomorrow 09:00, then 12:00.
	const sent = posts
		.map((r) => bodyOf(r))
		.map((body) => ({
			title: body.content.text.split('\n')[0],
			media: body.content.media,
			at: body.scheduling.scheduled_at?.slice(11),
		}))
		.sort((a, b) => a.at!.localeCompare(b.at!));
	expect(sent).toEqual([
		{ title: 'Holiday opening hours', media: undefined, at: '09:00:00' },
		{
			title: 'Our winter blend',
			media: { images: [`${offline.url}/images/winter-blend.jpg`] },
			at: '12:00:00',
		},
	]);
});

test('Draft → approve → publish: the writer creates with an approval, the reviewer approves, the writer comments', async () => {
	const run = await execute(userFolder, EXAMPLE_IDS.draftApprovePublish);

	const postId = run.output('Create the post for review')[0].json.id as string;
	const calls = (await sandbox.control.requests()).filter((r) => r.method === 'POST');
	expect(calls.map((r) => [r.path.replace(postId, ':post'), r.key, r.status])).toEqual([
		[`/api/v1/workspaces/${main.id}/posts`, 'full', 201],
		[`/api/v1/workspaces/${main.id}/posts/:post/approval`, 'workspace', 200],
		[`/api/v1/workspaces/${main.id}/posts/:post/comments`, 'full', 201],
	]);
	expect(bodyOf(calls[0]).approval).toMatchObject({
		approvers: [DEMO.users.maya.id],
		approve_option: 'anyone',
	});
	expect(bodyOf(calls[1])).toEqual({ action: 'approve', comment: 'Looks good, ship it.' });
	expect(bodyOf<{ mentioned_users: string[] }>(calls[2]).mentioned_users).toEqual([
		DEMO.users.maya.id,
	]);
	expect(run.output('Comment on the post')[0].json).toMatchObject({
		comment: 'Thanks for the quick review! It goes out tomorrow at 10:00.',
	});
});

test('AI agent: its "Schedule a post" tool, called through n8n\'s tool wrapper with $fromAI values, creates the post', async () => {
	const run = await execute(userFolder, TOOL_CHECK_ID);

	const posts = await apiCalls(sandbox.control, 'POST', `/workspaces/${main.id}/posts`);
	expect(posts.map(bodyOf)).toEqual([
		expect.objectContaining({
			content: { text: 'Workshop: latte art on Saturday at 10, sign up at the counter!' },
			accounts: [DEMO.accounts.facebook, DEMO.accounts.instagram],
			scheduling: expect.objectContaining({
				publish_type: 'scheduled',
				scheduled_at: `${WORKSHOP_DAY} 10:00:00`,
			}),
		}),
	]);
	// The tool's answer, as the agent would read it.
	expect(JSON.stringify(run.output('Tool Executor')[0].json)).toContain(`${WORKSHOP_DAY} 10:00:00`);
});

test('AI agent: n8n-core\'s tool wrapper turns the "Schedule a post" node into a tool whose schema describes each value the model fills in', async () => {
	// The function n8n calls for a node on an agent's tool input (n8n-core, not part of its public
	// index), from the n8n under test.
	const { createNodeAsTool } = requireFromN8n(
		'n8n-core/dist/execution-engine/node-execution-context/utils/create-node-as-tool',
	) as {
		createNodeAsTool(options: {
			node: INode;
			nodeType: INodeType;
			handleToolInvocation: () => Promise<string>;
		}): {
			response: {
				name: string;
				description: string;
				schema: ZodObject<Record<string, ZodTypeAny>>;
			};
		};
	};
	const aiExample = examples.find((workflow) => workflow.id === EXAMPLE_IDS.aiAgent) as Workflow;
	const node = aiExample.nodes.find(
		(candidate) => candidate.name === 'Schedule a post',
	) as unknown as INode;
	const nodeType = (await loadPackage()).getNode('socialPublishing').type as INodeType;

	const tool = createNodeAsTool({ node, nodeType, handleToolInvocation: async () => '' }).response;

	expect(tool.name).toBe('Schedule_a_post');
	expect(tool.description).toBe('Create a post in Social Publishing');
	const descriptions = Object.fromEntries(
		Object.entries(tool.schema.shape).map(([key, field]) => [key, field.description]),
	);
	expect(descriptions).toEqual({
		text: 'The text of the post, at most 5000 characters',
		account_ids:
			'Comma-separated IDs (_id) of the social accounts to publish to, from List accounts',
		scheduled_at:
			'When to publish, as an ISO 8601 date-time in the future, e.g. 2026-05-04T09:30:00+02:00',
	});
});

test('AI agent: with a chat model added, the agent lists the accounts and schedules the post through our tools', async () => {
	const run = await execute(userFolder, AGENT_RUN_ID);

	// The model was offered both tools, with the descriptions n8n made from our node.
	const [firstCall] = offline.modelCalls();
	expect(firstCall.messages.at(-1)?.content).toContain(CHAT_MESSAGE);
	const offered = firstCall.tools?.map((tool) => [tool.function.name, tool.function.description]);
	expect(offered?.sort()).toEqual([
		['List_accounts', 'Get many accounts in Social Publishing'],
		['Schedule_a_post', 'Create a post in Social Publishing'],
	]);
	const calls = (await sandbox.control.requests()).map(
		(r) => `${r.method} ${r.path.replace(`/api/v1/workspaces/${main.id}`, '')}`,
	);
	// The workspace's zone (Timezone is left empty, as the time-zone guide says), who asks (the
	// approval must not name its creator), then the post, sent for review.
	expect(calls).toEqual([
		'GET /accounts',
		'GET /api/v1/workspaces',
		'GET /api/v1/me',
		'POST /posts',
	]);
	const [post] = await apiCalls(sandbox.control, 'POST', `/workspaces/${main.id}/posts`);
	expect(bodyOf(post)).toMatchObject({
		content: { text: MODEL_POST.text },
		accounts: [DEMO.accounts.facebook, DEMO.accounts.instagram],
		scheduling: { publish_type: 'scheduled', scheduled_at: `${WORKSHOP_DAY} 10:00:00` },
		approval: {
			approvers: [DEMO.users.maya.id],
			approve_option: 'anyone',
			notes: 'Written by the AI assistant: please check it before it goes out.',
		},
	});
	// It goes out only once a person agrees: it waits in review for Maya.
	const review = await fetch(
		`${sandbox.url}/api/v1/workspaces/${main.id}/posts?status[]=under_review&approval_assigned_to[]=${DEMO.users.maya.id}&per_page=100`,
		{ headers: { 'X-API-Key': DEMO.keys.workspace } },
	);
	const waiting = ((await review.json()) as { data: { content: { text: string } }[] }).data;
	expect(waiting.filter((each) => each.content.text === MODEL_POST.text)).toHaveLength(1);
	expect(String(run.output('AI Agent')[0].json.output)).toContain(`${WORKSHOP_DAY} 10:00:00`);
});

test('AI agent: an agent lists the posts awaiting approval (a small record each) and approves one', async () => {
	const earlier = offline.modelCalls().length;
	const run = await execute(userFolder, APPROVAL_AGENT_RUN_ID);

	const calls = offline.modelCalls().slice(earlier);
	expect(calls[0].messages.at(-1)?.content).toContain(APPROVAL_MESSAGE);
	expect(calls[0].tools?.map((tool) => tool.function.name).sort()).toEqual([
		'Approve_a_post',
		'List_posts_awaiting_approval',
	]);
	// What the model read of the list: the simplified posts, a few fields each.
	const listed = JSON.parse(String(calls[1].messages.at(-1)?.content)) as Record<string, unknown>[];
	expect(listed.length).toBeGreaterThan(0);
	for (const post of listed) {
		expect(Object.keys(post).sort()).toEqual(SIMPLIFIED_POST_KEYS);
		expect(post.status).toBe('under_review');
	}
	const requests = await sandbox.control.requests();
	expect(
		requests.map((r) => `${r.method} ${r.path.replace(`/api/v1/workspaces/${main.id}`, '')}`),
	).toEqual(['GET /posts', `POST /posts/${String(listed[0].id)}/approval`]);
	expect(requests[0].query).toMatchObject({
		'status[]': 'under_review',
		'approval_assigned_to[]': DEMO.users.alex.id,
		per_page: '10',
	});
	expect(requests[1].status).toBe(200);
	expect(bodyOf(requests[1])).toEqual({ action: 'approve', comment: MODEL_APPROVAL_COMMENT });
	expect(String(run.output('AI Agent')[0].json.output)).toContain('Done.');
});
