// CHANGELOG.md stays in Keep a Changelog's form, and a release moves its Unreleased lines under the
// new version (scripts/changelog.cts, called by `npm run release`).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { release } from '../../scripts/changelog.cts';

const changelog = readFileSync(resolve(__dirname, '../../CHANGELOG.md'), 'utf8');
const REPO = 'https://github.com/social-publishing/n8n-nodes-social-publishing';

const BEFORE = `# Changelog

## [Unreleased]

### Fixed

- A fix.

## [0.1.0] - 2026-11-24

### Added

- A feature.

[Unreleased]: ${REPO}/compare/0.1.0...HEAD
[0.1.0]: ${REPO}/releases/tag/0.1.0
`;

describe('CHANGELOG.md', () => {
	it('has an Unreleased section and one line of at most about 30 words per change', () => {
		expect(changelog).toContain('\n## [Unreleased]\n');
		const long = changelog
			.split('\n')
			.filter((line) => line.startsWith('- '))
			.map((line) => line.replace(/\]\([^)]*\)/g, ']'))
			.filter((line) => line.split(/\s+/).length - 1 > 35);
		expect(long).toEqual([]);
	});
});

describe('a release of the changelog', () => {
	it("moves the Unreleased lines under the dated version and links the versions' comparison", () => {
		expect(release(BEFORE, '0.2.0', '0.1.0', '2026-12-01')).toBe(`# Changelog

## [Unreleased]

## [0.2.0] - 2026-12-01

### Fixed

- A fix.

## [0.1.0] - 2026-11-24

### Added

- A feature.

[Unreleased]: ${REPO}/compare/0.2.0...HEAD
[0.2.0]: ${REPO}/compare/0.1.0...0.2.0
[0.1.0]: ${REPO}/releases/tag/0.1.0
`);
	});

	it('works on the real CHANGELOG.md', () => {
		expect(release(changelog, '9.9.9', '0.1.0', '2026-12-01')).toContain(
			'## [Unreleased]\n\n## [9.9.9] - 2026-12-01\n',
		);
	});

	it('refuses an Unreleased section that lists no change', () => {
		const empty = BEFORE.replace('### Fixed\n\n- A fix.\n\n', '');
		expect(() => release(empty, '0.2.0', '0.1.0', '2026-12-01')).toThrow(
			"CHANGELOG.md's Unreleased section lists no change: add its lines first.",
		);
	});

	it('refuses a changelog without an Unreleased heading', () => {
		expect(() => release('# Changelog\n', '0.2.0', '0.1.0', '2026-12-01')).toThrow(
			'CHANGELOG.md has no "## [Unreleased]" heading to release.',
		);
	});
});
