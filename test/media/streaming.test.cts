// Large uploads stream from n8n's binary store: the service gets every byte (size and sha256 in its
// log), each attempt reads the file again, and the timeout catches a stalled upload but never one
// that is still moving bytes. Files are made here, larger than any buffer on the way.
import { createHash } from 'node:crypto';

import type { INodeParameters } from 'n8n-workflow';

import { binaryItem, runNode } from '../harness/engine.cts';
import type { BinaryMode } from '../harness/engine.cts';
import { useSandbox } from '../harness/sandbox.cts';
import { inWorkspace, MAIN_WORKSPACE } from '../library/fixtures.cts';

const sandbox = useSandbox();
const MEDIA = `/api/v1/workspaces/${MAIN_WORKSPACE}/media`;
const MiB = 1024 * 1024;

beforeEach(async () => {
	await sandbox.control.reset();
});

/** An MP4-looking file of `size` bytes whose bytes vary, so a lost or doubled chunk shows. */
function video(size: number): Buffer {
	const bytes = Buffer.alloc(size);
	Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70]).copy(bytes);
	for (let i = 8; i < size; i += 509) bytes[i] = (i >> 9) % 256;
	return bytes;
}

const digest = (bytes: Buffer) => ({
	size: bytes.length,
	sha256: createHash('sha256').update(bytes).digest('hex'),
});

async function upload(bytes: Buffer, binaryMode: BinaryMode, options: INodeParameters) {
	return await runNode({
		parameters: inWorkspace('media', 'upload', { source: 'binary', options }),
		items: [binaryItem({}, { data: { data: bytes, fileName: 'reel.mp4', mimeType: 'video/mp4' } })],
		credentials: sandbox.credentials(),
		binaryMode,
	});
}

/** The files the service received, one per request, in order. */
async function received() {
	const requests = await sandbox.control.requests({ path: MEDIA, method: 'POST' });
	return requests.map((request) => (request.body as { files: object[] }).files);
}

test('a dropped first attempt: the resend reads the file from the store again, whole', async () => {
	const bytes = video(24 * MiB);
	await sandbox.control.fault({ method: 'POST', path: MEDIA, answer: 'drop' });
	const { output, error } = await upload(bytes, 'filesystem', {});
	expect(error).toBeUndefined();
	expect(output[0].json).toMatchObject({ name: 'reel.mp4', size: bytes.length, type: 'video' });
	const expected = { field: 'file', filename: 'reel.mp4', mimetype: 'video/mp4', ...digest(bytes) };
	expect(await received()).toEqual([[expected], [expected]]);
});

test('a finished upload leaves no timer running, so n8n can shut down at once', async () => {
	const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
	const before = timers();
	const { error } = await upload(video(8 * MiB), 'filesystem', {});
	expect(error).toBeUndefined();
	// Fewer is fine: a timer of the test's own set-up may have ended meanwhile.
	expect(timers()).toBeLessThanOrEqual(before);
});

test('a slow upload still moving bytes is not cut off by the timeout', async () => {
	// About 5 s of sending at 8 MiB/s, under a timeout of 2 s.
	const bytes = video(40 * MiB);
	await sandbox.control.uploadPace({ bytesPerSecond: 8 * MiB });
	const { output, error } = await upload(bytes, 'filesystem', { timeout: 2 });
	expect(error).toBeUndefined();
	expect(output[0].json).toMatchObject({ size: bytes.length });
	expect(await received()).toEqual([[expect.objectContaining(digest(bytes))]]);
});

test.each<BinaryMode>(['filesystem', 'memory'])(
	'a stalled upload (%s mode) is a timeout error, and nothing is sent again with On Server Error "Fail"',
	async (binaryMode) => {
		await sandbox.control.uploadPace({ bytesPerSecond: 64 * MiB, stallAfterBytes: MiB });
		const { output, error } = await upload(video(8 * MiB), binaryMode, {
			timeout: 1,
			onServerError: 'fail',
		});
		expect(output).toEqual([]);
		expect(error?.message).toBe(
			`No answer from the Social Publishing service within 1 s (POST ${MEDIA})`,
		);
		expect(error?.description).toContain('Try again later, or raise Options > Timeout.');
	},
);

test("a file gone from n8n's binary store is a clear error, and no item is sent", async () => {
	const present = binaryItem(
		{},
		{ data: { data: video(MiB), fileName: 'a.mp4', mimeType: 'video/mp4' } },
	);
	const gone = {
		json: {},
		binary: {
			data: {
				id: 'filesystem-v2:workflows/gone/executions/gone/binary_data/gone',
				data: 'filesystem-v2',
				mimeType: 'video/mp4',
				fileName: 'b.mp4',
			},
		},
	};
	const { error } = await runNode({
		parameters: inWorkspace('media', 'upload', { source: 'binary' }),
		items: [present, gone],
		credentials: sandbox.credentials(),
		binaryMode: 'filesystem',
	});
	expect(error?.message).toBe(
		"The file of the input binary field 'data' is no longer in n8n's binary data store",
	);
	expect(error?.description).toContain('Run the workflow again from the step that made the file.');
	expect(error?.itemIndex).toBe(1);
	expect(await received()).toEqual([]);
});

test('a service that cannot be reached, with a file from the store: a clear error', async () => {
	const { error } = await runNode({
		parameters: inWorkspace('media', 'upload', { source: 'binary' }),
		items: [
			binaryItem({}, { data: { data: video(MiB), fileName: 'a.mp4', mimeType: 'video/mp4' } }),
		],
		credentials: { ...sandbox.credentials(), baseUrl: 'http://127.0.0.1:9' },
		binaryMode: 'filesystem',
	});
	expect(error?.message).toBe(
		'Could not reach the Social Publishing service at http://127.0.0.1:9: the connection was refused',
	);
});
