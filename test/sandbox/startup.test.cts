// The sandbox as `npm run sandbox` starts it, and as a test starts it with the live rate limit.
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

import {
	EVERY_VARIANT,
	describeProfile,
	parseProfile,
	randomProfile,
} from '../../sandbox/profile.cts';
import { DEMO, useSandboxApi } from './api.cts';

const root = resolve(__dirname, '../..');

/** Stops the CLI and waits until it has exited, so no process or pipe outlives the test. */
async function stopped(child: ChildProcess): Promise<void> {
	if (child.exitCode !== null || child.signalCode !== null) return;
	const exited = new Promise((done) => child.once('exit', done));
	child.kill('SIGTERM');
	await exited;
}

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
			await stopped(child);
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

/** Starts the CLI with `args` and `env`; answers its output once it is up, or its errors on exit. */
async function startCli(args: string[], env: Record<string, string> = {}) {
	const child = spawn(resolve(root, 'scripts/node24'), ['node', 'sandbox/main.cts', ...args], {
		cwd: root,
		env: { ...process.env, ...env },
	});
	try {
		return await new Promise<{ output: string; code: number | null }>((done) => {
			let output = '';
			const take = (chunk: Buffer) => {
				output += chunk.toString();
				if (output.includes('Control surface')) done({ output, code: null });
			};
			child.stdout.on('data', take);
			child.stderr.on('data', take);
			child.once('exit', (code) => done({ output, code }));
		});
	} finally {
		await stopped(child);
	}
}

describe('npm run sandbox with a profile', () => {
	it('takes --profile (names, random:<seed>, key=value) over SANDBOX_PROFILE, and prints it', async () => {
		const fromEnv = await startCli(['--port', '0'], { SANDBOX_PROFILE: 'random:42' });
		expect(fromEnv.output).toContain(`Profile: ${describeProfile(randomProfile(42))}`);
		const fromFlag = await startCli(['--port', '0', '--profile', 'ids=id,errors=error'], {
			SANDBOX_PROFILE: 'every',
		});
		expect(fromFlag.output).toContain(
			`Profile: ${describeProfile(parseProfile('ids=id,errors=error'))}`,
		);
		expect(parseProfile('ids=id,errors=error')).toMatchObject({ ids: 'id', errors: 'error' });
	});

	it('refuses an unknown setting', async () => {
		const { code, output } = await startCli(['--port', '0', '--profile', 'ids=hex']);
		expect(code).toBe(1);
		expect(output).toContain('Profile setting ids takes described, id, numeric, not "hex"');
	});
});

describe('a sandbox started with a profile', () => {
	const api = useSandboxApi({ profile: parseProfile('every') });

	it('answers under it, and a reset returns to it', async () => {
		expect(await api.control.profile()).toEqual(EVERY_VARIANT);
		await api.control.profile({ me: 'described' });
		await api.control.reset();
		expect(await api.control.profile()).toEqual(EVERY_VARIANT);
		expect((await api.get('/api/v1/me')).body.data).toEqual({
			id: DEMO.users.alex.id,
			email: 'alex@demo.social',
			name: 'Alex Demo',
		});
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
