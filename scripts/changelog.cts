// `npm run release` calls this after the version bump: CHANGELOG.md's Unreleased lines become the
// new version's, dated, under a fresh empty Unreleased heading, and the comparison links follow.
// (n8n-node release would regenerate the file from commit messages instead.)
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const UNRELEASED = '## [Unreleased]';
const REPOSITORY = 'https://github.com/social-publishing/n8n-nodes-social-publishing';

/** The changelog with its Unreleased section released as `version` on `date` (YYYY-MM-DD). */
export function release(changelog: string, version: string, previous: string, date: string): string {
	const start = changelog.indexOf(`${UNRELEASED}\n`);
	if (start < 0) throw new Error(`CHANGELOG.md has no "${UNRELEASED}" heading to release.`);
	const end = changelog.indexOf('\n## [', start + UNRELEASED.length);
	const lines = changelog.slice(start + UNRELEASED.length, end < 0 ? undefined : end);
	if (!/^- /m.test(lines)) {
		throw new Error(`CHANGELOG.md's Unreleased section lists no change: add its lines first.`);
	}
	const released = changelog.replace(UNRELEASED, `${UNRELEASED}\n\n## [${version}] - ${date}`);
	return released.replace(
		/^\[Unreleased\]: .*$/m,
		`[Unreleased]: ${REPOSITORY}/compare/${version}...HEAD\n` +
			`[${version}]: ${REPOSITORY}/compare/${previous}...${version}`,
	);
}

if (require.main === module) {
	const [version, previous] = process.argv.slice(2);
	const file = join(__dirname, '..', 'CHANGELOG.md');
	const today = new Date().toISOString().slice(0, 10);
	writeFileSync(file, release(readFileSync(file, 'utf8'), version, previous, today));
}
