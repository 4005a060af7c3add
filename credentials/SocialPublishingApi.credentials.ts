import type {
	IAuthenticateGeneric,
	IAuthenticateRuleResponseCode,
	IAuthenticateRuleResponseSuccessBody,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

/**
 * n8n's credential tester reads each rule by its type: status rules when the request fails, body
 * rules when it succeeds (a body rule fails the test when the answer's value at `key` equals
 * `value`). One list holds both; its declared type allows one kind per list, hence the cast.
 */
const TEST_RULES = [
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
				'No Social Publishing API answered at this Base URL. Enter the address the API is served from (a self-hosted gateway may need its own prefix).',
		},
	},
	{
		type: 'responseSuccessBody',
		properties: {
			key: 'status',
			value: undefined,
			message:
				'The Base URL answered, but not as the Social Publishing API: the answer has no "status" field (a web page or another service answered). Set the Base URL to the address the API is served from.',
		},
	},
	{
		type: 'responseSuccessBody',
		properties: {
			key: 'status',
			value: false,
			message:
				"The Social Publishing API refused the request (status false). Check the API key and the account's API access.",
		},
	},
	{
		type: 'responseSuccessBody',
		properties: {
			key: 'data',
			value: undefined,
			message:
				'The Base URL answered with "status" but without the user record of GET /api/v1/me: it is not the Social Publishing API, or an incompatible version of it.',
		},
	},
] as Array<
	IAuthenticateRuleResponseCode | IAuthenticateRuleResponseSuccessBody
> as IAuthenticateRuleResponseCode[];

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
			// As the nodes read it: without trailing slashes, and without a pasted "/api/v1" or "/api".
			baseURL:
				'={{$credentials.baseUrl.trim().replace(/\\/+$/, "").replace(/\\/api(\\/v1)?$/i, "")}}',
			url: '/api/v1/me',
			method: 'GET',
		},
		rules: TEST_RULES,
	};
}
