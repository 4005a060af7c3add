import { randomBytes } from 'crypto';

export interface MultipartFile {
	field: string;
	data: Buffer;
	fileName: string;
	mimeType: string;
}

export interface MultipartBody {
	body: Buffer;
	contentType: string;
}

function quoted(value: string): string {
	return value.replace(/[\r\n"]/g, (c) => encodeURIComponent(c));
}

/**
 * A multipart body built by hand: n8n's HTTP helper sends a Buffer as is, and shipped code has
 * no runtime dependencies (the only "form-data" strings here are the wire format's own words).
 */
export function multipartBody(
	fields: Record<string, string | undefined>,
	files: MultipartFile[],
): MultipartBody {
	const boundary = `----n8nSocialPublishing${randomBytes(12).toString('hex')}`;
	const parts: Buffer[] = [];
	for (const [name, value] of Object.entries(fields)) {
		if (value === undefined) continue;
		parts.push(
			Buffer.from(
				`--${boundary}\r\nContent-Disposition: form-data; name="${quoted(name)}"\r\n\r\n${value}\r\n`,
			),
		);
	}
	for (const file of files) {
		parts.push(
			Buffer.from(
				`--${boundary}\r\nContent-Disposition: form-data; name="${quoted(file.field)}"; filename="${quoted(file.fileName)}"\r\nContent-Type: ${file.mimeType}\r\n\r\n`,
			),
			file.data,
			Buffer.from('\r\n'),
		);
	}
	parts.push(Buffer.from(`--${boundary}--\r\n`));
	return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
