// A 256 MiB video through the package in real n8n, binaries in its filesystem store (what n8n
// recommends for large files) and in its database: Read/Write Files from Disk reads it, Media >
// Upload streams it, and the sandbox logs the size and sha256 of every byte it received. The file
// is made here.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { DEMO } from '../../sandbox/demo-data.cts';
import { CREDENTIAL_ID, CREDENTIAL_NAME, N8N_VERSION } from '../../scripts/n8n-runtime.cts';
import { startOfflineServices, type OfflineServices } from '../../scripts/offline-services.cts';
import { useSandbox } from '../harness/sandbox.cts';
import { execute, prepareN8n, SETUP_TIMEOUT } from './setup.cts';

const sandbox = useSandbox();
const WORKFLOW_ID = 'spLargeUpload001';
const MiB = 1024 * 1024;
const SIZE = 256 * MiB;

let offline: OfflineServices;
let userFolder: string;
let folder: string;
let expected: { size: number; sha256: string };

/** Writes the video one MiB at a time, each block different, and says its size and sha256. */
function writeVideo(path: string): { size: number; sha256: string } {
	const hash = createHash('sha256');
	const block = Buffer.alloc(MiB);
	for (let i = 0; i < SIZE / MiB; i++) {
		block.fill(i % 251);
		if (i === 0) Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70]).copy(block);
		block.writeUInt32BE(i, MiB - 4);
		hash.update(block);
		writeFileSync(path, block, { flag: i === 0 ? 'w' : 'a' });
	}
	return { size: SIZE, sha256: hash.digest('hex') };
}

beforeAll(async () => {
	folder = mkdtempSync(join(tmpdir(), 'sp-large-'));
	const path = join(folder, 'reel.mp4');
	expected = writeVideo(path);
	offline = await startOfflineServices();
	({ userFolder } = await prepareN8n('e2e-large-upload', sandbox.url, offline, {
		workflows: () => [
			{
				id: WORKFLOW_ID,
				name: 'Upload a large video',
				nodes: [
					{
						id: 'l1',
						name: 'Start',
						type: 'n8n-nodes-base.manualTrigger',
						typeVersion: 1,
						position: [0, 0],
						parameters: {},
					},
					{
						id: 'l2',
						name: 'Read Video',
						type: 'n8n-nodes-base.readWriteFile',
						typeVersion: 1,
						position: [200, 0],
						parameters: { operation: 'read', fileSelector: path, options: {} },
					},
					{
						id: 'l3',
						name: 'Upload',
						type: 'n8n-nodes-social-publishing.socialPublishing',
						typeVersion: 1,
						position: [400, 0],
						parameters: {
							resource: 'media',
							operation: 'upload',
							workspaceId: { __rl: true, mode: 'id', value: DEMO.workspaces.main.id },
							source: 'binary',
							binaryPropertyName: 'data',
						},
						credentials: { socialPublishingApi: { id: CREDENTIAL_ID, name: CREDENTIAL_NAME } },
					},
				],
				connections: {
					Start: { main: [[{ node: 'Read Video', type: 'main', index: 0 }]] },
					'Read Video': { main: [[{ node: 'Upload', type: 'main', index: 0 }]] },
				},
			},
		],
	}));
}, SETUP_TIMEOUT);

afterAll(async () => {
	await offline?.stop();
	if (folder) rmSync(folder, { recursive: true, force: true });
});

// n8n 2.x keeps binaries on disk or in its database (where it hands over the whole file at once).
// n8n 1.x's default keeps them in the item, which `n8n execute` would print whole: the harness
// tests cover that mode.
const MODES = N8N_VERSION.startsWith('1.') ? ['filesystem'] : ['filesystem', 'database'];

test.each(MODES)(
	'a 256 MiB video in the %s store reaches the service whole',
	async (mode) => {
		await sandbox.control.clearRequests();
		const run = await execute(userFolder, WORKFLOW_ID, {
			N8N_DEFAULT_BINARY_DATA_MODE: mode,
			N8N_RESTRICT_FILE_ACCESS_TO: folder,
		});
		// The store n8n kept the file in names itself in the binary's ID.
		expect(run.output('Read Video')[0].binary?.data.id).toMatch(new RegExp(`^${mode}`));
		expect(run.output('Upload').map(({ json }) => json)).toEqual([
			expect.objectContaining({
				name: 'reel.mp4',
				size: SIZE,
				type: 'video',
				mime_type: 'video/mp4',
			}),
		]);
		const requests = await sandbox.control.requests({
			path: `/api/v1/workspaces/${DEMO.workspaces.main.id}/media`,
			method: 'POST',
		});
		expect(requests.map(({ body, status }) => ({ body, status }))).toEqual([
			{
				status: 201,
				body: {
					fields: {},
					files: [{ field: 'file', filename: 'reel.mp4', mimetype: 'video/mp4', ...expected }],
				},
			},
		]);
		// A whole `n8n execute` with 256 MiB through n8n's database: past jest's 2 minutes on a busy CI
		// machine (seen twice in fresh-clone runs, with the other lines of real n8n beside it), well
		// within 5.
	},
	300_000,
);
