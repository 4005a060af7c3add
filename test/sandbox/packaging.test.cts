// The sandbox is for tests, benchmarks and the demo; the published package must not carry it.
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(__dirname, '../..');

describe('the published tarball', () => {
	it('holds no sandbox, test code or build cache', () => {
		const output = execFileSync(
			resolve(root, 'scripts/node24'),
			['npm', 'pack', '--dry-run', '--json', '--ignore-scripts'],
			{
				cwd: root,
				encoding: 'utf8',
				stdio: ['ignore', 'pipe', 'ignore'],
			},
		);
		const [tarball] = JSON.parse(output) as { files: { path: string }[] }[];
		const paths = tarball.files.map((file) => file.path);
		expect(paths.length).toBeGreaterThan(0);
		expect(paths.filter((path) => /(^|\/)(sandbox|test|bench)(\/|$)|\.cts$/.test(path))).toEqual(
			[],
		);
		expect(paths.filter((path) => path.endsWith('.tsbuildinfo'))).toEqual([]);
		expect(
			paths.every(
				(path) =>
					path.startsWith('dist/') ||
					['LICENSE', 'README.md', 'package.json', 'CHANGELOG.md'].includes(path),
			),
		).toBe(true);
	});
});
