// Every promise in the README's "What you can rely on", and every "never", "always", "at most" or
// "exactly" in the builder's guides, names the tests that fail when it breaks, and each test named
// is there: a promise added without its test, or whose test was renamed or removed, fails here.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';

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

const escapeRegExp = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether a path names a test file, or a folder that holds test files; a `*` in a file name matches
 * any text (`test/trigger/year-*.test.cts`).
 */
function holdsTests(path: string): boolean {
	if (path.includes('*')) {
		const name = new RegExp(`^${basename(path).split('*').map(escapeRegExp).join('.*')}$`);
		const folder = resolve(root, dirname(path));
		const files = existsSync(folder) ? readdirSync(folder) : [];
		return files.some((file) => name.test(file) && holdsTests(`${dirname(path)}/${file}`));
	}
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

/** The pages for builders: docs/ but the design notes and the pages for contributors. */
const GUIDES = readdirSync(resolve(root, 'docs'))
	.filter((name) => name.endsWith('.md'))
	.filter((name) => !['development.md', 'sandbox.md', 'benchmarks.md'].includes(name));

/**
 * A page's paragraphs, bullets (with their continuation lines) and table rows, each on one line;
 * headings and code blocks left out.
 */
function blocks(markdown: string): string[] {
	const found: string[] = [];
	let open = false;
	let fenced = false;
	for (const line of markdown.split('\n')) {
		const fence = line.trimStart().startsWith('```');
		if (fence) fenced = !fenced;
		if (fence || fenced || line.trim() === '' || line.startsWith('#')) {
			open = false;
			continue;
		}
		const starts = /^\s*([-*]|\d+\.)\s|^\|/.test(line);
		if (open && !starts && !found[found.length - 1].startsWith('|')) {
			found[found.length - 1] += ` ${line.trim()}`;
		} else found.push(line.trim());
		open = true;
	}
	return found;
}

const PROMISE = /\b(never|always|at most|exactly)\b/i;
/** A block's words, without the addresses of its links or the test paths it names. */
const wordsOf = (block: string) => block.replace(/\]\([^)]*\)/g, ']').replace(/`test\/[^`]*`/g, '');
/** The tests a block names: a link to `../test/...` or a code path `test/...`. */
const testsNamed = (block: string) =>
	[...block.matchAll(/\]\(\.\.\/(test\/[^)\s#]+)\)|`(test\/[^`\s]+)`/g)].map(
		(match) => match[1] ?? match[2],
	);

const guidePromises = GUIDES.flatMap((page) =>
	blocks(readFileSync(resolve(root, 'docs', page), 'utf8'))
		.filter((block) => PROMISE.test(wordsOf(block)))
		.map((block) => [page, block.slice(0, 60), block] as const),
);

test('the guides are read, and their promises found', () => {
	expect(GUIDES).toContain('errors-and-rate-limits.md');
	expect(guidePromises.length).toBeGreaterThan(30);
});

test.each(guidePromises)(
	'docs/%s: "%s…" names a test, and each test named is there',
	(_page, _start, block) => {
		const named = testsNamed(block);
		expect({ block, named: named.length > 0 }).toEqual({ block, named: true });
		expect(named.filter((path) => !holdsTests(path))).toEqual([]);
	},
);
