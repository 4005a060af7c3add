// The key goes only where the user sent it: no redirect is followed (the other origin, a second
// listener of the sandbox, receives nothing), and plain http:// carries it only to this machine or
// a private network unless the credential allows more. Every kind of request, through the engine.
import type {
	ICredentialDataDecryptedObject,
	IHttpRequestOptions,
	INodeExecutionData,
	INodeParameters,
} from 'n8n-workflow';

import { DEMO } from '../../sandbox/demo-data.cts';
import { binaryItem, expectNoSecret, loadPackage, runNode, runPoll } from '../harness/engine.cts';
import type { BinaryMode, NodeErrorInfo } from '../harness/engine.cts';
import { useSandbox } from '../harness/sandbox.cts';
import { inWorkspace, MAIN_WORKSPACE } from '../library/fixtures.cts';
import { runListSearch } from '../library/list-search.cts';
import { watching } from '../trigger/fixtures.cts';

const sandbox = useSandbox();
const API_KEY = DEMO.keys.full;

const POSTS = `/api/v1/workspaces/${MAIN_WORKSPACE}/posts`;

/** The action node run once with `parameters` (and `items` from n8n's binary `mode`) against `baseUrl`. */
const action =
	(parameters: INodeParameters, items?: INodeExecutionData[], binaryMode?: BinaryMode) =>
	async (baseUrl: string) =>
		await runNode({ parameters, items, binaryMode, credentials: { baseUrl, apiKey: API_KEY } });

const upload = inWorkspace('media', 'upload', { source: 'binary', binaryPropertyName: 'data' });
const picture = [
	binaryItem(
		{},
		{ data: { data: Buffer.from('picture'), fileName: 'a.png', mimeType: 'image/png' } },
	),
];

/**
 * Each kind of request the package makes, run with the credential given; answers the whole run
 * (output items, the trigger's static data, the error), for the key to be looked for in it.
 */
const KINDS: Record<string, (baseUrl: string) => Promise<{ error?: NodeErrorInfo }>> = {
	'a read (Label > Get Many)': action(
		inWorkspace('label', 'getAll', { returnAll: false, limit: 5 }),
	),
	'a write (Post > Create)': action(
		inWorkspace('post', 'create', {
			text: 'Flat white Friday',
			accounts: [DEMO.accounts.facebook],
		}),
	),
	'an upload (Media > Upload, binary in memory)': action(upload, picture, 'memory'),
	"an upload streamed from n8n's filesystem store": action(upload, picture, 'filesystem'),
	'a poll (the trigger)': async (baseUrl) =>
		await runPoll({ parameters: watching(), credentials: { baseUrl, apiKey: API_KEY } }),
	"the editor's list search (Campaign)": async (baseUrl) =>
		await runListSearch({
			method: 'searchCampaigns',
			parameters: inWorkspace('label', 'getAll'),
			credentials: { baseUrl, apiKey: API_KEY },
		}),
};

/** Runs one kind of request; answers its error, having checked the key is nowhere in the run. */
async function errorOf(kind: string, baseUrl: string) {
	const run = await KINDS[kind](baseUrl);
	expectNoSecret(run, API_KEY);
	return run.error;
}

const REDIRECTS = [301, 302, 303, 307, 308];

/** What every request, and the credential test, say to plain http:// at a public `origin`. */
const refused = (origin: string) =>
	`The Base URL ${origin} uses plain http://, which would send the API key unencrypted across the internet. Use https:// in the credential's Base URL, or, only if the network to it is yours, turn on "Allow Unencrypted HTTP" in the credential. More: https://github.com/social-publishing/n8n-nodes-social-publishing#plain-http-refused`;

describe('a redirect is never followed, and the error says where it pointed', () => {
	const cases = Object.keys(KINDS).flatMap((kind) =>
		REDIRECTS.map((status) => [kind, status] as const),
	);

	test.each(cases)('%s answered with %i to another origin', async (kind, status) => {
		await sandbox.control.fault({ path: '/api/v1/*', status, elsewhere: true, times: 20 });
		const elsewhere = await sandbox.control.elsewhere();

		const error = await errorOf(kind, sandbox.url);

		const sent = await sandbox.control.requests();
		expect(sent.map((each) => each.status)).toEqual([status]);
		expect(error?.message).toBe(
			`The service at ${sandbox.url} answered with a redirect to ${elsewhere.url}${sent[0].path} (HTTP ${status})`,
		);
		expect(error?.description).toBe(
			`Redirects are not followed, so the API key was not sent there. If ${elsewhere.url} is the right address, set it as the Base URL in the credential. More: https://github.com/social-publishing/n8n-nodes-social-publishing#a-redirect-was-refused`,
		);
		expect((await sandbox.control.elsewhere()).requests).toEqual([]);
	});

	test('a create met by a redirect is not sent again: nothing was created', async () => {
		await sandbox.control.fault({ path: POSTS, status: 307, elsewhere: true, times: 20 });

		const error = await errorOf('a write (Post > Create)', sandbox.url);

		expect(error?.description).not.toContain('may have been created');
		expect((await sandbox.control.requests()).map((r) => `${r.method} ${r.path}`)).toEqual([
			`POST ${POSTS}`,
		]);
	});

	test('a relative Location is named as the absolute address it means', async () => {
		await sandbox.control.fault({
			path: '/api/v1/*',
			status: 301,
			headers: { Location: '/v2/api/v1/workspaces' },
		});

		const error = await errorOf('a read (Label > Get Many)', sandbox.url);

		expect(error?.message).toBe(
			`The service at ${sandbox.url} answered with a redirect to ${sandbox.url}/v2/api/v1/workspaces (HTTP 301)`,
		);
		expect(error?.description).toContain(
			`If ${sandbox.url}/v2/api/v1/workspaces is the right address`,
		);
	});

	test("the Location's query is left out of the error: it may carry anything, even the key", async () => {
		const { url } = await sandbox.control.elsewhere();
		await sandbox.control.fault({
			path: '/api/v1/*',
			status: 302,
			headers: { Location: `${url}/login?next=/api&key=${API_KEY}#${API_KEY}` },
		});

		const error = await errorOf('a read (Label > Get Many)', sandbox.url);

		expect(error?.message).toBe(
			`The service at ${sandbox.url} answered with a redirect to ${url}/login (HTTP 302)`,
		);
	});
});

