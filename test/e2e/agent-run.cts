// The AI agent example as it runs with a model: a local scripted one (the offline services'), for
// the example tests (`n8n execute`) and the queue-mode test (on a worker).
import { DEMO } from '../../sandbox/demo-data.cts';
import { EXAMPLE_IDS, type Workflow } from '../../scripts/examples.cts';
import type { CredentialFile } from '../../scripts/n8n-runtime.cts';
import type { OfflineServices } from '../../scripts/offline-services.cts';

/** An OpenAI credential whose Base URL is the offline services' scripted chat model. */
export const LOCAL_MODEL_CREDENTIAL = {
	id: 'spE2eLocalModel1',
	name: 'OpenAI (local scripted model)',
};
export const AGENT_RUN_ID = 'spE2eAgentRun001';
export const CHAT_MESSAGE =
	'Announce our latte art workshop on Saturday at 10 on Facebook and Instagram';

/**
 * The AI agent example as it runs once the user adds a model credential: the credential points at
 * the local scripted model, and since `n8n execute` cannot start at a chat trigger, a manual
 * trigger and a Set node hand the agent the chat message instead.
 */
export function agentRunWorkflow(examples: Workflow[]): Workflow {
	const aiExample = examples.find((workflow) => workflow.id === EXAMPLE_IDS.aiAgent) as Workflow;
	const chatTrigger = 'When chat message received';
	const nodes = aiExample.nodes
		.filter((node) => node.name !== chatTrigger)
		.map((node) =>
			node.type === '@n8n/n8n-nodes-langchain.lmChatOpenAi'
				? { ...node, credentials: { openAiApi: LOCAL_MODEL_CREDENTIAL } }
				: node,
		);
	const connections = Object.fromEntries(
		Object.entries(aiExample.connections).filter(([from]) => from !== chatTrigger),
	);
	return {
		...aiExample,
		id: AGENT_RUN_ID,
		name: 'E2E: AI agent example with a local model',
		nodes: [
			{
				id: 'e2e-a1',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [-220, 0],
				parameters: {},
			},
			{
				id: 'e2e-a2',
				name: 'Chat message',
				type: 'n8n-nodes-base.set',
				typeVersion: 3.4,
				position: [0, 0],
				parameters: {
					assignments: {
						assignments: [{ id: 'e2e-a3', name: 'chatInput', value: CHAT_MESSAGE, type: 'string' }],
					},
					options: {},
				},
			},
			...nodes,
		],
		connections: {
			...connections,
			Start: { main: [[{ node: 'Chat message', type: 'main', index: 0 }]] },
			'Chat message': { main: [[{ node: 'AI Agent', type: 'main', index: 0 }]] },
		},
	};
}

/** The OpenAI credential the agent run uses, pointing at the scripted model. */
export function localModelCredential(offline: OfflineServices): CredentialFile {
	return {
		...LOCAL_MODEL_CREDENTIAL,
		type: 'openAiApi',
		data: { apiKey: 'sk-local-scripted', url: offline.modelUrl },
	};
}

/** Alex Demo, whose key the sandbox credential holds, approves several posts under review. */
const ALEX = DEMO.users.alex.id;

export const APPROVAL_AGENT_RUN_ID = 'spE2eAgentAppr01';
export const APPROVAL_MESSAGE = 'Approve the post that is waiting for my approval';

const sandboxCredential = {
	socialPublishingApi: { id: 'spSandboxCred001', name: 'Social Publishing (sandbox)' },
};
const mainWorkspace = { __rl: true, mode: 'id', value: DEMO.workspaces.main.id };

/**
 * An agent that approves posts: it lists the posts awaiting approval (Post > Get Many, Output
 * Simplified, a small record per post) and approves one by the ID it read (Post > Approve, whose
 * post ID and comment the model fills in). Built like the example's run: a manual start and the
 * chat message in a Set node, the model the local scripted one.
 */
export function approvalAgentWorkflow(examples: Workflow[]): Workflow {
	const base = agentRunWorkflow(examples);
	const keep = new Set(['Start', 'Chat message', 'AI Agent', 'OpenAI Chat Model']);
	const nodes = base.nodes
		.filter((node) => keep.has(node.name))
		.map((node) =>
			node.name === 'Chat message'
				? {
						...node,
						parameters: {
							assignments: {
								assignments: [
									{ id: 'e2e-p3', name: 'chatInput', value: APPROVAL_MESSAGE, type: 'string' },
								],
							},
							options: {},
						},
					}
				: node.name === 'AI Agent'
					? {
							...node,
							parameters: {
								options: {
									systemMessage:
										'You help the approvers of Acme Coffee. List the posts awaiting approval, then approve the one the user means with the Approve a post tool.',
								},
							},
						}
					: node,
		);
	const tool = (name: string, x: number, parameters: Record<string, unknown>) => ({
		id: `e2e-${name.replace(/\s+/g, '-').toLowerCase()}`,
		name,
		type: 'n8n-nodes-social-publishing.socialPublishingTool',
		typeVersion: 2,
		position: [x, 240] as [number, number],
		parameters: { workspaceId: mainWorkspace, ...parameters },
		credentials: sandboxCredential,
	});
	const toAgent = { ai_tool: [[{ node: 'AI Agent', type: 'ai_tool', index: 0 }]] };
	return {
		...base,
		id: APPROVAL_AGENT_RUN_ID,
		name: 'E2E: an agent approves a post',
		nodes: [
			...nodes,
			tool('List posts awaiting approval', 340, {
				resource: 'post',
				operation: 'getAll',
				limit: 10,
				// Posts the key's user (Alex in the sandbox) may approve.
				filters: { statuses: ['under_review'], approvalAssignedTo: [ALEX] },
			}),
			tool('Approve a post', 540, {
				resource: 'post',
				operation: 'approve',
				postId:
					"={{ $fromAI('post_id', 'The id of the post to approve, from List posts awaiting approval', 'string') }}",
				comment: "={{ $fromAI('comment', 'A short note for the author of the post', 'string') }}",
			}),
		],
		connections: {
			Start: base.connections.Start,
			'Chat message': base.connections['Chat message'],
			'OpenAI Chat Model': base.connections['OpenAI Chat Model'],
			'List posts awaiting approval': toAgent,
			'Approve a post': toAgent,
		},
	};
}
