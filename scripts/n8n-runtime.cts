// A real n8n for the demo (`npm start`) and the end-to-end tests: installed once into .demo/n8n,
// with this package loaded from dist/ exactly as n8n loads an installed community package.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
	cpSync,
	existsSync,
	mkdirSync,
	readdirSync,
	readFileSync,
	renameSync,
	rmSync,
	symlinkSync,
	writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { join, relative, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** The n8n the demo runs and the tests pin. */
export const PINNED_N8N_VERSION = '2.41.1';
/**
 * The n8n the end-to-end tests run in: the pinned one unless N8N_E2E_VERSION names another
 * (`npm run test:n8n1` names the last n8n 1.x).
 */
export const N8N_VERSION = process.env.N8N_E2E_VERSION || PINNED_N8N_VERSION;
const IS_N8N_1 = N8N_VERSION.startsWith('1.');
export const ROOT = resolve(__dirname, '..');
export const DEMO_DIR = join(ROOT, '.demo');
/** Each version has its own install: .demo/n8n for the pinned one, .demo/n8n-<version> for others. */
const RUNTIME_DIR = join(
	DEMO_DIR,
	N8N_VERSION === PINNED_N8N_VERSION ? 'n8n' : `n8n-${N8N_VERSION}`,
);
const N8N_BIN = join(RUNTIME_DIR, 'node_modules', 'n8n', 'bin', 'n8n');
const PACKAGE_NAME = 'n8n-nodes-social-publishing';

/** The demo's login. Local only: n8n listens on 127.0.0.1. */
export const OWNER = {
	email: 'demo@example.com',
	password: 'Demo-passw0rd',
	firstName: 'Demo',
	lastName: 'Owner',
};

/** The id the imported credential gets; the examples reference it. */
export const CREDENTIAL_ID = 'spSandboxCred001';
export const CREDENTIAL_NAME = 'Social Publishing (sandbox)';

export type Log = (line: string) => void;

/** The environment scripts/node24 sets up: Node 24 first on PATH, native builds against its headers. */
function node24Env(): NodeJS.ProcessEnv {
	const version = readFileSync(join(ROOT, '.node-version'), 'utf8').trim();
	const home = join(
		ROOT,
		'.toolchain',
		'node_modules',
		`node-linux-${process.arch === 'arm64' ? 'arm64' : 'x64'}`,
	);
	if (!process.version.startsWith(`v${version}`)) {
		throw new Error(
			`Run this through scripts/node24 (Node ${version}); this is Node ${process.version}`,
		);
	}
	return {
		...process.env,
		PATH: `${join(home, 'bin')}:${process.env.PATH ?? ''}`,
		npm_package_config_node_gyp_nodedir: home,
	};
}

// setup.cts is written with requires (it runs before node_modules exists).
const { ticker } = require('./setup.cts') as {
	ticker(what: string | (() => string), log: Log): () => number;
};

/** Runs a command, saying every 15 s that it is still at work (npm is silent for minutes). */
async function run(command: string, args: string[], cwd: string, log: Log): Promise<void> {
	log(`$ ${command} ${args.join(' ')}`);
	const stop = ticker(`${command} ${args[0]} is still at work`, log);
	const child = spawn(command, args, {
		cwd,
		env: node24Env(),
		stdio: ['ignore', 'inherit', 'inherit'],
		timeout: 15 * 60_000,
	});
	const status = await new Promise<number | string | null>((done) => {
		child.on('error', () => done('error'));
		child.on('close', (code, signal) => done(code ?? signal));
	});
	const seconds = stop();
	if (status !== 0) {
		throw new Error(`${command} ${args.join(' ')} failed (exit ${status}) after ${seconds} s`);
	}
}

/** Loads a module of the n8n under test (its own n8n-core, say), not the project's dev copy. */
export function requireFromN8n(id: string): unknown {
	return createRequire(join(RUNTIME_DIR, 'package.json'))(id);
}

const sqliteIn = (runtime: string) => join(runtime, 'node_modules', 'sqlite3');
const versionOf = (dir: string): unknown => {
	try {
		return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version?: string })
			.version;
	} catch {
		return undefined;
	}
};