describe('plain http:// carries the key only to this machine or a private network', () => {
	const PUBLIC_HTTP = 'http://203.0.113.1:8080';
	test.each(Object.keys(KINDS))(
		'%s to a public http:// address fails before anything is sent',
		async (kind) => {
			const error = await errorOf(kind, PUBLIC_HTTP);

			expect(error?.message).toBe(refused(PUBLIC_HTTP));
		},
	);

	test('a Base URL that is not a web address fails before anything is sent', async () => {
		const error = await errorOf('a read (Label > Get Many)', 'social.example.com');

		expect(error?.message).toBe(
			'The Base URL "social.example.com" is not a web address. Enter it in full, e.g. https://social.example.com.',
		);
	});

	test('loopback http:// works, with the key', async () => {
		expect(await errorOf('a read (Label > Get Many)', sandbox.url)).toBeUndefined();
		expect((await sandbox.control.requests()).map((r) => [r.key, r.status])).toEqual([
			['full', 200],
		]);
	});
});

describe("the credential's rule, as n8n applies it to every request", () => {
	/**
	 * The credential's authenticate as n8n calls it, for a GET of `url` (`uri` in the form of n8n's
	 * older helpers, the HTTP Request node's): the options it sends, or the refusal.
	 */
	async function authenticate(
		url: string,
		credentials: ICredentialDataDecryptedObject,
		field = 'url',
	) {
		const { authenticate: apply } = (await loadPackage()).getCredential('socialPublishingApi').type;
		if (typeof apply !== 'function') throw new Error('The credential has no authenticate function');
		const options = { [field]: url, method: 'GET' } as unknown as IHttpRequestOptions;
		try {
			return await apply({ apiKey: API_KEY, ...credentials }, options);
		} catch (error) {
			return (error as Error).message;
		}
	}
	const sent = (url: string, field = 'url') => ({
		[field]: url,
		method: 'GET',
		disableFollowRedirect: true,
		// What n8n's older helpers read instead.
		followRedirect: false,
		followAllRedirects: false,
		headers: { 'X-API-Key': API_KEY },
	});

	// Whether the key goes without "Allow Unencrypted HTTP": this machine, private networks, https.
	test.each([
		['http://localhost:4010', true],
		['http://127.0.0.1', true],
		['http://127.8.9.10:99', true],
		['http://[::1]:4010', true],
		['http://10.1.2.3', true],
		['http://172.16.0.1', true],
		['http://172.31.255.254', true],
		['http://192.168.1.20:8080', true],
		['http://169.254.10.10', true],
		['http://[fd12:3456::1]', true],
		['http://[fe80::1]', true],
		['http://social-gateway:8080', true],
		['http://host.docker.internal:4010', true],
		['http://gateway.local', true],
		['https://social.example.com', true],
		['https://203.0.113.1', true],
		['http://203.0.113.1', false],
		['http://172.32.0.1', false],
		['http://11.0.0.1', false],
		['http://social.example.com', false],
		['http://10.0.0.1.nip.io', false],
		['http://localhost.example.com', false],
		['http://[2001:db8::1]', false],
		['http://[::100]', false],
	])(
		'%s: the key goes (%s), and never on a redirect; with the toggle on it goes',
		async (baseUrl, goes) => {
			const url = `${baseUrl}/api/v1/me`;
			expect(await authenticate(url, { baseUrl })).toEqual(goes ? sent(url) : refused(baseUrl));
			expect(await authenticate(url, { baseUrl, allowUnencryptedHttp: true })).toEqual(sent(url));
		},
	);

	test("n8n's older helpers (the HTTP Request node's) name the address `uri`: the same rule", async () => {
		const url = 'http://203.0.113.1/api/v1/me';
		expect(await authenticate(url, { baseUrl: 'http://203.0.113.1' }, 'uri')).toBe(
			refused('http://203.0.113.1'),
		);
		expect(await authenticate(url, { baseUrl: 'http://10.0.0.1' }, 'uri')).toBe(
			"The API key is sent only to the Base URL's address, http://10.0.0.1, never to http://203.0.113.1.",
		);
		const local = 'http://10.0.0.1/api/v1/me';
		expect(await authenticate(local, { baseUrl: 'http://10.0.0.1' }, 'uri')).toEqual(
			sent(local, 'uri'),
		);
	});

	test('a request to another origin than the Base URL never gets the key', async () => {
		expect(
			await authenticate('https://media.example.net/photo.jpg', {
				baseUrl: 'https://social.example.com/',
			}),
		).toBe(
			"The API key is sent only to the Base URL's address, https://social.example.com, never to https://media.example.net.",
		);
	});
});
