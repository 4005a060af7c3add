// What every end-to-end file starts from: the pinned n8n (installed on first use), a fresh n8n user
// folder with this package linked in, the two sandbox credentials (and the mail catcher's) and the
// chosen workflows.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import type { INodeExecutionData, IRun } from 'n8n-workflow';

import type { LoggedRequest, SandboxControl } from '../../sandbox/client.cts';
import { DEMO } from '../../sandbox/demo-data.cts';
import {
	APPROVER_CREDENTIAL,
	mailCatcherCredential,
	mcpClientCredential,
	readExamples,
	withDemoPicks,
	withOfflineStandIns,
	type Workflow,
} from '../../scripts/examples.cts';
import {
	copyMigratedDatabase,
	DEMO_DIR,
	freePort,
	importCredentials,
	importWorkflows,
	linkPackage,
	N8N_VERSION,
	n8nCli,
	N8nSession,
	PINNED_N8N_VERSION,
	socialPublishingCredential,
	startN8n,
	type CredentialFile,
	type RunningN8n,
	type StartOptions,
} from '../../scripts/n8n-runtime.cts';
import type { OfflineServices } from '../../scripts/offline-services.cts';

/** Long enough for the first run on a fresh machine, which installs n8n. */
export const SETUP_TIMEOUT = 15 * 60_000;

export interface N8nFolder {
	userFolder: string;
	examples: Workflow[];
}

export interface Extras {
	/** Workflows made for a test, built from the examples. */
	workflows?: (examples: Workflow[]) => Workflow[];
	credentials?: CredentialFile[];
	/** The package as n8n's installer leaves it (linkPackage), not linked to the repo's dist/. */
	asInstalled?: boolean;
}

/**
 * Makes `.demo/<name>` from scratch (global-setup.cts has installed n8n): the package, the
 * credentials (writer: the `full` key, reviewer: the `workspace` key, the MCP clients' token) and
 * the examples with offline stand-ins, plus any extra workflows and credentials.
 */
export async function prepareN8n(
	name: string,
	sandboxUrl: string,
	offline: OfflineServices,
	extras: Extras = {},
): Promise<N8nFolder> {
	// Another n8n's tests (test:n8n1) may run beside these: each version has folders of its own.
	const version = N8N_VERSION === PINNED_N8N_VERSION ? '' : `-${N8N_VERSION}`;
	const userFolder = join(DEMO_DIR, `${name}${version}`);
	rmSync(userFolder, { recursive: true, force: true });
	await copyMigratedDatabase(userFolder);
	linkPackage(userFolder, { asInstalled: extras.asInstalled });
	await importCredentials(userFolder, [
		socialPublishingCredential(sandboxUrl, DEMO.keys.full),
		socialPublishingCredential(sandboxUrl, DEMO.keys.workspace, APPROVER_CREDENTIAL),
		mailCatcherCredential(offline.mailPort),
		mcpClientCredential(),
		...(extras.credentials ?? []),
	]);
	const examples = readExamples().map((workflow) =>
		withDemoPicks(withOfflineStandIns(workflow, offline)),
	);
	await importWorkflows(userFolder, [...examples, ...(extras.workflows?.(examples) ?? [])]);
	return { userFolder, examples };
}

/**
 * n8n started from `userFolder` on a free port, with its owner set up and logged in; `options.env`
 * adds to its environment (n8n's opt-in settings, say).
 */
export async function startLoggedIn(
	userFolder: string,
	options: StartOptions = {},
): Promise<{ n8n: RunningN8n; session: N8nSession }> {
	const n8n = await startN8n(userFolder, await freePort(), options);
	const session = new N8nSession(n8n.url);
	try {
		await session.setupOwner();
		await session.login();
	} catch (error) {
		// The caller never gets the process to stop: stopped here, not left running after the tests.
		await n8n.stop();
		throw error;
	}
	return { n8n, session };
}

