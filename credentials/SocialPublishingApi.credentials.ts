import type {
	IAuthenticateRuleResponseCode,
	Icon,
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

/**
 * Hosts plain http:// may carry the key to: this machine, and private networks (their addresses,
 * and names no public DNS serves: a container's, `*.local`, `*.internal`).
 */
const PRIVATE_HOSTS = [
	/^([a-z\d-]+|.+\.(localhost|local|internal))$/i,
	/^(127|10|192\.168|169\.254|172\.(1[6-9]|2\d|3[01]))\.[\d.]+$/,
	/^\[(::1\]|f[cd]|fe[89ab])/i,
];

/** The README's Troubleshooting, whose sections refusals and a builder's first errors link to. */
export const TROUBLESHOOTING = 'https://github.com/social-publishing/n8n-nodes-social-publishing#';

/** The name of the error the credential throws when it keeps the key back. */
export const KEY_REFUSED = 'KeyRefused';

/**
 * Why the key may not go with a request to `url`, or undefined when it may: only to the Base URL's
 * origin, and over plain http:// only to a private host unless the credential allows more.
 */
function keyRefusal(credential: ICredentialDataDecryptedObject, url: string, base?: string) {
	const baseUrl = String(credential.baseUrl ?? '').trim();
	if (!URL.canParse(url, base) || !URL.canParse(baseUrl))
		return `The Base URL "${baseUrl}" is not a web address. Enter it in full, e.g. https://social.example.com.`;
	const { origin, protocol, hostname } = new URL(url, base);
	const home = new URL(baseUrl).origin;
	if (origin !== home)
		return `The API key is sent only to the Base URL's address, ${home}, never to ${origin}.`;
	if (protocol !== 'http:' || credential.allowUnencryptedHttp === true) return undefined;
	if (PRIVATE_HOSTS.some((host) => host.test(hostname))) return undefined;
	return `The Base URL ${origin} uses plain http://, which would send the API key unencrypted across the internet. Use https:// in the credential's Base URL, or, only if the network to it is yours, turn on "Allow Unencrypted HTTP" in the credential. More: ${TROUBLESHOOTING}plain-http-refused`;
}

/** A rule n8n's credential tester applies when the request fails with this status. */
const onStatus = (value: number, message: string): IAuthenticateRuleResponseCode => ({
	type: 'responseCode',
	properties: { value, message },
});

/**
 * A rule it applies when the request succeeds: the test fails when the answer's `key` is `value`.
 * Typed as a status rule: the test's declared type allows one kind per list, and ours holds both.
 */
const onBody = (key: string, value: unknown, message: string) =>
	({
		type: 'responseSuccessBody',
		properties: { key, value, message },
	}) as unknown as IAuthenticateRuleResponseCode;

const TEST_RULES = [
	...Object.entries({
		401: 'The API key was not accepted: it is mistyped, or it was revoked or regenerated. Copy the current key from the API tab of your account.',
		403: "The API key is valid but has no API access: check the account's plan and remaining API credits.",
		404: 'No Social Publishing API answered at this Base URL. Enter the address the API is served from (a self-hosted gateway may need its own prefix).',
	}).map(([value, message]) => onStatus(Number(value), message)),
	// n8n's tester shows a fixed text: unlike the nodes' errors, it cannot name the target.
	...[301, 302, 303, 307, 308].map((value) =>
		onStatus(
			value,
			'The Base URL answered with a redirect to another address. Redirects are not followed, so the API key was not sent there. Open the Base URL in a browser to see where it leads, and if that is the right address, set it as the Base URL.',
		),
	),
	onBody(
		'status',
		undefined,
		'The Base URL answered, but not as the Social Publishing API: the answer has no "status" field (a web page or another service answered). Set the Base URL to the address the API is served from.',
	),
	onBody(
		'status',
		false,
		"The Social Publishing API refused the request (status false). Check the API key and the account's API access.",
	),
	onBody(
		'data',
		undefined,
		'The Base URL answered with "status" but without the user record of GET /api/v1/me: it is not the Social Publishing API, or an incompatible version of it.',
	),
];

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
		{
			displayName: 'Allow Unencrypted HTTP',
			name: 'allowUnencryptedHttp',
			type: 'boolean',
			default: false,
			description:
				'Whether to send the API key over plain http:// to a public address, where anyone on the way can read it. Without it, http:// works only for this machine and private networks.',
		},
	];

	/** The one place the key is added. No redirect is followed, as n8n would send the key along. */
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		options: IHttpRequestOptions & { uri?: string },
	): Promise<IHttpRequestOptions> {
		const refusal = keyRefusal(credentials, options.url ?? options.uri ?? '', options.baseURL);
		if (refusal !== undefined) throw Object.assign(new Error(refusal), { name: KEY_REFUSED });
		const headers = { ...options.headers, 'X-API-Key': String(credentials.apiKey ?? '') };
		// `uri` above and these are the forms of n8n's older helpers (the HTTP Request node's).
		const legacy = { followRedirect: false, followAllRedirects: false };
		return { ...options, ...legacy, headers, disableFollowRedirect: true };
	}

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