/** Where sqlite3 is built on its own, beside n8n's install (buildSqliteAside). */
const SQLITE_ASIDE = join(DEMO_DIR, 'sqlite3-build');

/**
 * sqlite3 builds from source here (about three minutes of a core). Where another n8n under .demo/,
 * or the build made aside, has the same sqlite3 version built under the same Node
 * (scripts/node24), its build is copied instead: n8n 2.41.1 and 1.123.81 both use sqlite3 5.1.7.
 * Answers whether it copied.
 */
function reuseSqliteBuild(log: Log): boolean {
	const wanted = versionOf(sqliteIn(RUNTIME_DIR));
	const built = join('build', 'Release', 'node_sqlite3.node');
	const others = readdirSync(DEMO_DIR).filter((name) => name === 'n8n' || name.startsWith('n8n-'));
	for (const from of [SQLITE_ASIDE, ...others.map((name) => join(DEMO_DIR, name))]) {
		const sqlite = sqliteIn(from);
		if (from === RUNTIME_DIR || !existsSync(join(sqlite, built))) continue;
		if (!existsSync(join(from, '.installed')) || versionOf(sqlite) !== wanted) continue;
		cpSync(join(sqlite, 'build'), join(sqliteIn(RUNTIME_DIR), 'build'), { recursive: true });
		log(`sqlite3 ${String(wanted)}: the build in ${relative(ROOT, from)} copied, not built again`);
		return true;
	}
	return false;
}

/**
 * Builds the sqlite3 this n8n pins (as its package.json on the registry says) in a folder of its
 * own, while n8n's own install downloads: on a fresh machine that install takes about seven minutes
 * and the build three more after it. Quiet on failure: the install then builds it in place.
 */
async function buildSqliteAside(log: Log): Promise<void> {
	const quiet = (line: string) => log(`(sqlite3 aside) ${line}`);
	try {
		const view = await capture('npm', ['view', `n8n@${N8N_VERSION}`, 'dependencies.sqlite3']);
		const version = view.trim();
		if (!/^\d+\.\d+\.\d+$/.test(version)) return;
		const marker = join(SQLITE_ASIDE, '.installed');
		if (existsSync(marker) && versionOf(sqliteIn(SQLITE_ASIDE)) === version) return;
		rmSync(SQLITE_ASIDE, { recursive: true, force: true });
		mkdirSync(SQLITE_ASIDE, { recursive: true });
		writeFileSync(join(SQLITE_ASIDE, 'package.json'), '{"private":true}');
		const npm = ['--no-audit', '--no-fund', '--no-save', '--loglevel=error'];
		await run('npm', ['install', `sqlite3@${version}`, ...npm], SQLITE_ASIDE, quiet);
		writeFileSync(marker, version);
	} catch (error) {
		quiet(`not built (${(error as Error).message.split('\n')[0]}); n8n's install builds it`);
	}
}

