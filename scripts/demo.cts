// `npm start`: real n8n with this package, a credential and the example workflows, in one command.
//
//   npm start                                   the sandbox API with demo data (offline)
//   npm start -- --real-api URL --api-key KEY   a real deployment (or SOCIAL_PUBLISHING_BASE_URL / _API_KEY)
//   npm start -- --no-build                     skip `n8n-node build` (dist/ is used as it is)
//   npm start -- --fresh                        forget the n8n data of earlier runs (.demo/user)
//   npm start -- --queue                        queue mode: a main, one worker, PostgreSQL and Redis
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
const queueServices = require('./queue-services.cts') as typeof import('./queue-services.cts');
const sandboxServer = require('../sandbox/server.cts') as typeof import('../sandbox/server.cts');
const { DEMO } = require('../sandbox/demo-data.cts') as typeof import('../sandbox/demo-data.cts');

const PORTS = { n8n: 5678, sandbox: 5680, offline: 5681, worker: 5682, mail: 5683 };
/** Queue mode keeps its own folders: its database is PostgreSQL, fresh on every run. */
const QUEUE_DEMO_DIR = join(runtime.DEMO_DIR, 'queue-demo');
const FOLDERS: Record<'single' | 'queue', { main: string; worker?: string }> = {
	single: { main: join(runtime.DEMO_DIR, 'user') },
	queue: { main: join(QUEUE_DEMO_DIR, 'main'), worker: join(QUEUE_DEMO_DIR, 'worker') },
};
/** What the printed commands ask the sandbox: a post sent for review by one user to another. */
const pendingPost = (from: { id: string }, to: { id: string }, text: string) => ({
	action: 'create_pending',
	workspace_id: DEMO.workspaces.main.id,
	created_by_user_id: from.id,
	approvers: [to.id],
	text,
});
/** Maya sends a post to Alex: Approval notifications and escalation tell everyone. */
const PENDING_POST = pendingPost(DEMO.users.maya, DEMO.users.alex, 'Our autumn menu is here');
/** Alex sends a post to Maya, whose "Approve from Slack" asks her. */
const PENDING_FOR_MAYA = pendingPost(
	DEMO.users.alex,
	DEMO.users.maya,
	'Pumpkin spice is back on Monday',
);

/** Tomorrow 10:00 on the demo workspace's clock, for the printed MCP call. */
function tomorrowAt10(): string {
	const day = new Date(Date.now() + 24 * 3600_000).toLocaleDateString('sv-SE', {
		timeZone: DEMO.workspaces.main.timezone,
	});
	return `${day} 10:00`;
}

interface Options {
	build: boolean;
	fresh: boolean;
	queue: boolean;
	baseUrl?: string;
	apiKey?: string;
}

