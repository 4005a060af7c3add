// Every promise in the README's "What you can rely on" names the tests that fail when it breaks,
// and each test named is there: a promise whose test was renamed or removed fails here.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(__dirname, '../..');
const readme = readFileSync(resolve(root, 'README.md'), 'utf8');
const section = readme.slice(
	readme.indexOf('### What you can rely on'),
	readme.indexOf('## Compatibility'),
);
/** The section's bullets, each with its continuation lines. */
const promises = section
	.split(/\n- /)
	.slice(1)
	.map((bullet) => bullet.replace(/\s+/g, ' '));

/** Whether a path names a test file, or a folder that holds test files. */
function holdsTests(path: string): boolean {
	const full = resolve(root, path);
	if (!existsSync(full)) return false;
	if (!statSync(full).isDirectory()) return /\.(test|e2e|queue)\.cts$/.test(path);
	return readdirSync(full).some((name) => /\.(test|e2e|queue)\.cts$/.test(name));
}

test('the README makes its promises in one list of seven', () => {
	expect(promises.map((promise) => promise.match(/^\*\*([^*]+)\*\*/)?.[1])).toEqual([
		'No post twice, retries included.',
		'A bad item stops the batch before anything is sent.',
		"Times in the workspace's zone",
		'Rate limits waited out',
		'Large files',
		'Many executions and queue mode',
		'Each post that reaches the state fires once',
	]);
});

test.each(promises.map((promise) => [promise.slice(0, 50), promise]))(
	'"%s…" names its tests, and each is there',
	(_start, promise) => {
		const named = promise.slice(promise.indexOf('Tests:')).match(/`test\/[^`]+`/g) ?? [];
		expect(named.length).toBeGreaterThan(0);
		expect(named.map((path) => path.slice(1, -1)).filter((path) => !holdsTests(path))).toEqual([]);
	},
);
