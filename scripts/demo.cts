// `npm start`: real n8n with this package, a credential and the example workflows, in one command.
//
//   npm start                                   the sandbox API with demo data (offline)
//   npm start -- --real-api URL --api-key KEY   a real deployment (or SOCIAL_PUBLISHING_BASE_URL / _API_KEY)
//   npm start -- --no-build                     skip `n8n-node build` (dist/ is used as it is)
//   npm start -- --fresh                        forget the n8n data of earlier runs (.demo/user)
//
// First run: installs the pinned n8n into .demo/n8n (a few minutes); later runs start in seconds.
// Everything listens on 127.0.0.1. Ctrl-C stops everything this script started.
//
// Node runs this file as it is (type stripping), so it is written with requires. A fresh clone
// has no node_modules yet: the set-up runs first. Then tsx compiles the modules it requires
// (sandbox, runtime), which use imports.
const setup = require('./setup.cts') as {
	ensureDependencies(who: string): void;
	ticker(what: string | (() => string), log: (line: string) => void): () => number;
};
setup.ensureDependencies('demo');
require('tsx/cjs/api').register();
const { spawnSync } = require('node:child_process') as typeof import('node:child_process');
const { existsSync, rmSync, writeFileSync, readFileSync, mkdirSync } =
	require('node:fs') as typeof import('node:fs');
const { join } = require('node:path') as typeof import('node:path');
const runtime = require('./n8n-runtime.cts') as typeof import('./n8n-runtime.cts');
const examples = require('./examples.cts') as typeof import('./examples.cts');
const offline = require('./offline-services.cts') as typeof import('./offline-services.cts');
const sandboxServer = require('../sandbox/server.cts') as typeof import('../sandbox/server.cts');
const { DEMO } = require('../sandbox/demo-data.cts') as typeof import('../sandbox/demo-data.cts');

const PORTS = { n8n: 5678, sandbox: 5680, offline: 5681 };
/** What the printed command asks the sandbox: Maya sends a post to Alex for review. */
const PENDING_POST = {
	action: 'create_pending',
	workspace_id: DEMO.workspaces.main.id,
	created_by_user_id: DEMO.users.maya.id,
	approvers: [DEMO.users.alex.id],
	text: 'Our autumn menu is here',
};
const USER_FOLDER = join(runtime.DEMO_DIR, 'user');

interface Options {
	build: boolean;
	fresh: boolean;
	baseUrl?: string;
	apiKey?: string;
}

function parseOptions(argv: string[]): Options {
	const options: Options = {
		build: true,
		fresh: false,
		baseUrl: process.env.SOCIAL_PUBLISHING_BASE_URL || undefined,
		apiKey: process.env.SOCIAL_PUBLISHING_API_KEY || undefined,
	};
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i];
		if (arg === '--no-build') options.build = false;
		else if (arg === '--fresh') options.fresh = true;
		else if (arg === '--real-api') options.baseUrl = argv[++i];
		else if (arg === '--api-key') options.apiKey = argv[++i];
		else if (arg === '--help' || arg === '-h') {
			// The usage is this file's opening comment.
			const usage = readFileSync(__filename, 'utf8').split('\n').slice(0, 9);
			console.log(usage.map((line) => line.replace(/^\/\/ ?/, '')).join('\n'));
			process.exit(0);
		} else throw new Error(`Unknown option ${arg} (see npm start -- --help)`);
	}
	if (options.baseUrl && !options.apiKey) {
		throw new Error('--real-api needs an API key: --api-key KEY or SOCIAL_PUBLISHING_API_KEY');
	}
	return options;
}

/** What the demo is doing now, which the progress line repeats every 15 s. */
let doing = 'Starting';
const log = (line: string) => {
	console.log(`[demo] ${line}`);
	doing = `Still ${line.replace(/^\w/, (first) => first.toLowerCase()).replace(/\.+$/, '')}`;
};

function build(): void {
	log('Building the package (n8n-node build)...');
	const result = spawnSync('n8n-node', ['build'], { cwd: runtime.ROOT, stdio: 'inherit' });
	if (result.status !== 0) throw new Error('n8n-node build failed');
}