/** A command's standard output, or an error when it fails. */
async function capture(command: string, args: string[]): Promise<string> {
	const child = spawn(command, args, { env: node24Env(), stdio: ['ignore', 'pipe', 'ignore'] });
	let out = '';
	child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
	const status = await new Promise<number | null>((done) => child.on('close', done));
	if (status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${status})`);
	return out;
}

/**
 * Installs the pinned n8n into .demo/n8n once. This machine kind has pitfalls, each handled by name:
 * - `linkedom` 0.18.15 (a dependency of n8n's AI nodes) needs `cssomnom`, which the registry here
 *   lacks: an npm override pins linkedom 0.18.12, which uses `cssom`.
 * - n8n 1.x depends on xlsx by a URL on cdn.sheetjs.com, outside the registry: overridden (below).
 * - Native add-ons try to download prebuilt binaries, which fails offline, then build from source.
 *   `@confluentinc/kafka-javascript` (Kafka node only) cannot build here, and one failing install
 *   script makes npm roll back everything. So we install with scripts off, then build only what
 *   n8n needs to run: `sqlite3` (its database), against Node 24's headers (node-gyp's nodedir).
 *   `isolated-vm` ships a linux-x64 prebuild and needs no build.
 */
export async function ensureN8n(log: Log): Promise<void> {
	const marker = join(RUNTIME_DIR, '.installed');
	if (
		existsSync(marker) &&
		readFileSync(marker, 'utf8').trim() === N8N_VERSION &&
		existsSync(N8N_BIN)
	)
		return;
	const started = Date.now();
	log(
		`Installing n8n ${N8N_VERSION} into ${relative(ROOT, RUNTIME_DIR)} (first run only, a few minutes)...`,
	);
	mkdirSync(RUNTIME_DIR, { recursive: true });
	writeFileSync(
		join(RUNTIME_DIR, 'package.json'),
		JSON.stringify(
			{
				name: 'social-publishing-demo-n8n',
				private: true,
				dependencies: { n8n: N8N_VERSION },
				overrides: {
					linkedom: '0.18.12',
					// n8n 1.x takes xlsx from SheetJS's own site, which is not a registry: the last
					// xlsx on the registry stands in (only the spreadsheet nodes use it).
					...(IS_N8N_1 ? { xlsx: '0.18.5' } : {}),
				},
			},
			null,
			2,
		),
	);
	const npm = ['--no-audit', '--no-fund', '--loglevel=error'];
	await Promise.all([
		run('npm', ['install', '--ignore-scripts', ...npm], RUNTIME_DIR, log),
		buildSqliteAside(log),
	]);
	if (!reuseSqliteBuild(log)) await run('npm', ['rebuild', 'sqlite3', ...npm], RUNTIME_DIR, log);
	writeFileSync(marker, N8N_VERSION);
	log(`n8n ${N8N_VERSION} installed in ${Math.round((Date.now() - started) / 1000)} s`);
}

/**
 * Puts the built package where n8n looks for installed community packages
 * (<user folder>/.n8n/nodes/node_modules): the node types then get the same names as in a real
 * install (`n8n-nodes-social-publishing.socialPublishing`), so the examples import anywhere.
 * The folder holds only package.json and a link to dist/, never the repo root: n8n would crawl
 * node_modules and trip over foreign *.node.js files. `asInstalled` copies dist/ instead (below).
 */
export function linkPackage(userFolder: string, { asInstalled = false } = {}): void {
	const target = join(userFolder, '.n8n', 'nodes', 'node_modules', PACKAGE_NAME);
	if (!existsSync(join(ROOT, 'dist', 'nodes'))) {
		throw new Error('dist/ is missing: build the package first (npm run build)');
	}
	rmSync(target, { recursive: true, force: true });
	mkdirSync(target, { recursive: true });
	cpSync(join(ROOT, 'package.json'), join(target, 'package.json'));
	if (!asInstalled) {
		symlinkSync(join(ROOT, 'dist'), join(target, 'dist'), 'dir');
		return;
	}
	// As n8n's installer leaves a package: without its peer dependency n8n-workflow, which it then
	// finds in n8n's own copy. Through the link above it is the repo's copy, a class apart from
	// n8n's: n8n-core's `instanceof NodeOperationError` does not know our errors then.
	cpSync(join(ROOT, 'dist'), join(target, 'dist'), { recursive: true });
	mkdirSync(join(target, 'node_modules'));
	const n8nWorkflow = join(RUNTIME_DIR, 'node_modules', 'n8n-workflow');
	symlinkSync(n8nWorkflow, join(target, 'node_modules', 'n8n-workflow'), 'dir');
}

/**
 * Gives a new user folder a database n8n has already migrated, made once per n8n version by a
 * command that changes nothing (an import of no workflows) and copied from then on. n8n migrates a
 * new database with its first command: about 2.5 s of CPU of the 7.5 s that command took here
 * (2026-11-30), paid by every end-to-end file's first import, and CI runs them beside each other.
 * Call it before linkPackage, which adds to the same folder.
 */
export async function copyMigratedDatabase(userFolder: string): Promise<void> {
	const template = join(DEMO_DIR, `migrated-database-${N8N_VERSION}`);
	if (!existsSync(template)) {
		// Once per process (a file prepares several folders at once), and another line of tests may
		// be making it too: each makes its own aside and renames it into place.
		templateMade ??= makeMigratedDatabase(template).catch((error: unknown) => {
			templateMade = undefined;
			throw error;
		});
		await templateMade;
	}
	cpSync(join(template, '.n8n'), join(userFolder, '.n8n'), { recursive: true });
}

let templateMade: Promise<void> | undefined;

async function makeMigratedDatabase(template: string): Promise<void> {
	const making = `${template}-${process.pid}-${randomUUID()}`;
	mkdirSync(making, { recursive: true });
	const none = join(making, 'none.json');
	writeFileSync(none, '[]');
	await n8nCliOk(making, ['import:workflow', `--input=${none}`]);
	rmSync(none);
	try {
		renameSync(making, template);
	} catch {
		// The other was first: its copy is as good.
		rmSync(making, { recursive: true, force: true });
	}
}

/**
 * The lowest of the ports the system hands out to outgoing connections (Linux: 32768 to 60999
 * unless set otherwise). A port picked there and closed again can be taken by any outgoing connection before
 * n8n, seconds later, binds it: in a CI run with four lines of tests at once, n8n's task broker
 * found its port "already in use".
 */
function lowestEphemeralPort(): number {
	try {
		const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
			.trim()
			.split(/\s+/);
		return Number(low) > 12_000 ? Number(low) : 32_768;
	} catch {
		return 32_768;
	}
}

/** Whether a port on 127.0.0.1 can be listened on now. */
async function isFree(port: number): Promise<boolean> {
	const server = createServer();
	return await new Promise((done) => {
		server.once('error', () => done(false));
		server.listen(port, '127.0.0.1', () => server.close(() => done(true)));
	});
}

/**
 * A port nothing listens on now, for n8n and the task runner broker each n8n process opens: drawn
 * at random from the 12,000 ports below the outgoing connections' range, where only another such
 * draw can take it first.
 */
export async function freePort(): Promise<number> {
	const low = lowestEphemeralPort();
	for (let tries = 0; tries < 100; tries++) {
		const port = low - 12_000 + Math.floor(Math.random() * 12_000);
		if (await isFree(port)) return port;
	}
	throw new Error(`No free port found below ${low} in 100 tries.`);
}

/**
 * Every n8n process (server or CLI command) opens a task runner broker, by default on 5679; each
 * gets its own port so a CLI command can run beside a running n8n.
 */
export function n8nEnv(userFolder: string, port: number, brokerPort: number): NodeJS.ProcessEnv {
	return {
		...node24Env(),
		// Under a test runner NODE_ENV is `test`, with which n8n quits at start.
		NODE_ENV: 'production',
		N8N_USER_FOLDER: userFolder,
		N8N_PORT: String(port),
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_EDITOR_BASE_URL: `http://127.0.0.1:${port}`,
		// Local only; a fixed key keeps imported credentials readable across runs.
		N8N_ENCRYPTION_KEY: 'social-publishing-local-demo',
		N8N_SECURE_COOKIE: 'false',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		// Nothing phones home: this machine has no network besides the registries.
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_DIAGNOSTICS_CONFIG_FRONTEND: '',
		N8N_DIAGNOSTICS_CONFIG_BACKEND: '',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_WHATS_NEW_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		// The catalogue of verified community nodes (api.n8n.io), fetched when the editor opens; this
		// package is loaded as an unverified one, which stays on below.
		N8N_VERIFIED_PACKAGES_ENABLED: 'false',
		N8N_DYNAMIC_BANNERS_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		// Said explicitly, as n8n asks at every start; it is what loads this package from nodes/.
		N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
		EXTERNAL_FRONTEND_HOOKS_URLS: '',
		N8N_LOG_LEVEL: process.env.N8N_LOG_LEVEL ?? 'warn',
		DB_SQLITE_POOL_SIZE: '2',
		N8N_RUNNERS_BROKER_PORT: String(brokerPort),
		N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
		// 2.x refreshes a list of MCP servers from n8n's site every start, failing loudly offline;
		// 1.x has no such module and refuses to start when an unknown one is named.
		...(IS_N8N_1 ? {} : { N8N_DISABLED_MODULES: 'mcp-registry' }),
		GENERIC_TIMEZONE: 'Europe/Berlin',
	};
}

