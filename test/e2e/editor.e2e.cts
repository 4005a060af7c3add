// The n8n editor in a real browser (Debian's chromium, driven by playwright-core): our nodes with
// their icon, their resources and operations, and a list loaded live from the sandbox.
// Screenshots are kept in test-artifacts/ (the README's come from there, copied to docs/).
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

import { chromium, type Browser, type Page } from 'playwright-core';

import { DEMO } from '../../sandbox/demo-data.cts';
import { aptInstall } from '../../scripts/apt.cts';
import { EXAMPLE_IDS, readExamples } from '../../scripts/examples.cts';
import {
	CREDENTIAL_ID,
	freePort,
	N8nSession,
	OWNER,
	ROOT,
	startN8n,
	type RunningN8n,
} from '../../scripts/n8n-runtime.cts';
import { startOfflineServices, type OfflineServices } from '../../scripts/offline-services.cts';
import { useSandbox } from '../harness/sandbox.cts';
import { prepareN8n, SETUP_TIMEOUT } from './setup.cts';

const CHROMIUM = '/usr/bin/chromium';
const ARTIFACTS = join(ROOT, 'test-artifacts');
const sandbox = useSandbox();
let offline: OfflineServices;
let n8n: RunningN8n;
let browser: Browser;
let page: Page;
let session: N8nSession;

/** CI machines start fresh: Debian's chromium is installed here when missing (we run as root). */
function ensureChromium(): void {
	if (!existsSync(CHROMIUM)) aptInstall(['chromium'], (line) => console.log(line));
}

async function screenshot(name: string): Promise<void> {
	await page.screenshot({ path: join(ARTIFACTS, `${name}.jpg`), type: 'jpeg', quality: 85 });
}

/**
 * Goes to a page of the editor through its own router, as its links do, without loading the editor
 * again: on a busy machine each load of it took up to a minute (in CI's run of `7b591fd`, three
 * pages ran past jest's 2 minutes), and loading it is not what these tests are about.
 */
async function navigate(path: string): Promise<void> {
	await page.evaluate(
		`document.querySelector('#app').__vue_app__.config.globalProperties.$router.push(${JSON.stringify(path)})`,
	);
}

/** Each example's nodes, by ID: what its canvas is to show. */
const NODES = new Map(readExamples().map((example) => [example.id, example.nodes]));

/**
 * Opens a workflow and waits until the canvas shows exactly its nodes (the workflow shown before
 * would otherwise pass for it, since the editor is not loaded again).
 */
async function openWorkflow(
	id: string,
	{ forPicture = true, nodes = NODES.get(id) ?? [] } = {},
): Promise<void> {
	// Sticky notes are drawn on the canvas without a node name.
	const names = nodes
		.filter((node) => node.type !== 'n8n-nodes-base.stickyNote')
		.map((node) => node.name)
		.sort();
	expect(names).not.toEqual([]);
	await navigate(`/workflow/${id}`);
	await page.waitForFunction(
		`[...document.querySelectorAll('[data-test-id=canvas-node]')]
			.map((node) => node.getAttribute('data-node-name')).sort().join('\\n')
			=== ${JSON.stringify(names.join('\n'))}`,
	);
	// The canvas fits the view after the nodes render.
	if (forPicture) await page.waitForTimeout(1000);
}

beforeAll(async () => {
	ensureChromium();
	mkdirSync(ARTIFACTS, { recursive: true });
	offline = await startOfflineServices();
	const { userFolder } = await prepareN8n('e2e-editor', sandbox.url, offline);
	n8n = await startN8n(userFolder, await freePort());
	await new N8nSession(n8n.url).setupOwner();
	// One login for the tests that call n8n's API: n8n refuses more than a few a minute (429).
	session = new N8nSession(n8n.url);
	await session.login();
	// Flags this machine kind needs: no sandbox as root, no GPU, and no background calls home.
	browser = await chromium.launch({
		executablePath: CHROMIUM,
		args: [
			'--no-sandbox',
			'--disable-gpu',
			'--disable-quic',
			'--no-first-run',
			'--disable-background-networking',
			'--disable-component-update',
			'--disable-sync',
		],
	});
	page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
	// How long a page may take is not under test here (speed belongs in bench/). In CI's run of
	// `386d424`, with three other lines of real n8n and an npm install beside, two pages took over
	// 20 s to open; 90 s stays under jest's 120 s for a test, so a page that never opens still fails.
	page.setDefaultTimeout(90_000);
	await page.goto(`${n8n.url}/signin`);
	await page.fill('input[name=emailOrLdapLoginId]', OWNER.email);
	await page.fill('input[name=password]', OWNER.password);
	await page.click('[data-test-id=form-submit-button]');
	await page.waitForURL((url) => !url.pathname.includes('signin'));
	// The editor has settled on its list of workflows: a page asked for before that was replaced by
	// it (the first example, opened at once, never showed).
	await page.getByText(readExamples()[0].name).first().waitFor();
}, SETUP_TIMEOUT);

