// An MCP client for "Posts from your assistant", made with the official MCP TypeScript SDK: what
// `npm start` prints to try the example without an assistant, and what the end-to-end test uses.
//
//   scripts/node24 tsx scripts/mcp-client.cts                         the tools, then the accounts
//   scripts/node24 tsx scripts/mcp-client.cts TOOL '{"key": "value"}'   calls one tool
//
// Options: --url URL (default: the demo's n8n), --token TOKEN (default: the demo's), --sse (the
// SSE transport instead of Streamable HTTP).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import { MCP_DEMO_TOKEN, MCP_PATH } from './examples.cts';

export type McpTransport = 'streamable-http' | 'sse';

/** A connected client, as any MCP client connects: the URL, and the token as a Bearer header. */
export async function connectMcp(
	url: string,
	token: string,
	transport: McpTransport = 'streamable-http',
): Promise<Client> {
	const client = new Client({ name: 'social-publishing-demo-client', version: '1.0.0' });
	const headers = { Authorization: `Bearer ${token}` };
	await client.connect(
		transport === 'sse'
			? new SSEClientTransport(new URL(url), { requestInit: { headers } })
			: new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }),
	);
	return client;
}

/** The text of a tool's answer, and whether the server marked it an error. */
export async function callTool(
	client: Client,
	name: string,
	args: Record<string, unknown>,
): Promise<{ text: string; isError: boolean }> {
	const result = await client.callTool({ name, arguments: args });
	const content = (result.content ?? []) as { type: string; text?: string }[];
	return {
		text: content.map((part) => part.text ?? '').join('\n'),
		isError: result.isError === true,
	};
}

async function main(argv: string[]): Promise<void> {
	let url = `http://127.0.0.1:5678${MCP_PATH}`;
	let token = MCP_DEMO_TOKEN;
	let transport: McpTransport = 'streamable-http';
	const rest: string[] = [];
	for (let i = 0; i < argv.length; i++) {
		if (argv[i] === '--url') url = argv[++i];
		else if (argv[i] === '--token') token = argv[++i];
		else if (argv[i] === '--sse') transport = 'sse';
		else rest.push(argv[i]);
	}
	const client = await connectMcp(url, token, transport);
	try {
		if (rest.length === 0) {
			const { tools } = await client.listTools();
			for (const tool of tools) console.log(`${tool.name}: ${tool.description ?? ''}\n`);
			rest.push('List_accounts');
		}
		const [name, args = '{}'] = rest;
		const answer = await callTool(client, name, JSON.parse(args) as Record<string, unknown>);
		console.log(`${name}${answer.isError ? ' (tool error)' : ''}:\n${answer.text}`);
	} finally {
		await client.close();
	}
}

if (require.main === module) {
	main(process.argv.slice(2)).catch((error: unknown) => {
		console.error(error instanceof Error ? error.message : error);
		process.exit(1);
	});
}
