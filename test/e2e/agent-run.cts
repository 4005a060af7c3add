// The AI agent example as it runs with a model: a local scripted one (the offline services'), for
// the example tests (`n8n execute`) and the queue-mode test (on a worker).
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
