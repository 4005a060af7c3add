import type { INodeProperties, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { searchTeamMembers, searchWorkspaces } from '../shared/lists';
import { teamMemberLocator, workspaceLocator } from '../shared/locators';
import { nodeOptions } from '../shared/options';
import { APPROVAL_EVENTS, DEFAULT_EVENT, EVENTS } from './watch/events';
import { pollPosts } from './poll';

/** Any / Me / Chosen Team Members, then the members to choose when "Chosen". */
function peopleFields(
	name: string,
	displayName: string,
	description: string,
	membersName: string,
	membersDisplayName: string,
): INodeProperties[] {
	return [
		{
			displayName,
			name,
			type: 'options',
			default: 'any',
			description,
			options: [
				{ name: 'Any', value: 'any', description: 'No filter' },
				{ name: 'Me', value: 'me', description: 'The user the API key belongs to' },
				{ name: 'Chosen Team Members', value: 'chosen' },
			],
			displayOptions: { show: { event: APPROVAL_EVENTS } },
		},
		{
			displayName: membersDisplayName,
			name: membersName,
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add Team Member',
			default: {},
			displayOptions: { show: { event: APPROVAL_EVENTS, [name]: ['chosen'] } },
			options: [
				{
					displayName: 'Team Member',
					name: 'members',
					values: [
						teamMemberLocator({
							displayName: 'Team Member',
							name: 'member',
							description: 'A member of the workspace',
						}),
					],
				},
			],
		},
	];
}

export class SocialPublishingTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Social Publishing Trigger',
		name: 'socialPublishingTrigger',
		icon: {
			light: 'file:../../icons/socialPublishing.svg',
			dark: 'file:../../icons/socialPublishing.dark.svg',
		},
		group: ['trigger'],
		version: 1,
		// "postPendingApproval" shown as "Post Pending Approval".
		subtitle:
			'={{$parameter["event"].replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase())}}',
		description:
			'Starts the workflow when a post waits for approval, is published, fails or is rejected, or when an approval is overdue, in a Social Publishing workspace',
		defaults: { name: 'Social Publishing Trigger' },
		builderHint: {
			searchHint:
				'Use to start a workflow when a social media post in a Social Publishing workspace is sent for approval, becomes overdue for approval, is published, fails to publish or is rejected. It polls the posts list; the API has no webhooks. Pair Post Pending Approval or Approval Overdue with a chat or e-mail node to notify approvers, and Post Failed with its reconnect links to fix expired accounts.',
			relatedNodes: [
				{
					nodeType: 'n8n-nodes-social-publishing.socialPublishing',
					relationHint: 'Approve, reject or inspect the post the trigger reported',
				},
				{
					nodeType: 'n8n-nodes-base.slack',
					relationHint: 'Send the approvers a message about the post',
				},
			],
		},
		credentials: [{ name: 'socialPublishingApi', required: true }],
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		properties: [
			{
				displayName: 'Event',
				name: 'event',
				type: 'options',
				noDataExpression: true,
				default: DEFAULT_EVENT,
				options: EVENTS.map(({ name, value, description }) => ({ name, value, description })),
			},
			workspaceLocator,
			...peopleFields(
				'approvers',
				'Approvers',
				'Whose approval the post waits for (for rejected posts: who was asked to approve it)',
				'approverMembers',
				'Approver Team Members',
			),
			...peopleFields(
				'requestedBy',
				'Requested By',
				'Who sent the post for approval',
				'requesterMembers',
				'Requester Team Members',
			),
			{
				displayName: 'Lead Time (Minutes)',
				name: 'leadTimeMinutes',
				type: 'number',
				default: 120,
				typeOptions: { minValue: 0 },
				description:
					'How long before its scheduled time a post still under review counts as overdue (120: two hours)',
				displayOptions: { show: { event: ['approvalOverdue'] } },
			},
			nodeOptions(
				{
					displayName: 'Include Existing Posts',
					name: 'includeExisting',
					type: 'boolean',
					default: false,
					description:
						'Whether the first poll after activation (or after the workspace, event or filters change) starts the workflow for the posts already in that state. Off: only posts that reach it afterwards.',
				},
				{
					displayName: 'Add Reconnect Links',
					name: 'reconnectLinks',
					type: 'boolean',
					default: false,
					description:
						'Whether to add, for each inactive account a failed post did not go out on, a reconnect link and a message ready to send to its owner. Costs the accounts list and one request per such account.',
					displayOptions: { show: { '/event': ['postFailed'] } },
				},
				{
					displayName: 'Include Raw Post',
					name: 'includeRawPost',
					type: 'boolean',
					default: false,
					description: 'Whether to add the post exactly as the service returned it, under "post"',
				},
			),
		],
	};

	methods = { listSearch: { searchWorkspaces, searchTeamMembers } };

	poll = pollPosts;
}
