// The sandbox's own test harness: one sandbox per test file, reset before each test, and a
// plain HTTP client that calls the API the way any client would.
import { SandboxControl } from '../../sandbox/client.cts';
import { DEMO } from '../../sandbox/demo-data.cts';
import type { Sandbox, SandboxOptions } from '../../sandbox/server.cts';
import { startSandbox } from '../../sandbox/server.cts';

export { DEMO };

export type KeyName = keyof typeof DEMO.keys;

export interface Answer {
	status: number;
	headers: Headers;
	/** Parsed JSON, or the text when the answer is not JSON. */
	// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read JSON answers field by field
	body: any;
}

export interface CallOptions {
	/** A demo key by name, a raw key value, or null for no key. */
	key?: KeyName | string | null;
	query?: Record<string, string | number | (string | number)[]>;
	json?: unknown;
	form?: FormData;
}

export const MAIN = DEMO.workspaces.main.id;
export const SECOND = DEMO.workspaces.second.id;
export const ws = (path: string, workspaceId: string = MAIN) =>
	`/api/v1/workspaces/${workspaceId}${path}`;

export interface SandboxApi {
	readonly url: string;
	readonly control: SandboxControl;
	call(method: string, path: string, options?: CallOptions): Promise<Answer>;
	get(path: string, options?: CallOptions): Promise<Answer>;
	post(path: string, json?: unknown, options?: CallOptions): Promise<Answer>;
}

export function useSandboxApi(options: SandboxOptions = {}): SandboxApi {
	let sandbox: Sandbox | undefined;
	let control: SandboxControl | undefined;

	beforeAll(async () => {
		sandbox = await startSandbox(options);
		control = new SandboxControl(sandbox.url);
	});
	beforeEach(async () => {
		await control?.reset();
	});
	afterAll(async () => {
		await sandbox?.stop();
	});

	const running = () => {
		if (!sandbox || !control) throw new Error('useSandboxApi(): only inside tests');
		return { sandbox, control };
	};

	async function call(method: string, path: string, options: CallOptions = {}): Promise<Answer> {
		const url = new URL(running().sandbox.url + path);
		for (const [name, value] of Object.entries(options.query ?? {})) {
			for (const each of Array.isArray(value) ? value : [value])
				url.searchParams.append(name, String(each));
		}
		const key = options.key === undefined ? 'full' : options.key;
		const headers: Record<string, string> = {};
		if (key !== null) headers['x-api-key'] = key in DEMO.keys ? DEMO.keys[key as KeyName] : key;
		if (options.json !== undefined) headers['content-type'] = 'application/json';
		const response = await fetch(url, {
			method,
			headers,
			body: options.form ?? (options.json === undefined ? undefined : JSON.stringify(options.json)),
		});
		const text = await response.text();
		let body: unknown = text;
		if ((response.headers.get('content-type') ?? '').includes('application/json'))
			body = JSON.parse(text);
		return { status: response.status, headers: response.headers, body };
	}

	return {
		get url() {
			return running().sandbox.url;
		},
		get control() {
			return running().control;
		},
		call,
		get: (path, options) => call('GET', path, options),
		post: (path, json, options) => call('POST', path, { ...options, json }),
	};
}
