// One sandbox per test file: started before the file's tests, reset before each test, stopped after.
import { startSandbox } from '../../sandbox/server.cts';
import { SandboxControl } from '../../sandbox/client.cts';
import { DEMO } from '../../sandbox/demo-data.cts';
import { parseProfile } from '../../sandbox/profile.cts';

import type { Credentials } from './engine.cts';

export type KeyName = keyof typeof DEMO.keys;

export interface SandboxHandle {
	readonly url: string;
	readonly control: SandboxControl;
	credentials(keyName?: KeyName): Credentials;
}

export interface UseSandboxOptions {
	rateLimit?: { limit: number; windowSeconds: number } | null;
	/** The sandbox profile's name, for a file that runs under a profile of its own. */
	profile?: string;
}

export function useSandbox(options: UseSandboxOptions = {}): SandboxHandle {
	let server: Awaited<ReturnType<typeof startSandbox>> | undefined;
	let control: SandboxControl | undefined;

	beforeAll(async () => {
		// The test command runs the suites again under another profile (SANDBOX_PROFILE).
		server = await startSandbox({
			port: 0,
			rateLimit: options.rateLimit ?? null,
			profile: parseProfile(options.profile ?? process.env.SANDBOX_PROFILE),
		});
		control = new SandboxControl(server.url);
	});

	beforeEach(async () => {
		await control?.reset();
	});

	afterAll(async () => {
		await server?.stop();
	});

	const started = () => {
		if (!server || !control)
			throw new Error('useSandbox(): the sandbox is only available inside tests');
		return { server, control };
	};

	return {
		get url() {
			return started().server.url;
		},
		get control() {
			return started().control;
		},
		credentials(keyName: KeyName = 'full') {
			return { baseUrl: started().server.url, apiKey: DEMO.keys[keyName] as string };
		},
	};
}