/**
 * Waits until the trigger node `trigger` of the published workflow `workflowId` has polled once
 * and kept its cursor. n8n activates published workflows only after its REST API answers, and that
 * first poll decides where "new" starts: a test that changes the service before it ends would race
 * it, and what it added might count as already there.
 */
export async function waitForFirstPoll(
	session: N8nSession,
	workflowId: string,
	trigger: string,
): Promise<void> {
	const polled = await waitFor(async () => {
		const { body } = await session.request<{ data?: { staticData?: unknown } }>(
			'GET',
			`/workflows/${workflowId}`,
		);
		const staticData = body.data?.staticData;
		const kept = typeof staticData === 'string' ? (JSON.parse(staticData) as unknown) : staticData;
		return Boolean(kept && typeof kept === 'object' && `node:${trigger}` in kept);
	}, Date.now() + 150_000);
	if (!polled) throw new Error(`"${trigger}" in workflow ${workflowId} never polled`);
}

export interface Execution {
	output(nodeName: string): INodeExecutionData[];
	/** When the node started, in ms since the epoch. */
	startTime(nodeName: string): number;
	error(): string | undefined;
}

/**
 * `n8n execute --id`: at log level info n8n prints the run as indented JSON after a line of '=';
 * log lines may follow it, so the JSON ends at the first line that is a lone `}`.
 */
export async function execute(
	userFolder: string,
	workflowId: string,
	env: NodeJS.ProcessEnv = {},
	onStart?: (pid: number) => void,
): Promise<Execution> {
	const result = await n8nCli(
		userFolder,
		['execute', `--id=${workflowId}`],
		300_000,
		{ ...env, N8N_LOG_LEVEL: 'info' },
		onStart,
	);
	const marker = result.stdout.indexOf('====\n');
	// n8n 1.123.81's CLI was seen to crash (SIGSEGV) on its way out, after printing a whole,
	// successful run (a CI run, 2026-11-29): the run is what counts, and the crash is said.
	const crashedAfter =
		result.signal === 'SIGSEGV' &&
		marker >= 0 &&
		result.stdout.includes('Execution was successful');
	if (crashedAfter) console.warn(`n8n execute ${workflowId}: n8n crashed (SIGSEGV) after the run`);
	if ((result.status !== 0 && !crashedAfter) || marker < 0) {
		throw new Error(
			`n8n execute ${workflowId} failed (${result.status ?? result.signal}):\n${result.stdout}\n${result.stderr}`,
		);
	}
	const start = result.stdout.indexOf('\n{', marker) + 1;
	const end = result.stdout.indexOf('\n}', start) + 2;
	const run = JSON.parse(result.stdout.slice(start, end)) as IRun;
	return {
		output: (nodeName) => run.data.resultData.runData[nodeName]?.[0]?.data?.main?.[0] ?? [],
		startTime: (nodeName) => run.data.resultData.runData[nodeName]?.[0]?.startTime ?? NaN,
		error: () => run.data.resultData.error?.message,
	};
}

/** The sandbox's log of one kind of API call. */
export async function apiCalls(
	control: SandboxControl,
	method: string,
	pathEnd: string,
): Promise<LoggedRequest[]> {
	return (await control.requests()).filter((r) => r.method === method && r.path.endsWith(pathEnd));
}

/** A create-post body as the sandbox logged it. */
export interface PostBody {
	content: { text: string; media?: { media_ids?: string[]; images?: string[] } };
	accounts: string[];
	scheduling: { publish_type: string; scheduled_at?: string };
	approval?: { approvers: string[]; approve_option: string; notes?: string };
}

export function bodyOf<T = PostBody>(request: LoggedRequest): T {
	return request.body as T;
}

/** Waits, at most until `deadline`, for `check` to say true; returns its last answer. */
export async function waitFor(
	check: () => Promise<boolean> | boolean,
	deadline: number,
): Promise<boolean> {
	for (;;) {
		const done = await check();
		if (done || Date.now() > deadline) return done;
		await sleep(500);
	}
}
