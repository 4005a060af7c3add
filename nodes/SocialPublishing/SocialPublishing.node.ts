import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { resourceDescriptions, resourceOptions } from './actions';
import { router } from './actions/router';
import { listSearch, loadOptions } from './methods';

const resource: INodeProperties = {
	displayName: 'Resource',
	name: 'resource',
	type: 'options',
	noDataExpression: true,
	options: resourceOptions,
	default: 'post',
};

export class SocialPublishing implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Social Publishing',
		name: 'socialPublishing',
		icon: {
			light: 'file:../../icons/socialPublishing.svg',
			dark: 'file:../../icons/socialPublishing.dark.svg',
		},
		group: ['output'],
		version: [1, 2],
		defaultVersion: 2,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			'Create, schedule, approve and manage social media posts, accounts and media with the Social Publishing API',
		defaults: { name: 'Social Publishing' },
		usableAsTool: true,
		builderHint: {
			searchHint:
				"Use to create, schedule, list, delete, approve or reject social media posts (Facebook, Instagram, X, LinkedIn, Pinterest, Google Business Profile, YouTube, TikTok, Tumblr, Threads, Bluesky, Telegram) through the Social Publishing API, and to manage its accounts, media library, labels, campaigns and comments. Every post belongs to a workspace: list workspaces and accounts first to get their IDs. Scheduled times are read in the workspace's time zone. For an approval flow, list posts with Post > Get Many filtered by Statuses: Under Review, then Post > Approve or Post > Reject with an approver's credential.",
			relatedNodes: [
				{
					nodeType: 'n8n-nodes-social-publishing.socialPublishingTrigger',
					relationHint:
						'Starts a workflow when a post needs approval, is overdue for approval, is published, fails or is rejected',
				},
				{
					nodeType: 'n8n-nodes-base.slack',
					relationHint: 'Tell approvers about posts awaiting their approval',
				},
			],
		},
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'socialPublishingApi', required: true }],
		properties: [
			// Version 1 opened on Workspace; workflows saved then leave `resource` out and keep meaning it.
			{ ...resource, default: 'workspace', displayOptions: { show: { '@version': [1] } } },
			{ ...resource, displayOptions: { show: { '@version': [2] } } },
			...resourceDescriptions,
		],
	};

	methods = { listSearch, loadOptions };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		if (!this.getNode().type.endsWith('Tool')) return await router.call(this);
		try {
			return await router.call(this);
		} catch (error) {
			// n8n's MCP Server Trigger hands a client `${name}: ${message}`, and n8n-core rewraps any
			// error but a NodeOperationError: named for the service, plain words come first.
			const toolError = new NodeOperationError(this.getNode(), error as Error);
			toolError.name = 'Social Publishing';
			throw toolError;
		}
	}
}
