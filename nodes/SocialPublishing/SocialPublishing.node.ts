import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { resourceDescriptions } from './actions';
import { router } from './actions/router';
import { listSearch, loadOptions } from './methods';

export class SocialPublishing implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Social Publishing',
		name: 'socialPublishing',
		icon: {
			light: 'file:../../icons/socialPublishing.svg',
			dark: 'file:../../icons/socialPublishing.dark.svg',
		},
		group: ['output'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			'Create, schedule, approve and manage social media posts, accounts and media with the Social Publishing API',
		defaults: { name: 'Social Publishing' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'socialPublishingApi', required: true }],
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Account', value: 'account' },
					{ name: 'Campaign', value: 'campaign' },
					{ name: 'Comment', value: 'comment' },
					{ name: 'Content Category', value: 'contentCategory' },
					{ name: 'Facebook Text Background', value: 'facebookTextBackground' },
					{ name: 'Label', value: 'label' },
					{ name: 'Media', value: 'media' },
					{ name: 'Post', value: 'post' },
					{ name: 'Team Member', value: 'teamMember' },
					{ name: 'User', value: 'user' },
					{ name: 'Workspace', value: 'workspace' },
				],
				default: 'workspace',
			},
			...resourceDescriptions,
		],
	};

	methods = { listSearch, loadOptions };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
