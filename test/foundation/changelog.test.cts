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

/** Words of a line written for contributors: how the project is built and tested, not the package. */
const CONTRIBUTOR_ONLY =
	/shipped code|\blines of code\b|\bsandbox\b|\bjest\b|\bCI\b|\bnpm (test|start|run)\b|\blint\b|\btest suite\b|this changelog/i;

/** The changelog's change lines. */
const changeLines = (text: string) => text.split('\n').filter((line) => line.startsWith('- '));

/** 0.1.0 was dated before releases were tagged: no tag of it exists to link to. */
const UNTAGGED = ['0.1.0'];

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

	it('lists changes a user of the package sees, none for contributors only', () => {
		expect(
			changeLines('- Shipped code 7,028 lines (was 7,086).\n- Sandbox: a new setting.'),
		).toEqual(
			changeLines('- Shipped code 7,028 lines (was 7,086).\n- Sandbox: a new setting.').filter(
				(line) => CONTRIBUTOR_ONLY.test(line),
			),
		);
		expect(changeLines(changelog).filter((line) => CONTRIBUTOR_ONLY.test(line))).toEqual([]);
	});

	it('has the sections of Keep a Changelog, and a first version with only Added', () => {
		const headings = [...changelog.matchAll(/^### (.+)$/gm)].map(([, heading]) => heading);
		expect(
			headings.filter(
				(heading) =>
					!['Added', 'Changed', 'Fixed', 'Removed', 'Deprecated', 'Security'].includes(heading),
			),
		).toEqual([]);
		const first = changelog.slice(changelog.lastIndexOf('\n## ['));
		expect([...first.matchAll(/^### (.+)$/gm)].map(([, heading]) => heading)).toEqual(['Added']);
	});

	it('links no tag that does not exist', () => {
		const tags = [...changelog.matchAll(/\/(?:releases\/tag|compare)\/([^\s)]+)/g)].flatMap(
			([, ref]) => ref.split('...').filter((name) => name !== 'HEAD'),
		);
		// `npm run release` tags each version it dates; a link may name only such a version.
		const tagged = [...changelog.matchAll(/^## \[([^\]]+)\] - \d{4}-\d\d-\d\d$/gm)]
			.map(([, version]) => version)
			.filter((version) => !UNTAGGED.includes(version));
		expect(tags.filter((tag) => !tagged.includes(tag))).toEqual([]);
	});
});

describe('a release of the changelog', () => {
	/** The example's sections once 0.2.0 is released on 2026-12-01, before the links. */
	const RELEASED = `# Changelog

## [Unreleased]

## [0.2.0] - 2026-12-01

### Fixed

- A fix.

## [0.1.0] - 2026-11-24

### Added

- A feature.
`;

	it("moves the Unreleased lines under the dated version and links the versions' comparison", () => {
		expect(release(BEFORE, '0.2.0', '0.1.0', '2026-12-01')).toBe(`${RELEASED}
[Unreleased]: ${REPO}/compare/0.2.0...HEAD
[0.2.0]: ${REPO}/compare/0.1.0...0.2.0
[0.1.0]: ${REPO}/releases/tag/0.1.0
`);
	});

	it('links the tag it makes when the changelog links none yet', () => {
		const unlinked = BEFORE.slice(0, BEFORE.indexOf('\n[Unreleased]: '));
		expect(release(unlinked, '0.2.0', '0.1.0', '2026-12-01')).toBe(`${RELEASED}
[Unreleased]: ${REPO}/compare/0.2.0...HEAD
[0.2.0]: ${REPO}/releases/tag/0.2.0
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
