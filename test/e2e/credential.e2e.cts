// The credential's Test button as n8n runs it: n8n's own credential tester, through its REST
// endpoint, against the sandbox. Every message the credential can show is met here once.
import { DEMO } from '../../sandbox/demo-data.cts';
import {
	CREDENTIAL_ID,
	CREDENTIAL_NAME,
	type N8nSession,
	type RunningN8n,
} from '../../scripts/n8n-runtime.cts';
import { startOfflineServices, type OfflineServices } from '../../scripts/offline-services.cts';
import { useSandbox } from '../harness/sandbox.cts';
import { prepareN8n, SETUP_TIMEOUT, startLoggedIn } from './setup.cts';

const sandbox = useSandbox();
let offline: OfflineServices;
let n8n: RunningN8n;
let session: N8nSession;

beforeAll(async () => {
	offline = await startOfflineServices();
	const { userFolder } = await prepareN8n('e2e-credential', sandbox.url, offline);
	({ n8n, session } = await startLoggedIn(userFolder));
}, SETUP_TIMEOUT);

afterAll(async () => {
	await n8n?.stop();
	await offline?.stop();
});

interface TestResult {
	status: 'OK' | 'Error';
	message: string;
}

/** Presses Test on a credential with this Base URL and API key; answers what the editor shows. */
async function testCredential(baseUrl: string, apiKey: string): Promise<TestResult> {
	const answer = await session.request<{ data: TestResult }>('POST', '/credentials/test', {
		credentials: {
			id: CREDENTIAL_ID,
			name: CREDENTIAL_NAME,
			type: 'socialPublishingApi',
			data: { baseUrl, apiKey },
		},
	});
	expect(answer.status).toBe(200);
	// The key is never shown back, whatever the outcome.
	expect(JSON.stringify(answer.body)).not.toContain(apiKey);
	return answer.body.data;
}

const OK: TestResult = { status: 'OK', message: 'Connection successful!' };
const error = (message: string): TestResult => ({ status: 'Error', message });

const KEY_NOT_ACCEPTED =
	'The API key was not accepted: it is mistyped, or it was revoked or regenerated. Copy the current key from the API tab of your account.';
const NOT_THE_API =
	'The Base URL answered, but not as the Social Publishing API: the answer has no "status" field (a web page or another service answered). Set the Base URL to the address the API is served from.';

const keysSeen = async () =>
	(await sandbox.control.requests()).map(({ method, path, key }) => `${method} ${path} ${key}`);

test('a good key passes, with GET /api/v1/me and the key in X-API-Key', async () => {
	expect(await testCredential(sandbox.url, DEMO.keys.full)).toEqual(OK);
	expect(await keysSeen()).toEqual(['GET /api/v1/me full']);
});

test('a Base URL with a trailing slash, /api/v1 or /api is read without it', async () => {
	for (const suffix of ['/', '/api/v1', '/api/v1/', '/api']) {
		expect(await testCredential(`${sandbox.url}${suffix}`, DEMO.keys.full)).toEqual(OK);
	}
	expect(await keysSeen()).toEqual(Array(4).fill('GET /api/v1/me full'));
});

test('a revoked key and a mistyped key: the message says to copy the current key', async () => {
	expect(await testCredential(sandbox.url, DEMO.keys.revoked)).toEqual(error(KEY_NOT_ACCEPTED));
	expect(await testCredential(sandbox.url, 'sp_mistyped_key_0000000000')).toEqual(
		error(KEY_NOT_ACCEPTED),
	);
	// n8n's tester sends a request that met 401 once more before it reports.
	expect(await keysSeen()).toEqual([
		'GET /api/v1/me revoked',
		'GET /api/v1/me revoked',
		'GET /api/v1/me unknown',
		'GET /api/v1/me unknown',
	]);
});

test('a key without API access: the message points at the plan and the credits', async () => {
	expect(await testCredential(sandbox.url, DEMO.keys.noApi)).toEqual(
		error(
			"The API key is valid but has no API access: check the account's plan and remaining API credits.",
		),
	);
});

test('a Base URL where no API answers (404): the message says which address to enter', async () => {
	await sandbox.control.fault({ path: '/api/v1/me', status: 404 });
	expect(await testCredential(sandbox.url, DEMO.keys.full)).toEqual(
		error(
			'No Social Publishing API answered at this Base URL. Enter the address the API is served from (a self-hosted gateway may need its own prefix).',
		),
	);
});

test('a web page answering 200 where the API should be: the message is about the Base URL', async () => {
	expect(await testCredential(`${sandbox.url}/app`, DEMO.keys.full)).toEqual(error(NOT_THE_API));
});

test('JSON that is not the envelope, has no user record, or says status false: each says so', async () => {
	const answering = async (body: unknown) => {
		await sandbox.control.clearFaults();
		await sandbox.control.fault({ path: '/api/v1/me', status: 200, body });
		return await testCredential(sandbox.url, DEMO.keys.full);
	};
	expect(await answering({ ok: true })).toEqual(error(NOT_THE_API));
	expect(await answering({ status: true })).toEqual(
		error(
			'The Base URL answered with "status" but without the user record of GET /api/v1/me: it is not the Social Publishing API, or an incompatible version of it.',
		),
	);
	expect(await answering({ status: false })).toEqual(
		error(
			"The Social Publishing API refused the request (status false). Check the API key and the account's API access.",
		),
	);
});

test('an unreachable service: the network error', async () => {
	expect(await testCredential('http://127.0.0.1:9', DEMO.keys.full)).toEqual(error('ECONNREFUSED'));
});

test.each([301, 302, 303, 307, 308])(
	'a redirect (%i) to another origin is not followed: the other origin receives nothing',
	async (status) => {
		await sandbox.control.fault({ path: '/api/v1/me', status, elsewhere: true });
		const result = await testCredential(sandbox.url, DEMO.keys.full);
		expect(await keysSeen()).toEqual(['GET /api/v1/me full']);
		expect((await sandbox.control.elsewhere()).requests).toEqual([]);
		expect(result).toEqual(
			error(
				'The Base URL answered with a redirect to another address. Redirects are not followed, so the API key was not sent there. Open the Base URL in a browser to see where it leads, and if that is the right address, set it as the Base URL.',
			),
		);
	},
);

test('plain http:// to a public address is refused before the key is sent', async () => {
	// A documentation address (TEST-NET-3): nothing answers there, and nothing must be sent.
	expect(await testCredential('http://203.0.113.1:8080/api/v1', DEMO.keys.full)).toEqual(
		error(
			'The Base URL http://203.0.113.1:8080 uses plain http://, which would send the API key unencrypted across the internet. Use https:// in the credential\'s Base URL, or, only if the network to it is yours, turn on "Allow Unencrypted HTTP" in the credential. More: https://github.com/social-publishing/n8n-nodes-social-publishing#plain-http-refused',
		),
	);
});
