// `npm run setup`: the dependencies as the lockfile pins them (`npm install`), saying every 15 s
// that it is still at work, since npm itself is silent for minutes on a busy machine.
// `npm start` and `npm test` call ensureDependencies() first, so a fresh clone needs no set-up step.
//
// It runs before node_modules exists, so Node 24 runs it as it is (type stripping): requires only.
const { spawn, spawnSync } = require('node:child_process') as typeof import('node:child_process');
const { existsSync, readFileSync } = require('node:fs') as typeof import('node:fs');
const { join } = require('node:path') as typeof import('node:path');

const ROOT = join(__dirname, '..');
const EVERY_MS = 15_000;

/**
 * Logs `what... (N s)` every 15 s until stopped (`what` may change as the work goes on); the stop
 * function returns the seconds taken.
 */
function ticker(what: string | (() => string), log: (line: string) => void): () => number {
	const started = Date.now();
	const seconds = () => Math.round((Date.now() - started) / 1000);
	const say = () => log(`${typeof what === 'string' ? what : what()}... (${seconds()} s)`);
	const timer = setInterval(say, EVERY_MS);
	return () => {
		clearInterval(timer);
		return seconds();
	};
}

/** True when every dev dependency of package.json is in node_modules. */
function dependenciesInstalled(): boolean {
	const { devDependencies = {} } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
		devDependencies?: Record<string, string>;
	};
	return Object.keys(devDependencies).every((name) =>
		existsSync(join(ROOT, 'node_modules', name, 'package.json')),
	);
}

/** Runs the set-up when node_modules is missing or lacks a dev dependency; exits if it fails. */
function ensureDependencies(who: string): void {
	if (dependenciesInstalled()) return;
	console.log(
		`[${who}] node_modules/ is missing or incomplete: running the set-up (npm run setup) first.`,
	);
	const result = spawnSync(process.execPath, [__filename], { cwd: ROOT, stdio: 'inherit' });
	if (result.status !== 0) process.exit(result.status ?? 1);
}

function install(): void {
	console.log(
		'[setup] Installing the dependencies as package-lock.json pins them (npm install)...',
	);
	const stop = ticker('npm install is still at work', (line) => console.log(`[setup] ${line}`));
	const child = spawn('npm', ['install', '--no-audit', '--no-fund'], {
		cwd: ROOT,
		stdio: 'inherit',
	});
	child.on('close', (status) => {
		const seconds = stop();
		if (status === 0) console.log(`[setup] Dependencies installed in ${seconds} s.`);
		else console.error(`[setup] npm install failed (exit ${status}) after ${seconds} s.`);
		process.exit(status ?? 1);
	});
}

if (require.main === module) install();

module.exports = { ensureDependencies, ticker };
