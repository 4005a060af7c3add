// npm's `version` script, which `npm run release` (n8n-node release) runs as it bumps the version:
// CHANGELOG.md's Unreleased lines become the new version's, dated, under a fresh empty Unreleased
// heading, and the comparison links follow. The previous version is the changelog's newest.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const UNRELEASED = '## [Unreleased]';
const REPOSITORY = 'https://github.com/social-publishing/n8n-nodes-social-publishing';

/** The changelog with its Unreleased section released as `version` on `date` (YYYY-MM-DD). */
export function release(
	changelog: string,
	version: string,
	previous: string,
	date: string,
): string {
	const start = changelog.indexOf(`${UNRELEASED}\n`);
	if (start < 0) throw new Error(`CHANGELOG.md has no "${UNRELEASED}" heading to release.`);
	const end = changelog.indexOf('\n## [', start + UNRELEASED.length);
	const lines = changelog.slice(start + UNRELEASED.length, end < 0 ? undefined : end);
	if (!/^- /m.test(lines)) {
		throw new Error(`CHANGELOG.md's Unreleased section lists no change: add its lines first.`);
	}
	const released = changelog.replace(UNRELEASED, `${UNRELEASED}\n\n## [${version}] - ${date}`);
	// A changelog with no links yet links the tag this release makes, and nothing before it.
	if (!/^\[Unreleased\]: /m.test(released)) {
		return (
			`${released.trimEnd()}\n\n[Unreleased]: ${REPOSITORY}/compare/${version}...HEAD\n` +
			`[${version}]: ${REPOSITORY}/releases/tag/${version}\n`
		);
	}
	return released.replace(
		/^\[Unreleased\]: .*$/m,
		`[Unreleased]: ${REPOSITORY}/compare/${version}...HEAD\n` +
			`[${version}]: ${REPOSITORY}/compare/${previous}...${version}`,
	);
}

if (require.main === module) {
	const root = join(__dirname, '..');
	const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
		version: string;
	};
	const file = join(root, 'CHANGELOG.md');
	const changelog = readFileSync(file, 'utf8');
	const previous = /^## \[(\d[^\]]*)\]/m.exec(changelog)?.[1];
	if (!previous) throw new Error('CHANGELOG.md names no released version to compare with.');
	const today = new Date().toISOString().slice(0, 10);
	writeFileSync(file, release(changelog, version, previous, today));
}