export interface CliResult {
	status: number | null;
	/** The signal that ended the process, when one did. */
	signal: NodeJS.Signals | null;
	stdout: string;
	stderr: string;
}

/** Runs an n8n CLI command (import, execute, publish...) against the user folder. */
export async function n8nCli(
	userFolder: string,
	args: string[],
	timeoutMs = 180_000,
	extraEnv: NodeJS.ProcessEnv = {},
	/** Told the process ID once it runs (a benchmark samples its memory). */
	onStart?: (pid: number) => void,
): Promise<CliResult> {
	const env = { ...n8nEnv(userFolder, await freePort(), await freePort()), ...extraEnv };
	return await new Promise((resolveResult, reject) => {
		const child = spawn(process.execPath, [N8N_BIN, ...args], {
			cwd: RUNTIME_DIR,
			env,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		if (child.pid !== undefined) onStart?.(child.pid);
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
		child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
		const timer = setTimeout(() => {
			child.kill('SIGKILL');
			reject(
				new Error(
					`n8n ${args.join(' ')} did not finish in ${timeoutMs / 1000} s\n${stdout}\n${stderr}`,
				),
			);
		}, timeoutMs);
		child.on('error', reject);
		child.on('close', (status, signal) => {
			clearTimeout(timer);
			resolveResult({ status, signal, stdout, stderr });
		});
	});
}

export async function n8nCliOk(
	userFolder: string,
	args: string[],
	timeoutMs?: number,
	extraEnv: NodeJS.ProcessEnv = {},
): Promise<string> {
	const result = await n8nCli(userFolder, args, timeoutMs, extraEnv);
	if (result.status !== 0) {
		throw new Error(
			`n8n ${args.join(' ')} failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`,
		);
	}
	return result.stdout;
}

export interface CredentialFile {
	id: string;
	name: string;
	type: string;
	data: Record<string, unknown>;
}

/**
 * Writes the file n8n's import:credentials reads (n8n encrypts `data` on import), then removes it.
 * `env` points the CLI at another database (queue mode's PostgreSQL: queueEnv).
 */
export async function importCredentials(
	userFolder: string,
	credentials: CredentialFile[],
	env: NodeJS.ProcessEnv = {},
): Promise<void> {
	const file = join(userFolder, 'credentials.json');
	mkdirSync(userFolder, { recursive: true });
	writeFileSync(file, JSON.stringify(credentials));
	try {
		await n8nCliOk(userFolder, ['import:credentials', `--input=${file}`], undefined, env);
	} finally {
		// The file holds secrets in clear text.
		rmSync(file, { force: true });
	}
}

/** A Social Publishing API credential, by default the one the examples reference. */
export function socialPublishingCredential(
	baseUrl: string,
	apiKey: string,
	credential = { id: CREDENTIAL_ID, name: CREDENTIAL_NAME },
): CredentialFile {
	return { ...credential, type: 'socialPublishingApi', data: { baseUrl, apiKey } };
}

export async function importWorkflows(
	userFolder: string,
	workflows: object[],
	env: NodeJS.ProcessEnv = {},
): Promise<void> {
	const file = join(userFolder, 'workflows.json');
	writeFileSync(file, JSON.stringify(workflows));
	await n8nCliOk(userFolder, ['import:workflow', `--input=${file}`], undefined, env);
}

/**
 * Activates a workflow before n8n starts (n8n activates it as it starts). 2.x publishes the
 * workflow's current version; 1.x has no versions and sets it active.
 */
export async function activateWorkflow(
	userFolder: string,
	id: string,
	env: NodeJS.ProcessEnv = {},
): Promise<void> {
	const args = IS_N8N_1
		? ['update:workflow', `--id=${id}`, '--active=true']
		: ['publish:workflow', `--id=${id}`];
	await n8nCliOk(userFolder, args, undefined, env);
}

export interface RunningProcess {
	/** SIGTERM (or `signal`), then SIGKILL after 10 s; resolves once the process has exited. */
	stop(): Promise<void>;
	output(): string;
	exited(): boolean;
}

/**
 * Starts a long-running process that a test or the demo owns: its output is kept (and echoed when
 * asked), and stop() ends it. `uid`/`gid` run it as another user (PostgreSQL refuses root).
 */
export function startProcess(
	command: string,
	args: string[],
	options: {
		cwd: string;
		env: NodeJS.ProcessEnv;
		inheritOutput?: boolean;
		uid?: number;
		gid?: number;
		signal?: NodeJS.Signals;
		/**
		 * Its own process group, so a terminal's Ctrl-C reaches only our script, which stops it
		 * after the processes that use it (n8n would otherwise lose Redis while shutting down).
		 */
		ownGroup?: boolean;
	},
): RunningProcess {
	let output = '';
	const child = spawn(command, args, {
		cwd: options.cwd,
		env: options.env,
		uid: options.uid,
		gid: options.gid,
		detached: options.ownGroup,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	const collect = (chunk: Buffer) => {
		output += chunk.toString();
		if (options.inheritOutput) process.stderr.write(chunk);
	};
	child.stdout.on('data', collect);
	child.stderr.on('data', collect);
	let exited = false;
	const exit = new Promise<void>((done) => {
		child.on('exit', () => {
			exited = true;
			done();
		});
		child.on('error', (error) => {
			output += `\n${error.message}`;
			exited = true;
			done();
		});
	});
	return {
		output: () => output,
		exited: () => exited,
		async stop() {
			if (exited) return;
			child.kill(options.signal ?? 'SIGTERM');
			const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
			await exit;
			clearTimeout(timer);
		},
	};
}

/**
 * Polls `url` until it answers 2xx with JSON (at most `timeoutMs`); stops the process when it does
 * not. While it starts, n8n answers every path 200 with a plain "n8n is starting up" page.
 */
export async function waitUntilReady(
	name: string,
	process: RunningProcess,
	url: string,
	timeoutMs: number,
): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		if (process.exited()) throw new Error(`${name} exited while starting:\n${process.output()}`);
		try {
			const answer = await fetch(url);
			if (answer.ok && (answer.headers.get('content-type') ?? '').includes('json')) return;
		} catch {
			// Not listening yet.
		}
		await sleep(500);
	}
	await process.stop();
	throw new Error(
		`${name} did not become ready within ${timeoutMs / 1000} s:\n${process.output()}`,
	);
}

export interface RunningN8n {
	url: string;
	stop(): Promise<void>;
	output(): string;
}

export interface StartOptions {
	log?: Log;
	/**
	 * How long n8n may take to start: 4 minutes by default. In a CI run here (2026-11-29) the third
	 * durable set-up's n8n, started beside three other lines, was not ready after 2.
	 */
	timeoutMs?: number;
	inheritOutput?: boolean;
	/** `start` (the main, by default) or `worker` (queue mode). */
	command?: 'start' | 'worker';
	/** Added to the environment, e.g. queue mode's database and Redis (queueEnv). */
	env?: NodeJS.ProcessEnv;
}

/**
 * Starts `n8n start` (or `n8n worker`) and waits until it answers (at most `timeoutMs`). A worker
 * answers on its own health server, on `port`.
 */
export async function startN8n(
	userFolder: string,
	port: number,
	options: StartOptions = {},
): Promise<RunningN8n> {
	const command = options.command ?? 'start';
	const url = `http://127.0.0.1:${port}`;
	// A main is ready once its REST API answers: n8n 1.x passes its readiness check before that.
	const readyUrl = command === 'worker' ? `${url}/healthz/readiness` : `${url}/rest/settings`;
	// The ports picked here (the task broker's, a worker's own) are free when picked, but another
	// process starting at the same moment may draw the same one: then n8n quits saying so, and
	// starts again on others (at most 3 tries).
	for (let tries = 1; ; tries++) {
		const env = { ...n8nEnv(userFolder, port, await freePort()), ...options.env };
		if (command === 'worker') {
			// A worker serves no editor: its own health server answers on `port`.
			Object.assign(env, {
				N8N_PORT: String(await freePort()),
				QUEUE_HEALTH_CHECK_ACTIVE: 'true',
				QUEUE_HEALTH_CHECK_PORT: String(port),
				N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
			});
		}
		const child = startProcess(process.execPath, [N8N_BIN, command], {
			cwd: RUNTIME_DIR,
			env,
			inheritOutput: options.inheritOutput,
		});
		try {
			await waitUntilReady(`n8n ${command}`, child, readyUrl, options.timeoutMs ?? 240_000);
			return { url, stop: child.stop, output: child.output };
		} catch (error) {
			const taken = child.exited() && /port \d+ is already in use/i.test(child.output());
			if (!taken || tries === 3) throw error;
			options.log?.(`n8n ${command}: a port it was given was taken meanwhile; starting again`);
		}
	}
}

/** A logged-in session on n8n's internal REST API, as the editor uses it. */
export class N8nSession {
	private cookie = '';
	constructor(readonly url: string) {}

	/** Creates the owner account on a fresh instance; a no-op when it exists. */
	async setupOwner(): Promise<void> {
		const answer = await fetch(`${this.url}/rest/settings`);
		const text = await answer.text();
		let settings: { data: { userManagement: { showSetupOnFirstLoad?: boolean } } };
		try {
			settings = JSON.parse(text) as typeof settings;
		} catch {
			// Not n8n's answer: say whose it was rather than a bare parse error.
			throw new Error(`n8n's settings are not JSON (${answer.status}): ${text.slice(0, 300)}`);
		}
		if (!settings.data.userManagement.showSetupOnFirstLoad) return;
		const response = await fetch(`${this.url}/rest/owner/setup`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'browser-id': 'social-publishing-demo' },
			body: JSON.stringify(OWNER),
		});
		if (!response.ok)
			throw new Error(`owner setup failed: ${response.status} ${await response.text()}`);
	}

	async login(): Promise<void> {
		const response = await fetch(`${this.url}/rest/login`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'browser-id': 'social-publishing-demo' },
			body: JSON.stringify({ emailOrLdapLoginId: OWNER.email, password: OWNER.password }),
		});
		if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
		this.cookie = (response.headers.get('set-cookie') ?? '').split(';')[0];
	}

	async request<T>(
		method: string,
		path: string,
		body?: unknown,
	): Promise<{ status: number; body: T }> {
		const response = await fetch(`${this.url}/rest${path}`, {
			method,
			headers: {
				'content-type': 'application/json',
				cookie: this.cookie,
				'browser-id': 'social-publishing-demo',
			},
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await response.text();
		let parsed: unknown = text;
		try {
			parsed = JSON.parse(text);
		} catch {
			// Kept as text.
		}
		return { status: response.status, body: parsed as T };
	}
}
