// The example workflows of examples/, as the demo and the end-to-end tests import them: with the
// offline stand-ins in place of the outside world (the feed, Slack), everything else unchanged.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { ROOT } from './n8n-runtime.cts';

export interface WorkflowNode {
	id: string;
	name: string;
	type: string;
	typeVersion: number;
	position: [number, number];
	parameters: Record<string, unknown>;
	credentials?: Record<string, { id: string; name: string }>;
	webhookId?: string;
}

export interface Workflow {
	id: string;
	name: string;
	nodes: WorkflowNode[];
	connections: Record<string, unknown>;
	active?: boolean;
	[key: string]: unknown;
}

export const EXAMPLE_IDS = {
	rss: 'spExampleRss0001',
	approvals: 'spExampleAppr001',
	aiAgent: 'spExampleAiAgnt1',
	draftApprovePublish: 'spExampleDraft01',
	escalation: 'spExampleEscl001',
} as const;

/** The reviewer's credential of "Draft → approve → publish": approving takes an approver's key. */
export const APPROVER_CREDENTIAL = {
	id: 'spSandboxCred002',
	name: 'Social Publishing (sandbox, approver)',
};

export function readExamples(): Workflow[] {
	const folder = join(ROOT, 'examples');
	return readdirSync(folder)
		.filter((file) => file.endsWith('.json'))
		.sort()
		.map((file) => JSON.parse(readFileSync(join(folder, file), 'utf8')) as Workflow);
}

export interface OfflineTargets {
	feedUrl: string;
	catcherUrl: string;
}

/**
 * The RSS Read step reads the local feed; a Slack step becomes an HTTP Request with the same name
 * that posts the same channel and text to the local catcher.
 */
export function withOfflineStandIns(workflow: Workflow, targets: OfflineTargets): Workflow {
	const nodes = workflow.nodes.map((node): WorkflowNode => {
		if (node.type === 'n8n-nodes-base.rssFeedRead') {
			return { ...node, parameters: { ...node.parameters, url: targets.feedUrl } };
		}
		if (node.type === 'n8n-nodes-base.slack') {
			const channel = (node.parameters.channelId as { value?: string } | undefined)?.value ?? '';
			return {
				id: node.id,
				name: node.name,
				type: 'n8n-nodes-base.httpRequest',
				typeVersion: 4.2,
				position: node.position,
				parameters: {
					method: 'POST',
					url: targets.catcherUrl,
					sendBody: true,
					bodyParameters: {
						parameters: [
							{ name: 'channel', value: channel },
							{ name: 'text', value: node.parameters.text },
						],
					},
					options: {},
				},
				notes:
					'Stands in for Slack in the offline demo: posts the same channel and text to a local catcher.',
			} as WorkflowNode;
		}
		return node;
	});
	return { ...workflow, nodes };
}
