// The published tarball holds what n8n loads and what a reader needs: the compiled nodes and
// credential, their icons and codex files, and the package's own README, changelog and licence.
// No sandbox, tests, source maps (they would point at sources it does not ship), type
// declarations, build cache or a second package.json.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(__dirname, '../..');

function packedPaths(): string[] {
	const output = execFileSync(
		resolve(root, 'scripts/node24'),
		['npm', 'pack', '--dry-run', '--json', '--ignore-scripts'],
		{ cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
	);
	const [tarball] = JSON.parse(output) as { files: { path: string }[] }[];
	return tarball.files.map((file) => file.path).sort();
}

/** The shipped sources: every .ts file under nodes/ and credentials/. */
function sources(folder: string): string[] {
	return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
		.filter((path) => path.endsWith('.ts'))
		.map((path) => `${folder}/${path}`);
}

describe('the published tarball', () => {
	const paths = packedPaths();

	it('holds the package files, the icons, the codex files and the entry points n8n loads', () => {
		expect(paths.filter((path) => !path.endsWith('.js'))).toEqual([
			'CHANGELOG.md',
			'LICENSE',
			'README.md',
			'dist/icons/socialPublishing.dark.svg',
			'dist/icons/socialPublishing.svg',
			'dist/nodes/SocialPublishing/SocialPublishing.node.json',
			'dist/nodes/SocialPublishingTrigger/SocialPublishingTrigger.node.json',
			'package.json',
		]);
		expect(paths).toEqual(
			expect.arrayContaining([
				'dist/credentials/SocialPublishingApi.credentials.js',
				'dist/nodes/SocialPublishing/SocialPublishing.node.js',
				'dist/nodes/SocialPublishingTrigger/SocialPublishingTrigger.node.js',
			]),
		);
	});

	it('holds one compiled file per shipped source, and nothing else of dist/', () => {
		const compiled = [...sources('nodes'), ...sources('credentials')]
			.map((path) => `dist/${path.replace(/\.ts$/, '.js')}`)
			.sort();
		expect(paths.filter((path) => path.endsWith('.js'))).toEqual(compiled);
	});
});
