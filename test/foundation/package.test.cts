// The package as n8n's loader sees it: the `n8n` block of package.json names what dist/ holds.
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

import { packAndUnpack } from '../../scripts/scan.cts';
import { loadPackage, PACKAGE_NAME } from '../harness/engine.cts';

const root = resolve(__dirname, '../..');
const packageJson = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8'));

test('package.json is a community node package with no runtime dependencies', () => {
	expect(packageJson.name).toBe(PACKAGE_NAME);
	expect(packageJson.license).toBe('MIT');
	expect(packageJson.keywords).toContain('n8n-community-node-package');
	expect(packageJson.files).toEqual([
		'dist',
		'!dist/**/*.tsbuildinfo',
		'!dist/**/*.d.ts',
		'CHANGELOG.md',
	]);
	expect(packageJson.dependencies).toBeUndefined();
	// Where a user reads about it, finds its source and reports a problem.
	const repository = 'https://github.com/social-publishing/n8n-nodes-social-publishing';
	expect(packageJson).toMatchObject({
		homepage: `${repository}#readme`,
		repository: { type: 'git', url: `${repository}.git` },
		bugs: { url: `${repository}/issues` },
	});
	expect(packageJson.n8n).toMatchObject({ n8nNodesApiVersion: 1, strict: true });
	for (const file of [...packageJson.n8n.credentials, ...packageJson.n8n.nodes]) {
		expect(existsSync(resolve(root, file))).toBe(true);
	}
});

test('the README shows the two commands a newcomer copies, each a script of package.json', () => {
	const readme = readFileSync(resolve(root, 'README.md'), 'utf8');
	const shLines = [...readme.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].flatMap(([, body]) =>
		body.split('\n'),
	);
	for (const command of ['start', 'test']) {
		expect(shLines.filter((line) => line.startsWith(`npm ${command} `))).toHaveLength(1);
		expect(packageJson.scripts[command]).toEqual(expect.any(String));
	}
});

test("n8n's PackageDirectoryLoader loads the credential and every node from dist/", async () => {
	const loader = await loadPackage();

	expect(loader.packageName).toBe(PACKAGE_NAME);
	expect(Object.keys(loader.known.credentials)).toEqual(['socialPublishingApi']);
	expect(Object.keys(loader.known.nodes).length).toBe(packageJson.n8n.nodes.length);
	expect(loader.getNode('socialPublishing').type.description).toMatchObject({
		displayName: 'Social Publishing',
		usableAsTool: true,
		credentials: [{ name: 'socialPublishingApi', required: true }],
	});
	const credential = loader.getCredential('socialPublishingApi').type;
	// A function: it keeps the key from other origins and public http:// (test/foundation/key.test.cts).
	expect(typeof credential.authenticate).toBe('function');
	expect(credential.properties.find((p) => p.name === 'apiKey')?.typeOptions?.password).toBe(true);
	expect(credential.properties.find((p) => p.name === 'allowUnencryptedHttp')).toMatchObject({
		displayName: 'Allow Unencrypted HTTP',
		type: 'boolean',
		default: false,
	});
});

test('n8n-workflow is the very copy n8n-core uses: one engine, one set of error classes', () => {
	const fromCore = require.resolve('n8n-workflow', { paths: [require.resolve('n8n-core')] });
	expect(fromCore).toBe(require.resolve('n8n-workflow'));
});

/** What `scripts/scan.cts` says of an unpacked tarball: its problems, one a line, or that it passes. */
function scan(packageDir: string): string[] {
	try {
		execFileSync(resolve(root, 'scripts/node24'), ['tsx', 'scripts/scan.cts', packageDir], {
			cwd: root,
			encoding: 'utf8',
		});
		return [];
	} catch (error) {
		const { stdout } = error as { stdout: string };
		return stdout.trim().split('\n');
	}
}

test("the release's dry run: the packed tarball passes the rules n8n's scanner applies to it", () => {
	const packageDir = packAndUnpack();
	try {
		expect(scan(packageDir)).toEqual([]);
		// The same rules find what the scanner rejects in shipped code: a console call and a timer.
		const node = 'dist/nodes/SocialPublishing/SocialPublishing.node.js';
		appendFileSync(join(packageDir, node), '\nconsole.log(setTimeout);\n');
		const found = scan(packageDir).map((problem) => problem.replace(/:\d+ /, ' '));
		expect(found.sort()).toEqual([
			`${node} @n8n/community-nodes/no-restricted-globals`,
			`${node} no-console`,
		]);
	} finally {
		rmSync(dirname(packageDir), { recursive: true, force: true });
	}
}, 120_000);