afterAll(async () => {
	await browser?.close();
	await n8n?.stop();
	await offline?.stop();
});

// One test per example: on a busy machine (CI runs real n8n in several lines at once) the editor's
// first pages load slowly, and seven examples in one test outran its timeout.
const SHOTS: [id: string, picture: string][] = [
	[EXAMPLE_IDS.rss, 'example-rss-to-scheduled-posts'],
	[EXAMPLE_IDS.approvals, 'example-approval-notifications'],
	[EXAMPLE_IDS.aiAgent, 'example-ai-agent'],
	[EXAMPLE_IDS.draftApprovePublish, 'example-draft-approve-publish'],
	[EXAMPLE_IDS.escalation, 'example-approval-escalation'],
	[EXAMPLE_IDS.approveFromSlack, 'example-approve-from-slack'],
	[EXAMPLE_IDS.assistant, 'example-posts-from-your-assistant'],
];

test.each(SHOTS)('example %s opens on the canvas (picture %s)', async (id, picture) => {
	await openWorkflow(id);
	await screenshot(picture);
});

test('our nodes show their icon on the canvas', async () => {
	await openWorkflow(EXAMPLE_IDS.rss);
	const node = page.locator('[data-test-id=canvas-node]', { hasText: 'Schedule the post' });
	await expect(node.textContent()).resolves.toContain('create: post');
	const icon = node.locator('img').first();
	expect(await icon.getAttribute('src')).toContain('socialPublishing');
	// A broken icon would have no size: the browser really loaded and decoded it.
	const loaded = await icon.evaluate((img) => {
		const image = img as unknown as { complete: boolean; naturalWidth: number };
		return image.complete && image.naturalWidth > 0;
	});
	expect(loaded).toBe(true);
});

const TYPE_NAMES: Record<string, string> = {
	socialPublishing: 'Social Publishing',
	socialPublishingTrigger: 'Social Publishing Trigger',
	socialPublishingTool: 'Social Publishing Tool',
};

/** Each node's issue list as the canvas shows it on hover, by node name: empty when it has none. */
async function canvasIssues(): Promise<Record<string, string[]>> {
	const marked = page.locator('[data-test-id=canvas-node]:has([data-test-id=node-issues])');
	const found: Record<string, string[]> = {};
	for (let at = 0; at < (await marked.count()); at++) {
		const node = marked.nth(at);
		const name = (await node.getAttribute('data-node-name')) ?? `node ${at}`;
		await node.locator('[data-test-id=node-issues]').hover();
		// The tooltip's list (its role=tooltip twin is a 1-pixel copy for screen readers).
		const tip = page.locator('.titled-list:visible').filter({ hasText: 'Issues' }).last();
		await tip.waitFor();
		const items = (await tip.locator('li').allTextContents()).map((text) => text.trim());
		found[name] = items;
		await page.mouse.move(0, 0);
		await tip.waitFor({ state: 'detached' });
	}
	return found;
}

test.each(readExamples().map((example) => [example.name, example] as const))(
	'example "%s", imported as it is shipped, shows no issue but the credentials to choose',
	async (_name, example) => {
		const { name, nodes, connections, settings } = example;
		const created = await session.request<{ data: { id: string } }>('POST', '/workflows', {
			name: `Imported: ${name}`,
			nodes,
			connections,
			settings,
		});
		expect(created.status).toBe(200);
		await openWorkflow(created.body.data.id, { forPicture: false, nodes });
		const issues = await canvasIssues();
		// Nodes with a credential to choose, as the editor words it; nothing else.
		const other = Object.entries(issues).flatMap(([node, list]) =>
			list
				.filter((issue) => !/^Credentials for .* are not set\.?$/.test(issue))
				.map((issue) => `${node}: ${issue}`),
		);
		expect({ name, other }).toEqual({ name, other: [] });
		// Our nodes, at least, wait for their credential: the marker is there to be seen.
		const ours = nodes.filter((node) => node.type.startsWith('n8n-nodes-social-publishing.'));
		for (const node of ours.filter((each) => !each.disabled)) {
			// n8n names the node type, not the credential type.
			const shown = TYPE_NAMES[node.type.split('.')[1]];
			expect({ node: node.name, issues: issues[node.name] }).toEqual({
				node: node.name,
				issues: [`Credentials for ${shown} are not set.`],
			});
		}
	},
);

