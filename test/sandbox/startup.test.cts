// The sandbox as `npm run sandbox` starts it, and as a test starts it with the live rate limit.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

import { DEMO, useSandboxApi } from './api.cts';

const root = resolve(__dirname, '../..');

describe('npm run sandbox', () => {
	it('starts, answers, and prints its URL, the base URL to use and the demo keys', async () => {
		const child = spawn(
			resolve(root, 'scripts/node24'),
			['node', 'sandbox/main.cts', '--port', '0', '--rate-limit', '100/60'],
			{ cwd: root },
		);
		try {
			const output = await new Promise<string>((done, failed) => {
				let text = '';
				child.stdout.on('data', (chunk: Buffer) => {
					text += chunk.toString();
					if (text.includes('Control surface')) done(text);
				});
				child.once('exit', (code) => failed(new Error(`exited with ${code}: ${text}`)));
			});
			const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
			const me = await fetch(`${url}/api/v1/me`, { headers: { 'x-api-key': DEMO.keys.full } });
			expect(me.status).toBe(200);
			expect(me.headers.get('x-ratelimit-limit')).toBe('100');
			expect(output).toContain(`Base URL = ${url}`);
			for (const key of Object.values(DEMO.keys)) expect(output).toContain(key);
		} finally {
			child.kill('SIGTERM');
		}
	});

	it('refuses a malformed rate limit', async () => {
		const child = spawn(
			resolve(root, 'scripts/node24'),
			['node', 'sandbox/main.cts', '--port', '0', '--rate-limit', 'lots'],
			{ cwd: root },
		);
		let errors = '';
		child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
		const code = await new Promise((done) => child.once('exit', done));
		expect(code).toBe(1);
		expect(errors).toContain('--rate-limit');
	});
});

describe('a sandbox started with a rate limit', () => {
	const api = useSandboxApi({ rateLimit: { limit: 100, windowSeconds: 60 } });

	it('keeps it across resets unless told otherwise', async () => {
		expect((await api.get('/api/v1/me')).headers.get('x-ratelimit-limit')).toBe('100');
		await api.control.reset();
		expect((await api.get('/api/v1/me')).headers.get('x-ratelimit-remaining')).toBe('99');
		await api.control.reset({ rateLimit: null });
		expect((await api.get('/api/v1/me')).headers.get('x-ratelimit-limit')).toBeNull();
	});
});