/** Imports the credentials whenever their target changed, and the examples on the first run only. */
async function importContent(
	options: Options,
	apiBase: string,
	services: { feedUrl: string; catcherUrl: string },
) {
	const stateFile = join(USER_FOLDER, 'demo-state.json');
	const state = existsSync(stateFile)
		? (JSON.parse(readFileSync(stateFile, 'utf8')) as Record<string, string>)
		: {};
	const target = options.baseUrl ? `real ${options.baseUrl}` : `sandbox ${apiBase}`;
	if (state.target !== target) {
		log(`Importing the credentials for the ${target}...`);
		const host = options.baseUrl ? new URL(options.baseUrl).host : '';
		// Same ids as the examples use. With a real deployment both get the one key given: a
		// reviewer's approval needs the reviewer's own key, which the user sets in that credential.
		await runtime.importCredentials(
			USER_FOLDER,
			options.baseUrl && options.apiKey
				? [
						runtime.socialPublishingCredential(apiBase, options.apiKey, {
							id: runtime.CREDENTIAL_ID,
							name: `Social Publishing (${host})`,
						}),
						runtime.socialPublishingCredential(apiBase, options.apiKey, {
							id: examples.APPROVER_CREDENTIAL.id,
							name: `Social Publishing (${host}, reviewer: set the reviewer's key)`,
						}),
					]
				: [
						runtime.socialPublishingCredential(apiBase, DEMO.keys.full),
						runtime.socialPublishingCredential(
							apiBase,
							DEMO.keys.workspace,
							examples.APPROVER_CREDENTIAL,
						),
					],
		);
	}
	if (!state.examples) {
		log('Importing the example workflows...');
		await runtime.importWorkflows(
			USER_FOLDER,
			examples.readExamples().map((workflow) => examples.withOfflineStandIns(workflow, services)),
		);
	}
	// Against the sandbox, "Approval notifications" runs: its trigger polls every minute and posts
	// to the catcher. Against a real deployment it stays off, since its workspace is the sandbox's.
	const approvals = options.baseUrl ? 'inactive' : 'active';
	// Imported workflows start inactive.
	if ((state.approvals ?? 'inactive') !== approvals) {
		log(`${options.baseUrl ? 'Deactivating' : 'Activating'} "Approval notifications"...`);
		await runtime.n8nCliOk(USER_FOLDER, [
			options.baseUrl ? 'unpublish:workflow' : 'publish:workflow',
			`--id=${examples.EXAMPLE_IDS.approvals}`,
		]);
	}
	writeFileSync(stateFile, JSON.stringify({ target, examples: 'imported', approvals }));
}

async function main(): Promise<void> {
	const options = parseOptions(process.argv.slice(2));
	const started = Date.now();
	const stops: Array<() => Promise<void>> = [];
	let stopping = false;
	const stopAll = async (code: number) => {
		if (stopping) return;
		stopping = true;
		log('Stopping...');
		for (const stop of stops.reverse()) await stop().catch(() => undefined);
		process.exit(code);
	};
	process.on('SIGINT', () => void stopAll(0));
	process.on('SIGTERM', () => void stopAll(0));

	try {
		if (options.build) build();
		await runtime.ensureN8n(log);
		if (options.fresh) rmSync(USER_FOLDER, { recursive: true, force: true });
		mkdirSync(USER_FOLDER, { recursive: true });
		runtime.linkPackage(USER_FOLDER);

		const services = await offline.startOfflineServices(PORTS.offline);
		stops.push(services.stop);
		let apiBase = options.baseUrl ?? '';
		if (!options.baseUrl) {
			const sandbox = await sandboxServer.startSandbox({ port: PORTS.sandbox });
			stops.push(async () => void (await sandbox.stop()));
			apiBase = sandbox.url;
		}
		// Each n8n command below takes 10 to 30 s on a busy machine.
		const stopProgress = setup.ticker(
			() => doing,
			(line) => console.log(`[demo] ${line}`),
		);
		stops.push(async () => void stopProgress());
		await importContent(options, apiBase, services);

		log('Starting n8n...');
		const n8n = await runtime.startN8n(USER_FOLDER, PORTS.n8n, { inheritOutput: true });
		stops.push(n8n.stop);
		await new runtime.N8nSession(n8n.url).setupOwner();
		stopProgress();

		const seconds = Math.round((Date.now() - started) / 1000);
		console.log(`
  n8n is ready (${seconds} s): ${n8n.url}
  Log in with ${runtime.OWNER.email} / ${runtime.OWNER.password}

  API:        ${options.baseUrl ? `${options.baseUrl} (real deployment)` : `${apiBase} (sandbox with demo data; npm run sandbox shows its keys)`}
  Credential: ${options.baseUrl ? `"Social Publishing (${new URL(options.baseUrl).host})", and a reviewer's credential to give the reviewer's key` : `"${runtime.CREDENTIAL_NAME}", and "${examples.APPROVER_CREDENTIAL.name}" (Maya, the reviewer)`}
  Workflows:  ${examples
		.readExamples()
		.map((workflow) => workflow.name)
		.join(', ')}
  Offline:    RSS feed ${services.feedUrl}; the Slack step posts to ${services.catcherUrl} (see ${services.url}/caught)
${
	options.baseUrl
		? ''
		: `  Approvals:  "Approval notifications" is active: a post that enters review reaches ${services.url}/caught
              within a minute. To send one for review (as Maya would from the web app):
              curl -X POST ${apiBase}/__sandbox/simulate -H 'content-type: application/json' \\
                -d '${JSON.stringify(PENDING_POST)}'
`
}
  Ctrl-C stops n8n${options.baseUrl ? '' : ', the sandbox'} and the offline services.
`);
	} catch (error) {
		console.error(`[demo] ${(error as Error).message}`);
		await stopAll(1);
	}
}

void main();
