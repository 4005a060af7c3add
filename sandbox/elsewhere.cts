// Another origin, on another loopback address: where a redirect fault points (a moved domain, a
// proxy, a captive portal). It answers every request with the API's envelope of an empty list, so
// a client that followed the redirect would carry on unaware; its log shows what reached it,
// headers and all.
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';

import type { Runtime } from './runtime.cts';

export interface ElsewhereRequest {
	method: string;
	url: string;
	/** The name of the API key it carried (`full`...), `unknown`, or null without one. */
	key: string | null;
	headers: IncomingHttpHeaders;
}

const listen = (server: Server, host: string) =>
	new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(0, host, () => resolve());
	});

/** Listens on 127.0.0.2, or on 127.0.0.1 (another port) where that address is missing (macOS). */
export async function startElsewhere(runtime: Runtime): Promise<Server> {
	const server = createServer((request, response) => {
		const value = request.headers['x-api-key'];
		runtime.elsewhere.push({
			method: request.method ?? '',
			url: request.url ?? '',
			key: runtime.keyName(typeof value === 'string' ? value : undefined),
			headers: request.headers,
		});
		request.resume().on('end', () => {
			response.writeHead(200, { 'content-type': 'application/json' });
			response.end(JSON.stringify({ status: true, message: 'Elsewhere', data: [] }));
		});
	});
	let host = '127.0.0.2';
	await listen(server, host).catch(async () => listen(server, (host = '127.0.0.1')));
	const address = server.address();
	runtime.elsewhereUrl = `http://${host}:${typeof address === 'object' && address ? address.port : 0}`;
	return server;
}
