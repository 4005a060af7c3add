import { randomBytes } from 'crypto';
import type { IExecuteFunctions } from 'n8n-workflow';

/** A stream from n8n's binary store; shipped code may not import node's `stream` (community lint). */
type Readable = Awaited<ReturnType<IExecuteFunctions['helpers']['getBinaryStream']>>;

export interface MultipartFile {
	field: string;
	fileName: string;
	mimeType: string;
	/** Its bytes, known before it is read: the body's Content-Length counts them. */
	size: number;
	/** The file from its first byte, anew at each call: a stream from n8n's binary store, or bytes. */
	open(): Promise<Readable | Buffer>;
}

export interface MultipartBody {
	contentType: string;
	length: number;
	/** In order: the framing as bytes, each file as it opens. */
	parts: Array<Buffer | MultipartFile>;
}

/** One attempt's body, and what ends it once the answer came or the request failed. */
export interface OpenedBody {
	data: Buffer | Readable;
	/** The timeout n8n's HTTP client applies: 0 for a stream, which watches progress itself. */
	timeout: number;
	close(): void;
}

function quoted(value: string): string {
	return value.replace(/[\r\n"]/g, (c) => encodeURIComponent(c));
}

/**
 * A multipart body built by hand: shipped code has no runtime dependencies (the only "form-data"
 * strings here are the wire format's own words). Files are not read here: `openBody` reads them.
 */
export function multipartBody(
	fields: Record<string, string | undefined>,
	files: MultipartFile[],
): MultipartBody {
	const boundary = `----n8nSocialPublishing${randomBytes(12).toString('hex')}`;
	const parts: MultipartBody['parts'] = [];
	const text = (value: string) => parts.push(Buffer.from(value));
	for (const [name, value] of Object.entries(fields)) {
		if (value === undefined) continue;
		text(
			`--${boundary}\r\nContent-Disposition: form-data; name="${quoted(name)}"\r\n\r\n${value}\r\n`,
		);
	}
	for (const file of files) {
		text(
			`--${boundary}\r\nContent-Disposition: form-data; name="${quoted(file.field)}"; filename="${quoted(file.fileName)}"\r\nContent-Type: ${file.mimeType}\r\n\r\n`,
		);
		parts.push(file);
		text('\r\n');
	}
	text(`--${boundary}--\r\n`);
	const length = parts.reduce(
		(sum, part) => sum + (Buffer.isBuffer(part) ? part.length : part.size),
		0,
	);
	return { contentType: `multipart/form-data; boundary=${boundary}`, length, parts };
}

/**
 * Opens the body for one attempt, so that a retry reads its files again and nothing keeps them.
 * Bytes already in memory (n8n 1.x's default binary mode) go as one Buffer under `timeoutMs`.
 * A file from the binary store streams as it is read. n8n's HTTP client times a request from its
 * start to its answer, which would cut off a slow upload; so a stream goes without that timeout
 * and fails the request itself when no byte is taken for `timeoutMs` (a stalled upload). It ends
 * only at `close`, once the answer came, so the same bound counts the wait for the answer.
 */
export async function openBody(body: MultipartBody, timeoutMs: number): Promise<OpenedBody> {
	const opened = await Promise.all(
		body.parts.map(async (part) => (Buffer.isBuffer(part) ? part : await part.open())),
	);
	const stream = opened.find((part): part is Readable => !Buffer.isBuffer(part));
	if (!stream) {
		return { data: Buffer.concat(opened as Buffer[]), timeout: timeoutMs, close: () => {} };
	}
	let answered = () => {};
	const answer = new Promise<void>((resolve) => (answered = resolve));
	let timer: ReturnType<typeof setTimeout> | undefined;
	let taken = false;
	const watch = () => {
		clearTimeout(timer);
		timer = setTimeout(() => {
			answered();
			data.destroy(Object.assign(new Error('timeout: no progress'), { code: 'ETIMEDOUT' }));
		}, timeoutMs);
	};
	async function* chunks() {
		for (const part of opened) {
			for await (const chunk of Buffer.isBuffer(part) ? [part] : part) {
				watch();
				yield chunk as Buffer;
			}
		}
		taken = true;
		watch();
		await answer;
	}
	// The store's stream class is node's Readable or a subclass: its `from` makes ours.
	const { from } = stream.constructor as unknown as {
		from(source: AsyncIterable<Buffer>, options: { objectMode: boolean }): Readable;
	};
	const data = from(chunks(), { objectMode: false });
	return {
		data,
		timeout: 0,
		close: () => {
			clearTimeout(timer);
			answered();
			// Taken whole, it ends and the connection is free again; else the files close now.
			if (!taken) data.destroy();
		},
	};
}
