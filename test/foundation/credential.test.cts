// The credential as n8n's "Test" button runs it: its own request, its own generic authentication.
import { DEMO } from '../../sandbox/demo-data.cts';
import { expectNoSecret, testCredential } from '../harness/engine.cts';
import { useSandbox } from '../harness/sandbox.cts';

const sandbox = useSandbox();

describe('Social Publishing API credential', () => {
	test('a good key passes the test, with GET /api/v1/me and the key in X-API-Key', async () => {
		const result = await testCredential(sandbox.credentials('full'));

		expect(result).toEqual({ status: 'OK', message: 'Connection successful!' });
		const requests = await sandbox.control.requests();
		expect(requests).toEqual([
			expect.objectContaining({ method: 'GET', path: '/api/v1/me', key: 'full' }),
		]);
	});

	test('a trailing slash on the base URL is tolerated', async () => {
		const credentials = sandbox.credentials('full');
		const result = await testCredential({ ...credentials, baseUrl: `${credentials.baseUrl}/` });

		expect(result.status).toBe('OK');
		expect((await sandbox.control.requests()).map((r) => r.path)).toEqual(['/api/v1/me']);
	});

	test('a revoked key fails with a message that says to check the key', async () => {
		const credentials = sandbox.credentials('revoked');
		const result = await testCredential(credentials);

		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/API key was not accepted/);
		expect(result.message).toMatch(/revoked or regenerated/);
		expectNoSecret(result, credentials.apiKey);
	});

	test('a mistyped key fails the same way and is not echoed back', async () => {
		const apiKey = 'sp_mistyped_key_0000000000';
		const result = await testCredential({ baseUrl: sandbox.url, apiKey });

		expect(result).toEqual({
			status: 'Error',
			message: expect.stringMatching(/API key was not accepted/),
		});
		expectNoSecret(result, apiKey);
	});

	test('a base URL pasted with /api/v1 or /api is read without it', async () => {
		const credentials = sandbox.credentials('full');
		for (const suffix of ['/api/v1', '/api/v1/', '/api']) {
			expect(await testCredential({ ...credentials, baseUrl: `${sandbox.url}${suffix}` })).toEqual({
				status: 'OK',
				message: 'Connection successful!',
			});
		}
	});

	test('a web page answering 200 where the API should be fails with a message about the base URL', async () => {
		const credentials = sandbox.credentials('full');
		const result = await testCredential({ ...credentials, baseUrl: `${sandbox.url}/app` });

		expect(result).toEqual({
			status: 'Error',
			message:
				'The Base URL answered, but not as the Social Publishing API: the answer has no "status" field (a web page or another service answered). Set the Base URL to the address the API is served from.',
		});
		expectNoSecret(result, credentials.apiKey);
	});

	test('a JSON answer that is not the envelope, or has no user record, fails plainly', async () => {
		const credentials = sandbox.credentials('full');
		await sandbox.control.fault({ path: '/api/v1/me', status: 200, body: { ok: true } });
		expect(await testCredential(credentials)).toEqual({
			status: 'Error',
			message: expect.stringMatching(
				/^The Base URL answered, but not as the Social Publishing API/,
			),
		});
		await sandbox.control.fault({ path: '/api/v1/me', status: 200, body: { status: true } });
		expect(await testCredential(credentials)).toEqual({
			status: 'Error',
			message: expect.stringMatching(/without the user record of GET \/api\/v1\/me/),
		});
		await sandbox.control.fault({ path: '/api/v1/me', status: 200, body: { status: false } });
		expect(await testCredential(credentials)).toEqual({
			status: 'Error',
			message: expect.stringMatching(/refused the request \(status false\)/),
		});
	});

	test('an unreachable service fails with the network error', async () => {
		const result = await testCredential({ baseUrl: 'http://127.0.0.1:9', apiKey: DEMO.keys.full });

		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/ECONNREFUSED/);
	});
});
