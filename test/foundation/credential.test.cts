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
		expect(requests).toEqual([expect.objectContaining({ method: 'GET', path: '/api/v1/me', key: 'full' })]);
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

		expect(result).toEqual({ status: 'Error', message: expect.stringMatching(/API key was not accepted/) });
		expectNoSecret(result, apiKey);
	});

	test('a base URL that points past the API fails with a message about the base URL', async () => {
		const credentials = sandbox.credentials('full');
		const result = await testCredential({ ...credentials, baseUrl: `${sandbox.url}/api/v1` });

		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/Base URL/);
		expectNoSecret(result, credentials.apiKey);
	});

	test('an unreachable service fails with the network error', async () => {
		const result = await testCredential({ baseUrl: 'http://127.0.0.1:9', apiKey: DEMO.keys.full });

		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/ECONNREFUSED/);
	});
});
