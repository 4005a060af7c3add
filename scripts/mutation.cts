// `npm run test:mutation [-- <file, file:lines or folder under nodes/> ...]`: StrykerJS mutates
// the code that decides, one folder at a time, and runs the tests that claim to cover it against
// each mutant.
// The tests run the built package, so Stryker builds its instrumented copy with the project's own
// build (`n8n-node build`); they run on the real engine and sandbox, as `npm test` runs them.
// Without arguments: every folder of FOLDERS, in turn (hours: see docs/development.md).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..');

/**
 * The code that decides, by folder, and the tests each runs under mutation: those that exercise
 * it, not the simulated year or the soaks, which would take hours a folder and add no kill.
 */
const FOLDERS: Record<string, string[]> = {
	'nodes/SocialPublishingTrigger/read': [
		'trigger/grown',
		'trigger/events',
		'trigger/late',
		'trigger/review',
		'trigger/pending',
		'trigger/state',
		// A poll's budget, and a reading over several polls (budget.ts, onward.ts). Not
		// `trigger/slow-service`: its polls wait out real seconds, and as it covers nearly every line
		// of `readPosts`, each mutant there would wait them all (pages.ts: over 4 hours). It kills
		// the time checks' mutants, run by hand (docs/development.md).
		'trigger/budget',
		'trigger/activation',
		// What the service's dates tell (changes.ts): the day asked and the answer trusted, east of UTC.
		'trigger/dates',
		// More changes since the day than a poll may read: the pages each poll reads (changes.ts).
		'trigger/changes-budget',
		// Lists without a total, or whose total never adds up, and a post listed twice (pages.ts).
		'trigger/odd-lists',
		// A member that left told from one a reading left out (changes.ts, readWhole), and the
		// readings again a large list allows.
		'trigger/entries',
		'trigger/forgotten',
	],
	'nodes/SocialPublishingTrigger/remember': [
		// The cursor's marks (how to read what changed) show in what a poll costs at size, and when a
		// post comes due (Approval Overdue).
		'trigger/grown',
		'trigger/overdue',
		'trigger/events',
		'trigger/rounds',
		'trigger/state',
		'trigger/entries',
		'trigger/review',
		// A post forgotten after 32 readings that left it out (a list never read whole).
		'trigger/forgotten',
		// The marks of a reading over several polls, and the members it ends with.
		'trigger/budget',
		// The marks `dateFilter`, `stamps` and `turn` show in what an idle poll costs over a year.
		'trigger/history',
		// The newest stamp, which sets the day the changes are asked from, never moving back.
		'trigger/dates',
	],
	'nodes/SocialPublishingTrigger/watch': [
		'trigger/events',
		'trigger/activation',
		'trigger/overdue',
		// When a post is due: its wall-clock time in its own zone, with and without an offset.
		'trigger/overdue-clock',
		'trigger/failed',
		// The events' names and descriptions in the dropdown, and which show the people filters.
		'trigger/description',
		// Which events count review rounds (the events' `tracksRounds`).
		'trigger/rounds',
	],
	'nodes/shared/transport': [
		'foundation/transport',
		'foundation/parallel',
		'foundation/rate-limit',
		'foundation/answers',
		'foundation/answer-headers',
		'foundation/answer-bodies',
		'foundation/key',
		// A partial delete's 207 read as data (answer.ts's `dataStatuses`).
		'post/delete',
		// The service's clock (the Date header) handed on with the answer.
		'trigger/overdue-clock',
	],
	'nodes/SocialPublishing/fields': [
		'fields/fields',
		'fields/values',
		'post/create',
		'post/limits',
		// A media entry that is a URL, and one that is not http(s) (fields/checks.ts's URL check).
		'media/media',
		// What an expression may hand a field beyond the table's cases (fields/field.ts).
		'fields/expressions',
		// A list the API takes joined (the accounts' `platform=a,b`).
		'account/account',
	],
	'nodes/SocialPublishing/actions/router.ts': [
		'post/batch',
		'post/batch-errors',
		'exactly-once/retry',
		// The ID a done item is named by: an added account's, a connection's session.
		'exactly-once/accounts',
		'account/account',
	],
	'nodes/SocialPublishing/actions/journal.ts': ['exactly-once/retry'],
	'nodes/shared/api/exactlyOnce.ts': [
		'exactly-once/exactly-once',
		'exactly-once/retry',
		'exactly-once/lookup-cost',
		// "Made since the attempt" by the service's clock, 10 minutes off n8n's (sinceBy).
		'exactly-once/clock',
		// A lookup that cannot read its list; an account's 409 DUPLICATE_ACCOUNT.
		'exactly-once/unknown',
		'exactly-once/accounts',
	],
	'nodes/SocialPublishing/helpers/recovery.ts': [
		'exactly-once/exactly-once',
		'exactly-once/retry',
		// Crashed retries whose lists span several pages: shared readings, pages that do not add up.
		'exactly-once/retry-lists',
		'exactly-once/lookup-cost',
		// "Made since the attempt" by the service's clock, a lookup whose list is refused, and the
		// accounts' lookup (by name, or the only one connected since).
		'exactly-once/clock',
		'exactly-once/unknown',
		'exactly-once/accounts',
		// What each lookup matches on: a record like the one sent, made just before, passed by.
		'exactly-once/lookalikes',
	],
};

