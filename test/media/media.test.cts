// The media library through the real engine: uploads from the input item's binary data (in n8n's
// memory and filesystem binary modes) or from a URL, and Get Many with type, search and sort.
import { createHash } from 'node:crypto';

import { binaryItem, runNode } from '../harness/engine.cts';
import type { BinaryMode } from '../harness/engine.cts';
import { useSandbox } from '../harness/sandbox.cts';
import { DEMO } from '../../sandbox/demo-data.cts';

import {
	calls,
	inWorkspace,
	listTotal,
	MAIN_WORKSPACE,
	queriesTo,
	seedMain,
} from '../library/fixtures.cts';

const sandbox = useSandbox();
const MEDIA = `/api/v1/workspaces/${MAIN_WORKSPACE}/media`;

beforeEach(async () => {
	await sandbox.control.clearRequests();
});

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** A PNG-looking file whose bytes cover every value, so any re-encoding on the way shows. */
function photo(size = 70_000): Buffer {
	const bytes = Buffer.alloc(size);
	for (let i = 0; i < size; i++) bytes[i] = (i * 7 + (i >> 8)) % 256;
	Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
	return bytes;
}

/** The bytes the sandbox stored, read back from the media item's URL. */
async function storedBytes(url: string): Promise<Buffer> {
	const response = await fetch(url);
	expect(response.status).toBe(200);
	return Buffer.from(await response.arrayBuffer());
}

describe('Upload', () => {
	test.each<BinaryMode>(['memory', 'filesystem'])(
		'from a binary property (%s mode): bytes, name and type arrive intact',
		async (binaryMode) => {
			const data = photo();
			const { output, error } = await runNode({
				parameters: inWorkspace('media', 'upload', {
					source: 'binary',
					binaryPropertyName: 'picture',
				}),
				items: [
					binaryItem(
						{ note: 'kept apart' },
						{ picture: { data, fileName: 'Café menü.png', mimeType: 'image/png' } },
					),
				],
				credentials: sandbox.credentials(),
				binaryMode,
			});
			expect(error).toBeUndefined();
			expect(output).toHaveLength(1);
			expect(output[0].json).toMatchObject({
				name: 'Café menü.png',
				mime_type: 'image/png',
				size: data.length,
				type: 'image',
			});
			expect(output[0].pairedItem).toEqual({ item: 0 });
			expect(sha256(await storedBytes(String(output[0].json.url)))).toBe(sha256(data));
			expect(await calls(sandbox.control)).toEqual([`POST ${MEDIA}`]);
		},
	);

	test('into a folder', async () => {
		const { output, error } = await runNode({
			parameters: inWorkspace('media', 'upload', {
				source: 'binary',
				options: { folderId: 'folder-42' },
			}),
			items: [
				binaryItem({}, { data: { data: photo(1000), fileName: 'a.png', mimeType: 'image/png' } }),
			],
			credentials: sandbox.credentials(),
		});
		expect(error).toBeUndefined();
		expect(output[0].json.folder_id).toBe('folder-42');
	});

	test('a missing binary property is a clear error and nothing is sent', async () => {
		const { error } = await runNode({
			parameters: inWorkspace('media', 'upload', {
				source: 'binary',
				binaryPropertyName: 'picture',
			}),
			items: [
				binaryItem({}, { data: { data: photo(100), fileName: 'a.png', mimeType: 'image/png' } }),
			],
			credentials: sandbox.credentials(),
		});
		expect(error?.message).toContain("'picture'");
		expect(error?.itemIndex).toBe(0);
		expect(await calls(sandbox.control)).toEqual([]);
	});

	test.each(['https://images.demo.social/new-mug.jpg', 'http://images.demo.social/new-mug.jpg'])(
		'from a URL, which the API imports: %s',
		async (url) => {
			const { output, error } = await runNode({
				parameters: inWorkspace('media', 'upload', { source: 'url', url }),
				credentials: sandbox.credentials(),
			});
			expect(error).toBeUndefined();
			expect(output[0].json).toMatchObject({ name: expect.stringContaining('new-mug') });
			expect(await calls(sandbox.control)).toEqual([`POST ${MEDIA}`]);
		},
	);

	test.each([
		['={{ "" }}', 'URL: is required'],
		['new-mug.jpg', 'URL: "new-mug.jpg" is not a URL'],
		[
			'ftp://files.example.com/mug.jpg',
			'URL: "ftp://files.example.com/mug.jpg" is not an http(s) URL',
		],
	])('a URL of %j is refused before sending', async (url, message) => {
		const { error } = await runNode({
			parameters: inWorkspace('media', 'upload', { source: 'url', url }),
			credentials: sandbox.credentials(),
		});
		expect(error?.message).toContain(message);
		expect(error?.description).toContain('Item 0 was not sent');
		expect(await calls(sandbox.control)).toEqual([]);
	});

	test('continueOnFail: an item without the file fails alone; the others upload, each paired', async () => {
		const file = (name: string) =>
			binaryItem({}, { data: { data: photo(500), fileName: name, mimeType: 'image/png' } });
		const { output, error } = await runNode({
			parameters: inWorkspace('media', 'upload', { source: 'binary' }),
			items: [file('one.png'), { json: {} }, file('three.png')],
			credentials: sandbox.credentials(),
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(output.map(({ json, pairedItem }) => [json.name ?? 'error', pairedItem])).toEqual([
			['one.png', { item: 0 }],
			['error', { item: 1 }],
			['three.png', { item: 2 }],
		]);
		expect(String(output[1].json.error)).toContain("'data'");
	});
});

describe('Get Many', () => {
	test('type, search and sort go to the API', async () => {
		const { output, error } = await runNode({
			parameters: inWorkspace('media', 'getAll', {
				returnAll: true,
				filters: { type: 'images', search: 'latte' },
				options: { sort: 'a2z' },
			}),
			credentials: sandbox.credentials(),
		});
		expect(error).toBeUndefined();
		expect(output.map(({ json }) => json._id)).toEqual([DEMO.media.latteArt]);
		expect(await queriesTo(sandbox.control, MEDIA)).toEqual([
			expect.objectContaining({ type: 'images', search: 'latte', sort: 'a2z' }),
		]);
	});

	test('sorting by name, and Return All past 100 items', async () => {
		await seedMain(sandbox.control, 'media', 110);
		const total = await listTotal(sandbox.control, 'media');
		const { output, error } = await runNode({
			parameters: inWorkspace('media', 'getAll', { returnAll: true, options: { sort: 'z2a' } }),
			credentials: sandbox.credentials(),
		});
		expect(error).toBeUndefined();
		expect(output).toHaveLength(total);
		const names = output.map(({ json }) => String(json.name).toLowerCase());
		expect(names).toEqual([...names].sort().reverse());
	});

	test('a search over 255 characters, or an unknown type or sort: refused before sending', async () => {
		const cases = [
			[
				{ filters: { search: 'x'.repeat(256) } },
				'Search: is 256 characters long; the limit is 255',
			],
			[{ filters: { type: '={{ "gifs" }}' } }, 'Type: "gifs" is not one of "images", "videos"'],
			[{ options: { sort: '={{ "newest" }}' } }, 'Sort: "newest" is not one of'],
		] as const;
		for (const [rest, message] of cases) {
			const { error } = await runNode({
				parameters: inWorkspace('media', 'getAll', { returnAll: true, ...rest }),
				credentials: sandbox.credentials(),
			});
			expect(error?.message).toContain(message);
		}
		expect(await calls(sandbox.control)).toEqual([]);
	});
});
