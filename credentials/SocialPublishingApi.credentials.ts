import type {
	IAuthenticateGeneric,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

export class SocialPublishingApi implements ICredentialType {
	name = 'socialPublishingApi';

	displayName = 'Social Publishing API';

	icon: Icon = {
		light: 'file:../icons/socialPublishing.svg',
		dark: 'file:../icons/socialPublishing.dark.svg',
	};

	documentationUrl =
		'https://github.com/social-publishing/n8n-nodes-social-publishing?tab=readme-ov-file#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. https://social.example.com',
			description:
				'Address of the Social Publishing service, without the /api/v1 part. A trailing slash is fine.',
		},
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
			description:
				'Key generated in the API tab of your account. It is sent in the X-API-Key header on every request.',
		},
	];

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				'X-API-Key': '={{$credentials.apiKey}}',
			},
		},
	};

	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl.replace(/\\/+$/, "")}}',
			url: '/api/v1/me',
			method: 'GET',
		},
		rules: [
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message:
						'The API key was not accepted: it is mistyped, or it was revoked or regenerated. Copy the current key from the API tab of your account.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 403,
					message:
						"The API key is valid but has no API access: check the account's plan and remaining API credits.",
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 404,
					message:
						'No Social Publishing API answered at this Base URL. Enter the address without "/api/v1" (a self-hosted gateway may need its own prefix).',
				},
			},
		],
	};
}