/** The tests for a file or folder: its own row, else the row of the folder that holds it. */
function testsFor(target: string): string[] {
	// A file's lines (`recovery.ts:1-132`) run the tests of the file.
	const path = target.replace(/:\d+-\d+$/, '');
	const row = Object.keys(FOLDERS)
		.filter((key) => path === key || path.startsWith(`${key}/`) || key.startsWith(`${path}/`))
		.flatMap((key) => FOLDERS[key]);
	if (row.length === 0)
		throw new Error(
			`No tests are set for ${target} under mutation: add a row to FOLDERS in scripts/mutation.cts`,
		);
	return [...new Set(row)];
}

function mutate(target: string): number {
	const tests = testsFor(target);
	const dir = mkdtempSync(join(tmpdir(), 'social-publishing-mutation-'));
	const jestConfig = join(dir, 'jest.config.js');
	// The package is loaded before each file's first test: Stryker counts code run outside any test
	// (the events' table, the limits: what a module sets when it loads) as static, and runs its
	// mutants against every test. Loaded inside a file's first test, that code was credited to that
	// test alone, and its mutants survived that one test (most of watch/events.ts's 42 survivors on
	// 2026-11-29).
	const loadFirst = join(dir, 'load-first.js');
	writeFileSync(
		loadFirst,
		`const { join } = require('node:path');
const { loadPackage } = require(join(process.cwd(), 'test/harness/engine.cts'));
beforeAll(() => loadPackage());
`,
	);
	// Jest runs in Stryker's sandbox (its working directory), where the instrumented build is.
	writeFileSync(
		jestConfig,
		`const { join } = require('node:path');
const base = require(join(process.cwd(), 'jest.config.js'));
module.exports = { ...base, rootDir: process.cwd(), reporters: ['default'],
  setupFilesAfterEnv: [${JSON.stringify(loadFirst)}],
  testMatch: ${JSON.stringify(tests.map((test) => `**/test/${test}.test.cts`))} };
`,
	);
	// A file, a file's lines (`changes.ts:1-151`: a long file measured in parts), or a folder.
	const pattern = /\.ts(:\d+-\d+)?$/.test(target) ? target : `${target}/**/*.ts`;
	console.log(`\n[mutation] ${pattern}, against: ${tests.join(', ')}`);
	// Stryker's own settings (stryker.config.json), with what to mutate and the tests to run.
	const config = join(dir, 'stryker.config.json');
	const base = JSON.parse(readFileSync(join(ROOT, 'stryker.config.json'), 'utf8'));
	const jest = { ...base.jest, configFile: jestConfig };
	// Incremental, one file a target: a run after a change to the code or the tests runs again only
	// the mutants that the change can touch (a survivor and the new test that kills it: minutes).
	const incrementalFile = join(ROOT, 'reports', `mutation-${target.replace(/\W+/g, '-')}.json`);
	const settings = { ...base, mutate: [pattern], jest, incremental: true, incrementalFile };
	writeFileSync(config, JSON.stringify(settings));
	const run = spawnSync('stryker', ['run', config], { cwd: ROOT, stdio: 'inherit' });
	return run.status ?? 1;
}

const targets = process.argv.slice(2);
let status = 0;
for (const target of targets.length > 0 ? targets : Object.keys(FOLDERS)) status ||= mutate(target);
process.exit(status);
