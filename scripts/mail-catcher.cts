// A local SMTP server that keeps every e-mail it receives, for the offline demo and the tests: the
// "Approve from Slack" example sends its question by e-mail there (n8n's Send and Wait by e-mail,
// the same wait-and-resume as Slack's buttons). Plain SMTP, no TLS, no authentication, 127.0.0.1 only.
import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface CaughtMail {
	from: string;
	to: string[];
	subject: string;
	/** The HTML part (or the text, when the mail has no HTML). */
	html: string;
}

export interface MailCatcher {
	port: number;
	stop(): Promise<void>;
}

/** Undoes a body's transfer encoding (nodemailer picks quoted-printable or base64). */
function decodeBody(body: string, encoding: string): string {
	if (encoding === 'base64')
		return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
	if (encoding !== 'quoted-printable') return body;
	const bytes = body
		.replace(/=\r?\n/g, '')
		.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
	return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Headers (unfolded, names in lower case) and body of one MIME entity. */
function splitEntity(raw: string): { headers: Record<string, string>; body: string } {
	const at = raw.search(/\r?\n\r?\n/);
	const head = at < 0 ? raw : raw.slice(0, at);
	const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
	const headers: Record<string, string> = {};
	for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
		const colon = line.indexOf(':');
		if (colon > 0)
			headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
	}
	return { headers, body };
}

/** The HTML of a message: its body, or the text/html part of a multipart one. */
function htmlOf(raw: string): { subject: string; html: string } {
	const { headers, body } = splitEntity(raw);
	const type = headers['content-type'] ?? 'text/plain';
	const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
	let html = decodeBody(body, (headers['content-transfer-encoding'] ?? '').toLowerCase());
	if (boundary) {
		const parts = body.split(`--${boundary}`).map(splitEntity);
		const part =
			parts.find((each) => /text\/html/i.test(each.headers['content-type'] ?? '')) ??
			parts.find((each) => /text\/plain/i.test(each.headers['content-type'] ?? ''));
		html = part
			? decodeBody(part.body, (part.headers['content-transfer-encoding'] ?? '').toLowerCase())
			: '';
	}
	return { subject: headers.subject ?? '', html };
}

function serve(socket: Socket, keep: (mail: CaughtMail) => void): void {
	let buffer = '';
	let from = '';
	let to: string[] = [];
	let data: string[] | undefined;
	const reply = (line: string) => socket.write(`${line}\r\n`);
	reply('220 127.0.0.1 mail catcher');
	socket.on('data', (chunk: Buffer) => {
		buffer += chunk.toString('latin1');
		for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
			const line = buffer.slice(0, end);
			buffer = buffer.slice(end + 2);
			if (data) {
				if (line !== '.') {
					data.push(line.startsWith('..') ? line.slice(1) : line);
					continue;
				}
				const raw = Buffer.from(data.join('\r\n'), 'latin1').toString('utf8');
				keep({ from, to, ...htmlOf(raw) });
				data = undefined;
				reply('250 OK: kept');
				continue;
			}
			const command = line.slice(0, 4).toUpperCase();
			const address = /<([^>]*)>/.exec(line)?.[1] ?? '';
			if (command === 'EHLO' || command === 'HELO') reply('250 127.0.0.1');
			else if (command === 'MAIL') [from, to] = [address, []];
			else if (command === 'RCPT') to.push(address);
			else if (command === 'DATA') data = [];
			else if (command === 'QUIT') {
				reply('221 Bye');
				socket.end();
				return;
			}
			if (command === 'MAIL' || command === 'RCPT' || command === 'RSET' || command === 'NOOP')
				reply('250 OK');
			else if (command === 'DATA') reply('354 End data with <CR><LF>.<CR><LF>');
			else if (!['EHLO', 'HELO'].includes(command)) reply('502 Command not implemented');
		}
	});
	socket.on('error', () => socket.destroy());
}

export async function startMailCatcher(
	port: number,
	keep: (mail: CaughtMail) => void,
): Promise<MailCatcher> {
	const sockets = new Set<Socket>();
	const server = createServer((socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
		serve(socket, keep);
	});
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, '127.0.0.1', () => resolve());
	});
	return {
		port: (server.address() as AddressInfo).port,
		stop: () =>
			new Promise<void>((resolve) => {
				for (const socket of sockets) socket.destroy();
				server.close(() => resolve());
			}),
	};
}
