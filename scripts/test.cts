// `npm test [-- <jest arguments>]`: the set-up when node_modules is missing, the build (tests run
// the built package), then the suites twice: under the sandbox's default profile, then under
// SECOND_PROFILE (sandbox/profile.cts), so the node meets more than one reasonable answer where
// the API description is silent. The sandbox's own tests (test/sandbox/) test its defaults and
// run once. Ends with one `Tests: N passed, N failed` line adding both runs, which .ci/run reads.
//
// Two options of its own, for CI: `--only NAME` runs only that profile's run (.ci/run runs the
// second beside the end-to-end tests, which mostly wait); `--no-build` skips the build (CI builds
// once; a build while end-to-end tests run would change the package under them).
//
// It runs before node_modules exists, so Node 24 runs it as it is (type stripping): requires only.
const { spawnSync } = require('node:child_process') as typeof import('node:child_process');
const { mkdtempSync, readFileSync, rmSync } = require('node:fs') as typeof import('node:fs');
const { tmpdir } = require('node:os') as typeof import('node:os');
const { join } = require('node:path') as typeof import('node:path');

/** The profile of the second run: every variant at once (sandbox/profile.cts). */
const SECOND_PROFILE = 'every';

const ROOT = join(__dirname, '..');

/** Test files that read only the built package and the repository: the same under every profile. */
const STATIC_FILES = [
	'/test/foundation/agent.test.cts',
	'/test/foundation/architecture.test.cts',
	'/test/foundation/changelog.test.cts',
	'/test/foundation/editor.test.cts',
	'/test/foundation/package.test.cts',
	'/test/foundation/promises.test.cts',
	'/test/foundation/words.test.cts',
	'/test/trigger/description.test.cts',
];

/** Our own options, taken out of what is passed to jest. */
function ownOptions(args: string[]): { only?: string; build: boolean; jestArgs: string[] } {
	const at = args.indexOf('--only');
	const only = at === -1 ? undefined : args[at + 1];
	if (at !== -1 && only !== 'default' && only !== SECOND_PROFILE) {
		console.log(`[test] --only takes default or ${SECOND_PROFILE}, not ${String(only)}.`);
		process.exit(2);
	}
	const rest = at === -1 ? args : [...args.slice(0, at), ...args.slice(at + 2)];
	return {
		only,
		build: !rest.includes('--no-build'),
		jestArgs: rest.filter((arg) => arg !== '--no-build'),
	};
}
const { only, build: mustBuild, jestArgs } = ownOptions(process.argv.slice(2));

(require('./setup.cts') as { ensureDependencies(who: string): void }).ensureDependencies('test');

if (mustBuild) {
	const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
	if (build.status !== 0) process.exit(build.status ?? 1);
}

/** Runs jest once; its summary reporter writes `passed failed` to the file TEST_SUMMARY_FILE names. */
function runJest(
	profile: string,
	extraArgs: string[],
): { passed: number; failed: number; ok: boolean } {
	console.log(`\n[test] Sandbox profile: ${profile}`);
	const dir = mkdtempSync(join(tmpdir(), 'social-publishing-test-'));
	const file = join(dir, 'summary');
	try {
		const run = spawnSync('jest', [...extraArgs, ...jestArgs], {
			cwd: ROOT,
			stdio: 'inherit',
			env: { ...process.env, SANDBOX_PROFILE: profile, TEST_SUMMARY_FILE: file },
		});
		let counts: number[] = [];
		try {
			counts = readFileSync(file, 'utf8').trim().split(' ').map(Number);
		} catch {
			console.log(`[test] jest printed no summary under profile ${profile}: it did not finish.`);
			return { passed: 0, failed: 1, ok: false };
		}
		return { passed: counts[0], failed: counts[1], ok: run.status === 0 };
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

// The simulated year, activation over 10,000 posts and forgetting over 4,100 set their services
// themselves, and are long.
// The files that never ask the sandbox anything (the package, its descriptions, the docs' words)
// would only repeat themselves under another profile. The rate-limit cases count requests in the
// sandbox's windows, which a machine busy with real n8n skews (CI runs the second run beside it):
// the default run runs them under both profiles (rate-limit-every.test.cts).
const SECOND_RUN_SKIPS = [
	'--testPathIgnorePatterns',
	'/test/sandbox/',
	...STATIC_FILES,
	'/test/foundation/rate-limit',
	'/test/trigger/year-',
	'/test/trigger/size.test.cts',
	'/test/trigger/activation.test.cts',
	'/test/trigger/forgotten.test.cts',
	'--passWithNoTests',
];
const runs = [
	...(only === SECOND_PROFILE ? [] : [runJest('default', [])]),
	...(only === 'default' ? [] : [runJest(SECOND_PROFILE, SECOND_RUN_SKIPS)]),
];
const passed = runs.reduce((sum, run) => sum + run.passed, 0);
const failed = runs.reduce((sum, run) => sum + run.failed, 0);
console.log(
	`\n[test] ${only ? `The ${only} run` : `Both runs (default, then ${SECOND_PROFILE})`}:`,
);
process.stderr.write(`Tests: ${passed} passed, ${failed} failed\n`);
process.exit(runs.every((run) => run.ok) ? 0 : 1);