function parseOptions(argv: string[]): Options {
	const options: Options = {
		build: true,
		fresh: false,
		queue: false,
		baseUrl: process.env.SOCIAL_PUBLISHING_BASE_URL || undefined,
		apiKey: process.env.SOCIAL_PUBLISHING_API_KEY || undefined,
	};
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i];
		if (arg === '--no-build') options.build = false;
		else if (arg === '--fresh') options.fresh = true;
		else if (arg === '--queue') options.queue = true;
		else if (arg === '--real-api') options.baseUrl = argv[++i];
		else if (arg === '--api-key') options.apiKey = argv[++i];
		else if (arg === '--help' || arg === '-h') {
			// The usage is this file's opening comment.
			const usage = readFileSync(__filename, 'utf8').split('\n').slice(0, 10);
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

/** What demo-state.json remembers of earlier runs in a user folder. */
interface DemoState {
	target?: string;
	/** The examples imported, by id; "imported" in files written before the list. */
	examples?: string[] | 'imported';
	/** The examples activated, by id. */
	active?: string[];
	/** Before `active`: whether the two approval examples were active. */
	approvals?: 'active' | 'inactive';
}

/**
 * Imports the credentials whenever their target changed, the examples this folder lacks (all on
 * the first run), and activates the examples that poll the sandbox.
 */
async function importContent(
	options: Options,
	apiBase: string,
	services: { feedUrl: string; catcherUrl: string; mailPort: number },
	userFolder: string,
	env: NodeJS.ProcessEnv,
) {
	const stateFile = join(userFolder, 'demo-state.json');
	const state = existsSync(stateFile)
		? (JSON.parse(readFileSync(stateFile, 'utf8')) as DemoState)
		: {};
	const ids = examples.EXAMPLE_IDS;
	// What earlier runs did; their state file said "imported" and "active" before it listed ids.
	const imported = Array.isArray(state.examples)
		? state.examples
		: state.examples
			? [ids.rss, ids.approvals, ids.aiAgent, ids.draftApprovePublish, ids.escalation]
			: [];
	const activeBefore =
		state.active ?? (state.approvals === 'active' ? [ids.approvals, ids.escalation] : []);
	const missing = examples.readExamples().filter((workflow) => !imported.includes(workflow.id));
	const target = options.baseUrl ? `real ${options.baseUrl}` : `sandbox ${apiBase}`;
	if (state.target !== target || missing.length > 0) {
		log(`Importing the credentials for the ${target}...`);
		const host = options.baseUrl ? new URL(options.baseUrl).host : '';
		// Same ids as the examples use. With a real deployment both get the one key given: a
		// reviewer's approval needs the reviewer's own key, which the user sets in that credential.
		await runtime.importCredentials(
			userFolder,
			[
				...(options.baseUrl && options.apiKey
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
						]),
				examples.mailCatcherCredential(services.mailPort),
				examples.mcpClientCredential(),
			],
			env,
		);
	}
	// Only the examples this folder does not have yet: the user's changes to the others stay.
	if (missing.length > 0) {
		log(
			`Importing the example workflows: ${missing.map((workflow) => workflow.name).join(', ')}...`,
		);
		await runtime.importWorkflows(
			userFolder,
			missing.map((workflow) =>
				examples.withDemoPicks(examples.withOfflineStandIns(workflow, services), !options.baseUrl),
			),
			env,
		);
	}
	// Against the sandbox the triggered examples run: their triggers poll every minute and post to
	// the catcher, and the assistant's MCP endpoint listens. Against a real deployment they stay off
	// until the user has chosen a workspace in them. Imported workflows start inactive.
	const active: string[] = options.baseUrl
		? []
		: [ids.approvals, ids.escalation, ids.approveFromSlack, ids.assistant];
	for (const id of activeBefore.filter((each) => !active.includes(each))) {
		log(`Deactivating ${id}...`);
		await runtime.n8nCliOk(userFolder, ['unpublish:workflow', `--id=${id}`], undefined, env);
	}
	for (const id of active.filter((each) => !activeBefore.includes(each))) {
		log(`Activating ${id}...`);
		await runtime.activateWorkflow(userFolder, id, env);
	}
	const next: DemoState = {
		target,
		examples: [...imported, ...missing.map((workflow) => workflow.id)],
		active,
	};
	writeFileSync(stateFile, JSON.stringify(next));
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
		const folders = options.queue ? FOLDERS.queue : FOLDERS.single;
		let env: NodeJS.ProcessEnv = {};
		if (options.queue) {
			const queue = await queueServices.startQueueServices(log, QUEUE_DEMO_DIR);
			stops.push(queue.stop);
			env = queue.env;
		}
		// A fresh PostgreSQL knows nothing of earlier runs: the folders start over with it.
		if (options.fresh || options.queue) rmSync(folders.main, { recursive: true, force: true });
		// The package goes on the main and on the worker, as on separate machines, as n8n's installer
		// leaves it: an MCP client then reads our errors as a real install shows them.
		for (const folder of [folders.main, folders.worker ?? []].flat()) {
			mkdirSync(folder, { recursive: true });
			runtime.linkPackage(folder, { asInstalled: true });
		}

		const services = await offline.startOfflineServices(PORTS.offline, PORTS.mail);
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
		await importContent(options, apiBase, services, folders.main, env);

		log(options.queue ? 'Starting the n8n main and one worker (queue mode)...' : 'Starting n8n...');
		const n8n = await runtime.startN8n(folders.main, PORTS.n8n, { inheritOutput: true, env });
		stops.push(n8n.stop);
		if (folders.worker) {
			const worker = await runtime.startN8n(folders.worker, PORTS.worker, {
				command: 'worker',
				inheritOutput: true,
				env,
			});
			stops.push(worker.stop);
		}
		await new runtime.N8nSession(n8n.url).setupOwner();
		stopProgress();

		const seconds = Math.round((Date.now() - started) / 1000);
		const queueNote = options.queue
			? `  Queue mode: this main runs the trigger's polls, one worker (http://127.0.0.1:${PORTS.worker}/healthz)
  runs the executions; PostgreSQL and Redis keep their data in .demo/queue-demo/, empty on every run.

`
			: '';
		console.log(`
  n8n is ready (${seconds} s): ${n8n.url}
  Log in with ${runtime.OWNER.email} / ${runtime.OWNER.password}

  API:        ${options.baseUrl ? `${options.baseUrl} (real deployment)` : `${apiBase} (sandbox with demo data; npm run sandbox shows its keys)`}
  Credential: ${options.baseUrl ? `"Social Publishing (${new URL(options.baseUrl).host})", and a reviewer's credential to give the reviewer's key` : `"${runtime.CREDENTIAL_NAME}", and "${examples.APPROVER_CREDENTIAL.name}" (Maya, the reviewer)`}
  Workflows:  ${examples
		.readExamples()
		.map((workflow) => workflow.name)
		.join(', ')}
  Offline:    RSS feed ${services.feedUrl}; the Slack steps post to ${services.catcherUrl}, Slack's
              Send and Wait goes by e-mail to 127.0.0.1:${services.mailPort}: both are listed on ${services.url}/

${
	options.baseUrl
		? ''
		: `  Approvals:  "Approval notifications" and "Approval escalation" are active: a post that enters
              review reaches ${services.url}/caught within a minute, and again when its time
              comes within two hours. To send one for review (as Maya would from the web app):
              curl -X POST ${apiBase}/__sandbox/simulate -H 'content-type: application/json' \\
                -d '${JSON.stringify(PENDING_POST)}'
  Approve:    "Approve from Slack" is active for Maya. To send her a post for review (as Alex would):
              curl -X POST ${apiBase}/__sandbox/simulate -H 'content-type: application/json' \\
                -d '${JSON.stringify(PENDING_FOR_MAYA)}'
              Within a minute her message (by e-mail here, in place of Slack) is on
              ${services.url}/ : click Approve, or Reject and give a reason.
  Assistant:  "Posts from your assistant" is an MCP server for any MCP client (docs/assistants.md):
              URL ${n8n.url}${examples.MCP_PATH}, header Authorization: Bearer ${examples.MCP_DEMO_TOKEN}
              Try it with the MCP SDK's client (lists the tools and the accounts; a post it creates
              waits for Maya's approval):
              scripts/node24 tsx scripts/mcp-client.cts
              scripts/node24 tsx scripts/mcp-client.cts Create_a_post_for_review \\
                '{"text": "Hello from my assistant", "account_ids": "${DEMO.accounts.facebook}", "scheduled_at": "${tomorrowAt10()}"}'
`
}
${queueNote}  Ctrl-C stops n8n${options.queue ? ', PostgreSQL, Redis' : ''}${options.baseUrl ? '' : ', the sandbox'} and the offline services.
`);
	} catch (error) {
		console.error(`[demo] ${(error as Error).message}`);
		await stopAll(1);
	}
}

void main();
