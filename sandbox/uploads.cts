// Uploaded files and what the sandbox reads from their bytes: the media type and, for
// PNG, JPEG and GIF, the pixel dimensions.
import { createHash } from 'node:crypto';

/**
 * Bytes of an upload held in memory: a file up to this size is kept whole (served back from its
 * url); of a larger one only its start, which tells the type. Size and sha256 cover every byte.
 */
export const KEPT_BYTES = 4 * 1024 * 1024;

export class UploadedFile {
	readonly filename: string;
	readonly mimetype: string;
	readonly size: number;
	readonly sha256: string;
	/** The file's first bytes, at most KEPT_BYTES and a chunk. */
	readonly head: Buffer;
	/** The whole file when it fits in KEPT_BYTES; else null. */
	readonly bytes: Buffer | null;

	constructor(filename: string, mimetype: string, size: number, sha256: string, head: Buffer) {
		this.filename = filename;
		this.mimetype = mimetype;
		this.size = size;
		this.sha256 = sha256;
		this.head = head;
		this.bytes = head.length === size ? head : null;
	}

	/** Reads an upload as it arrives: hashes every byte, keeps no more than KEPT_BYTES of them. */
	static async read(filename: string, mimetype: string, chunks: AsyncIterable<Buffer>) {
		const hash = createHash('sha256');
		const kept: Buffer[] = [];
		let size = 0;
		for await (const chunk of chunks) {
			if (size < KEPT_BYTES) kept.push(chunk);
			size += chunk.length;
			hash.update(chunk);
		}
		return new UploadedFile(filename, mimetype, size, hash.digest('hex'), Buffer.concat(kept));
	}
}

export interface Dimensions {
	width: number | null;
	height: number | null;
}

const NONE: Dimensions = { width: null, height: null };

function pngSize(bytes: Buffer): Dimensions {
	return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

function gifSize(bytes: Buffer): Dimensions {
	return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
}

/** Walks JPEG segments to the first start-of-frame marker, which holds the size. */
function jpegSize(bytes: Buffer): Dimensions {
	let offset = 2;
	while (offset + 9 < bytes.length) {
		if (bytes[offset] !== 0xff) return NONE;
		const marker = bytes[offset + 1];
		const length = bytes.readUInt16BE(offset + 2);
		const isFrame =
			marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
		if (isFrame)
			return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
		offset += 2 + length;
	}
	return NONE;
}

interface Sniffed {
	mime: string;
	dimensions: Dimensions;
}

const SIGNATURES: {
	test: (bytes: Buffer) => boolean;
	mime: string;
	size: (bytes: Buffer) => Dimensions;
}[] = [
	{
		test: (b) =>
			b.length >= 24 &&
			b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
		mime: 'image/png',
		size: pngSize,
	},
	{
		test: (b) => b.length >= 4 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
		mime: 'image/jpeg',
		size: jpegSize,
	},
	{
		test: (b) => b.length >= 10 && /^GIF8[79]a$/.test(b.subarray(0, 6).toString('latin1')),
		mime: 'image/gif',
		size: gifSize,
	},
	{
		test: (b) => b.length >= 12 && b.subarray(4, 8).toString('latin1') === 'ftyp',
		mime: 'video/mp4',
		size: () => NONE,
	},
	{
		test: (b) =>
			b.length >= 12 &&
			b.subarray(0, 4).toString('latin1') === 'RIFF' &&
			b.subarray(8, 12).toString('latin1') === 'WEBP',
		mime: 'image/webp',
		size: () => NONE,
	},
];

/** The media type the bytes show, with dimensions when the format carries them simply. */
export function sniff(bytes: Buffer): Sniffed | null {
	const match = SIGNATURES.find((signature) => signature.test(bytes));
	return match ? { mime: match.mime, dimensions: match.size(bytes) } : null;
}

/** Media types by file extension, for URL imports (which the sandbox does not fetch). */
export const EXTENSION_TYPES: Record<string, string> = {
	png: 'image/png',
	jpg: 'image/jpeg',
	jpeg: 'image/jpeg',
	gif: 'image/gif',
	webp: 'image/webp',
	mp4: 'video/mp4',
	mov: 'video/quicktime',
	webm: 'video/webm',
	m4v: 'video/x-m4v',
};

export const extensionOf = (name: string) => {
	const match = /\.([a-z0-9]+)$/i.exec(name);
	return match ? match[1].toLowerCase() : '';
};

export const mediaKind = (mime: string): 'image' | 'video' | 'gif' | null =>
	mime === 'image/gif'
		? 'gif'
		: mime.startsWith('image/')
			? 'image'
			: mime.startsWith('video/')
				? 'video'
				: null;
