import { createHash } from 'node:crypto';

import { DEMO, useSandboxApi, ws } from './api.cts';

const api = useSandboxApi();

/** Smallest headers the sniffers read: enough bytes to carry the format and its dimensions. */
const images = {
	png: Buffer.concat([
		Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
		Buffer.from('IHDR'),
		Buffer.from([0, 0, 0x04, 0x38, 0, 0, 0x02, 0x1c, 8, 2, 0, 0, 0]),
	]),
	jpeg: Buffer.from([
		0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01,
		0x00, 0x01, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x02, 0xd0, 0x05, 0x00, 0x03, 0x01, 0x22,
		0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01,
	]),
	gif: Buffer.concat([Buffer.from('GIF89a'), Buffer.from([0x90, 0x01, 0xc8, 0x00, 0xf7, 0, 0])]),
};

function form(
	fields: Record<string, string | { bytes: Buffer; name: string; type: string }>,
): FormData {
	const data = new FormData();
	for (const [name, value] of Object.entries(fields)) {
		if (typeof value === 'string') data.append(name, value);
		else
			data.append(name, new Blob([new Uint8Array(value.bytes)], { type: value.type }), value.name);
	}
	return data;
}

const upload = (fields: Parameters<typeof form>[0]) =>
	api.call('POST', ws('/media'), { form: form(fields) });

describe('media upload (4.12)', () => {
	it.each([
		['png', images.png, 'image/png', 'image', 1080, 540],
		['jpeg', images.jpeg, 'image/jpeg', 'image', 1280, 720],
		['gif', images.gif, 'image/gif', 'gif', 400, 200],
	] as const)(
		'stores a %s file: size, MIME type, dimensions, and serves it back',
		async (extension, bytes, mime, type, width, height) => {
			const { status, body } = await upload({
				file: { bytes, name: `photo.${extension}`, type: mime },
				folder_id: 'folder-1',
			});
			expect(status).toBe(201);
			expect(body.data).toEqual({
				_id: expect.any(String),
				name: `photo.${extension}`,
				url: expect.stringContaining(api.url),
				mime_type: mime,
				extension,
				size: bytes.length,
				type,
				folder_id: 'folder-1',
				is_processing: false,
				created_at: expect.any(String),
				dimensions: { width, height },
			});
			const served = await fetch(body.data.url);
			expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
			const listed = await api.get(ws('/media'));
			expect(listed.body.data[0]._id).toBe(body.data._id);
		},
	);

	it('reads the type from the bytes when the client sends application/octet-stream', async () => {
		const { body } = await upload({
			file: { bytes: images.png, name: 'blob', type: 'application/octet-stream' },
		});
		expect(body.data).toMatchObject({
			mime_type: 'image/png',
			type: 'image',
			dimensions: { width: 1080, height: 540 },
		});
	});

	it('stores a video without dimensions', async () => {
		const mp4 = Buffer.concat([
			Buffer.from([0, 0, 0, 0x18]),
			Buffer.from('ftypmp42'),
			Buffer.alloc(64),
		]);
		const { body } = await upload({ file: { bytes: mp4, name: 'clip.mp4', type: 'video/mp4' } });
		expect(body.data).toMatchObject({
			type: 'video',
			mime_type: 'video/mp4',
			extension: 'mp4',
			dimensions: { width: null, height: null },
		});
	});

	it('rejects a file that is neither image nor video', async () => {
		const { status, body } = await upload({
			file: { bytes: Buffer.from('hello'), name: 'notes.txt', type: 'text/plain' },
		});
		expect(status).toBe(400);
		expect(body.errors).toEqual({ file: ['The file must be an image or a video.'] });
	});

	it('imports from a URL without fetching it, typed by its extension', async () => {
		const { status, body } = await upload({
			url: 'https://cdn.example.com/spring/Hero%20Shot.JPG?v=2',
		});
		expect(status).toBe(201);
		expect(body.data).toMatchObject({
			name: 'Hero Shot.JPG',
			url: 'https://cdn.example.com/spring/Hero%20Shot.JPG?v=2',
			mime_type: 'image/jpeg',
			extension: 'jpg',
			type: 'image',
			folder_id: null,
		});
		const video = await api.post(ws('/media'), { url: 'https://cdn.example.com/a.mov' });
		expect(video.body.data).toMatchObject({ type: 'video', mime_type: 'video/quicktime' });
	});

	it('rejects a URL that is not a URL or names no media file', async () => {
		expect((await upload({ url: 'not a url' })).body.errors).toEqual({
			url: ['The url field must be a valid URL.'],
		});
		expect((await upload({ url: 'https://example.com/page.html' })).body.errors).toEqual({
			url: ['The url must end in an image or video file name.'],
		});
	});

	it('requires exactly one of file and url', async () => {
		const neither = await upload({ folder_id: 'x' });
		expect(neither).toMatchObject({
			status: 400,
			body: {
				status: false,
				errors: { url: ['The url field is required when file is not present.'] },
			},
		});
		const both = await upload({
			url: 'https://cdn.example.com/a.png',
			file: { bytes: images.png, name: 'a.png', type: 'image/png' },
		});
		expect(both).toMatchObject({
			status: 400,
			body: { errors: { url: ['The url field is prohibited when file is present.'] } },
		});
	});

	it('rejects a JSON object posing as a file', async () => {
		const { status, body } = await api.post(ws('/media'), { file: { name: 'a.png' } });
		expect(status).toBe(400);
		expect(body.errors).toEqual({ file: ['The file field must be a file.'] });
	});

	it('logs the multipart body as fields and file digests', async () => {
		await upload({
			file: { bytes: images.gif, name: 'pour.gif', type: 'image/gif' },
			folder_id: 'f',
		});
		const [entry] = await api.control.requests({ path: ws('/media'), method: 'POST' });
		expect(entry.body).toEqual({
			fields: { folder_id: 'f' },
			files: [
				{
					field: 'file',
					filename: 'pour.gif',
					mimetype: 'image/gif',
					size: images.gif.length,
					sha256: createHash('sha256').update(images.gif).digest('hex'),
				},
			],
		});
	});

	it('reads a large file as it streams in: size and sha256 of every byte, only its start held', async () => {
		// A PNG header, then 60 MiB whose bytes vary, so a lost or doubled chunk changes the digest.
		const bytes = Buffer.alloc(60 * 1024 * 1024);
		images.png.copy(bytes);
		for (let i = images.png.length; i < bytes.length; i += 4093) bytes[i] = i % 251;
		const { status, body } = await upload({
			file: { bytes, name: 'large.png', type: 'image/png' },
		});
		expect(status).toBe(201);
		expect(body.data).toMatchObject({ size: bytes.length, mime_type: 'image/png', type: 'image' });
		const [entry] = await api.control.requests({ path: ws('/media'), method: 'POST' });
		expect(entry.body).toMatchObject({
			files: [{ size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') }],
		});
		// Held only in part, the file is not served back.
		expect((await fetch(body.data.url)).status).toBe(404);
	});

	it('keeps uploads in their workspace', async () => {
		await upload({ file: { bytes: images.png, name: 'main.png', type: 'image/png' } });
		const second = await api.get(ws('/media', DEMO.workspaces.second.id));
		expect(second.body.total).toBe(0);
	});
});
