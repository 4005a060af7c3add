// The errors a builder meets first link to the README's Troubleshooting, each to its own section,
// and each section is there to be found (GitHub's anchor of its heading).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { runNode } from '../harness/engine.cts';
import { useSandbox } from '../harness/sandbox.cts';

const sandbox = useSandbox();
const HELP = 'https://github.com/social-publishing/n8n-nodes-social-publishing#';

beforeEach(async () => {
	await sandbox.control.clearRequests();
});

/** GitHub's anchors of the README's Troubleshooting headings. */
function troubleshootingAnchors(): string[] {
	const readme = readFileSync(resolve(__dirname, '../../README.md'), 'utf8');
	const section = readme.split('\n## Troubleshooting\n')[1].split('\n## ')[0];
	return [...section.matchAll(/^### (.+)$/gm)].map(([, heading]) =>
		heading
			.toLowerCase()
			.replace(/[^\w\s-]/g, '')
			.trim()
			.replace(/\s/g, '-'),
	);
}

test("the README's Troubleshooting has a section for each error a builder meets first", () => {
	expect(troubleshootingAnchors()).toEqual([
		'unauthorized-401',
		'forbidden-403',
		'too-many-requests-429',
		'a-redirect-was-refused',
		'plain-http-refused',
		'workspace-is-required',
		'other-errors',
	]);
});

const currentUser = { resource: 'user', operation: 'getCurrent' };

test.each([
	['a revoked key', 'revoked', 'unauthorized-401'],
	['a key without API access', 'noApi', 'forbidden-403'],
] as const)('%s: the description ends with its section', async (_name, key, anchor) => {
	const { error } = await runNode({ parameters: currentUser, credentials: sandbox.credentials(key) });
	expect(error?.description?.split('\n').at(-1)).toMatch(new RegExp(` More: ${HELP}${anchor}$`));
});

test('a 429 longer than the node waits: the description ends with its section', async () => {
	await sandbox.control.fault({
		path: '/api/v1/me',
		times: 1,
		status: 429,
		body: { status: false, message: 'Too many requests', retry_after: 3600 },
	});
	const { error } = await runNode({ parameters: currentUser, credentials: sandbox.credentials() });
	expect(error?.message).toMatch(/try again after .* \(HTTP 429\)$/);
	expect(error?.description).toMatch(new RegExp(` More: ${HELP}too-many-requests-429$`));
});
