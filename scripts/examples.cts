// The example workflows of examples/, as the demo and the end-to-end tests import them: with the
// offline stand-ins in place of the outside world (the feed, Slack), and with the choices a person
// makes on import (credential, workspace, accounts, approvers) made for the demo's world.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { DEMO } from '../sandbox/demo-data.cts';
import { CREDENTIAL_ID, CREDENTIAL_NAME, ROOT, type CredentialFile } from './n8n-runtime.cts';

export interface WorkflowNode {
	id: string;
	name: string;
	type: string;
	typeVersion: number;
	position: [number, number];
	parameters: Record<string, unknown>;
	credentials?: Record<string, { id: string; name: string }>;
	webhookId?: string;
	disabled?: boolean;
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
	approveFromSlack: 'spExampleSlack01',
	assistant: 'spExampleMcp0001',
} as const;

/** The reviewer's credential of "Draft → approve → publish": approving takes an approver's key. */
export const APPROVER_CREDENTIAL = {
	id: 'spSandboxCred002',
	name: 'Social Publishing (sandbox, approver)',
};

/** The SMTP credential of the offline stand-in for Slack's Send and Wait: the local mail catcher. */
export const MAIL_CATCHER_CREDENTIAL = {
	id: 'spLocalMailCatch',
	name: 'Local mail catcher (demo)',
};

/**
 * The Bearer Auth credential of "Posts from your assistant": the token MCP clients send. A local
 * demo token; a builder sets their own.
 */
export const MCP_CLIENT_CREDENTIAL = { id: 'spMcpClientTok01', name: 'MCP clients (demo token)' };
export const MCP_DEMO_TOKEN = 'demo-mcp-token-4f2a9c';
/** Where "Posts from your assistant" listens, below n8n's URL. */
export const MCP_PATH = '/mcp/social-publishing';

export function mcpClientCredential(): CredentialFile {
	return { ...MCP_CLIENT_CREDENTIAL, type: 'httpBearerAuth', data: { token: MCP_DEMO_TOKEN } };
}

export function mailCatcherCredential(port: number): CredentialFile {
	return {
		...MAIL_CATCHER_CREDENTIAL,
		type: 'smtp',
		data: { host: '127.0.0.1', port, secure: false, disableStartTls: true, user: '', password: '' },
	};
}

export function readExamples(): Workflow[] {
	const folder = join(ROOT, 'examples');
	return readdirSync(folder)
		.filter((file) => file.endsWith('.json'))
		.sort()
		.map((file) => JSON.parse(readFileSync(join(folder, file), 'utf8')) as Workflow);
}

/** The steps that act as the reviewer: approving takes an approver's own key. */
const REVIEWER_STEPS = [
	'Post waits for my approval',
	'Approve the post',
	'Reject the post',
	'Approve as the reviewer',
];

/** What a person picks from the lists in each step, as the demo picks it. */
const DEMO_PICKS: Record<string, Record<string, unknown>> = {
	'Schedule the post': {
		accounts: [DEMO.accounts.facebook, DEMO.accounts.linkedin, DEMO.accounts.twitter],
	},
	'Create the post for review': { accounts: [DEMO.accounts.facebook, DEMO.accounts.instagram] },
	'Comment on the post': { mentionedUsers: [DEMO.users.maya.id] },
	'Posts sent to your approvers': { filters: { approvalAssignedTo: [DEMO.users.maya.id] } },
};

/**
 * The examples leave to the importer what only they can choose: the credential, and the workspace,
 * accounts and approvers from their lists. The demo chooses its credentials (writer, reviewer, the
 * MCP clients' demo token), and against the sandbox its workspace, accounts and Maya as the approver.
 */
export function withDemoPicks(workflow: Workflow, sandbox = true): Workflow {
	const nodes = workflow.nodes.map((node): WorkflowNode => {
		if (node.type === '@n8n/n8n-nodes-langchain.mcpTrigger')
			return { ...node, credentials: { httpBearerAuth: MCP_CLIENT_CREDENTIAL } };
		if (!node.type.startsWith('n8n-nodes-social-publishing.')) return node;
		const credential = REVIEWER_STEPS.includes(node.name)
			? APPROVER_CREDENTIAL
			: { id: CREDENTIAL_ID, name: CREDENTIAL_NAME };
		const credentials = { socialPublishingApi: credential };
		if (!sandbox) return { ...node, credentials };
		const parameters = { ...node.parameters, ...DEMO_PICKS[node.name] };
		const workspace = parameters.workspaceId as { mode?: string; value?: string } | undefined;
		if (workspace?.mode === 'list' && !workspace.value) {
			const { id, name } = DEMO.workspaces.main;
			parameters.workspaceId = { __rl: true, mode: 'list', value: id, cachedResultName: name };
		}
		const fields = parameters.additionalFields as { approval?: { values: object } } | undefined;
		if (fields?.approval) {
			const values = { ...fields.approval.values, approvers: [DEMO.users.maya.id] };
			parameters.additionalFields = { ...fields, approval: { values } };
		}
		return { ...node, parameters, credentials };
	});
	return { ...workflow, nodes };
}

export interface OfflineTargets {
	feedUrl: string;
	catcherUrl: string;
}

/**
 * The RSS Read step reads the local feed; a Slack step becomes an HTTP Request with the same name
 * that posts the same channel (or user) and text to the local catcher. A Slack Send and Wait step
 * becomes n8n's Send and Wait by e-mail, to the local mail catcher: the same question, buttons and
 * answer, through the same wait-and-resume of n8n.
 */
export function withOfflineStandIns(workflow: Workflow, targets: OfflineTargets): Workflow {
	const nodes = workflow.nodes.map((node): WorkflowNode => {
		if (node.type === 'n8n-nodes-base.rssFeedRead') {
			return { ...node, parameters: { ...node.parameters, url: targets.feedUrl } };
		}
		if (node.type === 'n8n-nodes-base.slack' && node.parameters.operation === 'sendAndWait') {
			const { select, user, channelId, operation, ...question } = node.parameters;
			const to = String(
				((select === 'channel' ? channelId : user) as { value?: string } | undefined)?.value ?? '',
			);
			return {
				...node,
				type: 'n8n-nodes-base.emailSend',
				typeVersion: 2.1,
				parameters: {
					...question,
					operation,
					fromEmail: 'n8n <n8n@localhost>',
					toEmail: `${to.replace(/^[@#]/, '')}@slack.localhost`,
					subject: `Slack message to ${to}`,
				},
				credentials: { smtp: MAIL_CATCHER_CREDENTIAL },
				notes:
					'Stands in for Slack in the offline demo: sends the same question by e-mail to a local mail catcher.',
			} as WorkflowNode;
		}
		if (node.type === 'n8n-nodes-base.slack') {
			const target = (
				node.parameters.select === 'user' ? node.parameters.user : node.parameters.channelId
			) as { value?: string } | undefined;
			const channel = target?.value ?? '';
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
