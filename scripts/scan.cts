// The release's dry run: the tarball `npm publish` would upload, packed and unpacked, then linted
// with the rules n8n's scanner (@n8n/scan-community-package 0.32.0, `buildScanConfig`) applies to
// a published package's tarball: the community-node rules and no-console on its compiled .js, and
// the community package rules on its package.json. The scanner itself downloads the package, its
// provenance and its source from the internet; this runs its tarball checks offline, with the
// rule plugins `n8n-node lint` uses. Provenance is added by the publish workflow.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { ESLint, type Linter } from 'eslint';

// It ships no types: its configs, as the scanner reads them.
const n8nNodesBase = require('eslint-plugin-n8n-nodes-base') as {
	configs: { community: { rules: Linter.RulesRecord } };
};

const ROOT = resolve(__dirname, '..');

/** Packs the package as `npm publish` would (after `npm run build`) and unpacks it into a new folder. */
export function packAndUnpack(): string {
	const folder = mkdtempSync(join(tmpdir(), 'sp-tarball-'));
	execFileSync(
		join(ROOT, 'scripts/node24'),
		['npm', 'pack', '--pack-destination', folder, '--ignore-scripts'],
		{ cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
	);
	const [tarball] = readdirSync(folder).filter((file) => file.endsWith('.tgz'));
	execFileSync('tar', ['-xzf', tarball], { cwd: folder });
	return join(folder, 'package');
}

/** The scanner's rules for a tarball, from the same plugins (loaded when used: one is ESM only). */
async function scanConfig(): Promise<Linter.Config[]> {
	const { n8nCommunityNodesPlugin } = await import('@n8n/eslint-plugin-community-nodes');
	const parser = await import('@typescript-eslint/parser');
	return [
		n8nCommunityNodesPlugin.configs.recommended,
		{ rules: { 'no-console': 'error' } },
		{ plugins: { 'n8n-nodes-base': n8nNodesBase } },
		{ files: ['package.json'], rules: { ...n8nNodesBase.configs.community.rules } },
		{ files: ['**/*.json'], languageOptions: { parser } },
	] as Linter.Config[];
}

/** Each problem the scanner's tarball rules find in an unpacked package: "file:line rule". */
export async function scanProblems(packageDir: string): Promise<string[]> {
	const eslint = new ESLint({
		cwd: packageDir,
		allowInlineConfig: false,
		overrideConfigFile: true,
		overrideConfig: await scanConfig(),
	});
	const results = await eslint.lintFiles(['**/*.js', 'package.json']);
	return results.flatMap(({ filePath, messages }) =>
		messages.map(
			({ line, ruleId, message }) =>
				`${filePath.slice(packageDir.length + 1)}:${line} ${ruleId ?? message}`,
		),
	);
}

// `tsx scripts/scan.cts [folder]`: packs and unpacks the tarball (or takes an unpacked one), then
// prints each problem on a line of its own; the exit code says whether there was any.
if (require.main === module) {
	void (async () => {
		const packageDir = process.argv[2] ?? packAndUnpack();
		const problems = await scanProblems(packageDir);
		console.log(
			problems.length === 0
				? `The scanner's tarball rules pass on ${packageDir}.`
				: problems.join('\n'),
		);
		process.exitCode = problems.length === 0 ? 0 : 1;
	})();
}
