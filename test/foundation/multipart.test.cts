// The multipart path: a binary file of the input item reaches the service byte for byte, with its
// name and MIME type, whether n8n keeps binaries in memory (its default) or on the filesystem.
import { createHash } from 'node:crypto';

import { DEMO } from '../../sandbox/demo-data.cts';
import { binaryItem, expectNoSecret, runNode } from '../harness/engine.cts';
import type { BinaryMode } from '../harness/engine.cts';
import { useSandbox } from '../harness/sandbox.cts';

const sandbox = useSandbox();

const WORKSPACE_ID = DEMO.workspaces.main.id;
const mediaPath = `/api/v1/workspaces/${WORKSPACE_ID}/media`;

/** A small PNG-looking file with every byte value in it, so no encoding step can go unnoticed. */
const fileBytes = Buffer.concat([
	Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
	Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
	Buffer.from('\r\n--not-a-boundary--\r\n', 'latin1'),
]);
const sha256 = createHash('sha256').update(fileBytes).digest('hex');

const uploadParameters = {
	resource: 'media',
	operation: 'upload',
	workspaceId: { __rl: true, mode: 'id', value: WORKSPACE_ID },
	source: 'binary',
	binaryPropertyName: 'photo',
};

describe.each<BinaryMode>(['memory', 'filesystem'])(
	'media upload with binaries in %s mode',
	(binaryMode) => {
		test("the service receives the file's bytes, name and MIME type intact", async () => {
			const credentials = sandbox.credentials('full');
			const result = await runNode({
				parameters: uploadParameters,
				items: [
					binaryItem(
						{},
						{
							photo: { data: fileBytes, fileName: 'Latte art (final).png', mimeType: 'image/png' },
						},
					),
				],
				credentials,
				binaryMode,
			});

			expect(result.error).toBeUndefined();
			expect(result.output).toHaveLength(1);
			const requests = (await sandbox.control.requests()).filter(
				(request) => request.path === mediaPath,
			);
			expect(requests).toHaveLength(1);
			expect(requests[0]).toMatchObject({ method: 'POST', status: 201, key: 'full' });
			expect(requests[0].body).toMatchObject({
				files: [
					{
						field: 'file',
						filename: 'Latte art (final).png',
						mimetype: 'image/png',
						size: fileBytes.length,
						sha256,
					},
				],
			});
			expectNoSecret(result, credentials.apiKey);
		});
	},
);

test('the folder travels as a form field beside the file', async () => {
	const result = await runNode({
		parameters: { ...uploadParameters, options: { folderId: 'folder-1' } },
		items: [
			binaryItem({}, { photo: { data: fileBytes, fileName: 'a.png', mimeType: 'image/png' } }),
		],
		credentials: sandbox.credentials('full'),
	});

	const request = (await sandbox.control.requests()).find((r) => r.path === mediaPath);
	expect(request?.body).toMatchObject({ fields: { folder_id: 'folder-1' }, files: [{ sha256 }] });
	// The sandbox takes any folder ID, so the upload succeeds.
	expect(result.error).toBeUndefined();
});