test("the node creator lists our node's actions, by resource", async () => {
	await openWorkflow(EXAMPLE_IDS.rss);
	await page.locator('[data-test-id=canvas-handle-plus]').last().click();
	await page.keyboard.type('Social Publishing');
	await page
		.locator('[data-test-id=node-creator-item-name]', { hasText: 'Social Publishing' })
		.first()
		.waitFor();
	await page.keyboard.press('Enter');
	const actions = page.locator('[data-test-id=node-creator-item-name]');
	await actions.filter({ hasText: 'Create a post' }).waitFor();
	await screenshot('editor-node-creator-actions');

	const names = (await actions.allTextContents()).map((text) => text.trim());
	expect(names).toEqual(
		expect.arrayContaining([
			'Create a post',
			'Approve a post',
			'Reject a post',
			'Get many posts',
			'Create a comment on a post',
			'Upload a media item',
			'Get many accounts',
			'Get many workspaces',
		]),
	);
	const sections = await page.locator('[data-test-id=node-creator]').textContent();
	for (const resource of ['Account', 'Comment', 'Media', 'Post', 'Workspace']) {
		expect(sections?.toLowerCase()).toContain(`${resource} actions`.toLowerCase());
	}
});

test("the node's panel shows its resource and operation, and loads the workspace list from the sandbox", async () => {
	await openWorkflow(EXAMPLE_IDS.rss);
	await page.locator('[data-test-id=canvas-node]', { hasText: 'Schedule the post' }).dblclick();
	const panel = page.locator('[data-test-id=ndv]');
	await panel.waitFor();
	expect(await panel.locator('[data-test-id=parameter-input-resource] input').inputValue()).toBe(
		'Post',
	);
	expect(await panel.locator('[data-test-id=parameter-input-operation] input').inputValue()).toBe(
		'Create',
	);
	// The accounts field shows the names the sandbox returns for the saved IDs (loaded after opening),
	// and says that a post needs them (or a Content Category).
	await panel
		.locator('[data-test-id=parameter-input-accounts]')
		.getByText('Acme Coffee (Facebook)')
		.waitFor();
	await panel.getByText('Needed: choose at least one, or set a Content Category').waitFor();
	await screenshot('editor-create-post');

	await sandbox.control.clearRequests();
	await panel
		.locator('[data-test-id=resource-locator-workspaceId] [data-test-id=rlc-input]')
		.click();
	const items = page.locator('[data-test-id=rlc-item]');
	await items.filter({ hasText: DEMO.workspaces.second.name }).waitFor();
	await page.waitForTimeout(500); // the dropdown fades in: let the screenshot show it settled
	await screenshot('editor-workspace-list');

	expect((await items.allTextContents()).map((text) => text.trim())).toEqual([
		DEMO.workspaces.main.name,
		DEMO.workspaces.second.name,
	]);
	const calls = await sandbox.control.requests({ method: 'GET', path: '/api/v1/workspaces' });
	expect(calls.map((call) => [call.key, call.status])).toContainEqual(['full', 200]);
});

test('the credential dialog asks for the Base URL and the API key, with Allow Unencrypted HTTP off', async () => {
	await navigate(`/home/credentials/${CREDENTIAL_ID}`);
	const dialog = page.locator('[data-test-id=credential-edit-dialog]');
	await dialog.getByText('Allow Unencrypted HTTP').waitFor();
	await page.waitForTimeout(500); // the dialog fades in: let the screenshot show it settled
	await screenshot('editor-credential');
	const text = (await dialog.textContent()) ?? '';
	for (const field of ['Base URL', 'API Key', 'Allow Unencrypted HTTP']) {
		expect({ field, shown: text.includes(field) }).toEqual({ field, shown: true });
	}
});
