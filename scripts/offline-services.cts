// Stand-ins for the outside world the example workflows talk to, so the demo and the end-to-end
// tests run with no network: an RSS feed with images, a catcher that records what a workflow
// would have sent to Slack (and a mail catcher for Slack's Send and Wait, which goes by e-mail
// here), with a page listing both, and a scripted chat model with OpenAI's API for the AI agent
// example. Listens on 127.0.0.1 only.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { startMailCatcher } from './mail-catcher.cts';

export interface CaughtMessage {
	path: string;
	body: unknown;
	receivedAt: string;
}

export interface OfflineServices {
	url: string;
	/** The RSS feed the "RSS to scheduled posts" example reads. */
	feedUrl: string;
	/** Where the examples' Slack steps post in the demo. */
	catcherUrl: string;
	/** Base URL of the scripted chat model (OpenAI's chat completions API), for an OpenAI credential. */
	modelUrl: string;
	/** The SMTP port of the mail catcher: its mails are caught with the path `/mail`. */
	mailPort: number;
	caught(): CaughtMessage[];
	/** The requests the chat model answered, in order. */
	modelCalls(): ChatRequest[];
	/** Serves these stories from now on, in this order (FEED_ITEMS until then). */
	setFeed(stories: readonly FeedStory[]): void;
	clear(): void;
	stop(): Promise<void>;
}

/** A story of the feed; its image is served beside the feed as images/<slug>.jpg. */
export interface FeedStory {
	slug: string;
	title: string;
	text: string;
	/** False for a story the feed lists without an image (no enclosure). */
	image?: boolean;
	/** Its pubDate; FEED_ITEMS are a day apart in January 2026, newest first. */
	published?: Date;
}

/** The feed's stories; each has an image served beside the feed. */
export const FEED_ITEMS = [
	{
		slug: 'cold-brew',
		title: 'Cold brew season is here',
		text: 'Our 18-hour cold brew is back on the menu.',
	},
	{
		slug: 'latte-art',
		title: 'Latte art workshop on Saturday',
		text: 'Learn to pour a rosetta with our baristas.',
	},
	{
		slug: 'new-roast',
		title: 'Meet our new Ethiopian roast',
		text: 'Floral, bright and roasted in small batches.',
	},
] as const;

interface ChatMessage {
	role: string;
	content: string | null;
	tool_call_id?: string;
}

export interface ChatRequest {
	model: string;
	messages: ChatMessage[];
	tools?: {
		type: string;
		function: { name: string; description?: string; parameters?: unknown };
	}[];
}

/** What the scripted model schedules (with the accounts it found through List accounts). */
export const MODEL_POST = {
	text: 'Latte art workshop this Saturday at 10:00! Learn to pour a rosetta with our baristas. Sign up at the counter.',
	// Next year's 4 May, so that the time is always in the future.
	scheduled_at: `${new Date().getUTCFullYear() + 1}-05-04T10:00:00+02:00`,
	platforms: ['facebook', 'instagram'],
};

/** The note the scripted model approves a post with, in the approval conversation. */
export const MODEL_APPROVAL_COMMENT = 'Approved by the assistant: text and schedule look right.';

/**
 * A chat model that plays two conversations the way a real model would. The AI agent example's:
 * it asks the List accounts tool for the accounts, then calls Schedule a post with a Facebook and
 * an Instagram one. The approval one: it lists the posts awaiting approval, then approves the first
 * of them. Either way it then answers with what the last tool said.
 */
function scriptedModelAnswer(request: ChatRequest): Record<string, unknown> {
	const last = request.messages[request.messages.length - 1];
	const toolNames = (request.tools ?? []).map((tool) => tool.function.name);
	const call = (id: string, name: string, args: object) => ({
		role: 'assistant',
		content: null,
		tool_calls: [{ id, type: 'function', function: { name, arguments: JSON.stringify(args) } }],
	});
	let message: Record<string, unknown>;
	if (last.role !== 'tool' && toolNames.includes('List_posts_awaiting_approval')) {
		message = call('call_list_pending', 'List_posts_awaiting_approval', {});
	} else if (last.role === 'tool' && last.tool_call_id === 'call_list_pending') {
		const posts = JSON.parse(last.content ?? '[]') as { id: string }[];
		message = call('call_approve', 'Approve_a_post', {
			post_id: posts[0]?.id ?? '',
			comment: MODEL_APPROVAL_COMMENT,
		});
	} else if (last.role !== 'tool' && toolNames.includes('List_accounts')) {
		message = call('call_list_accounts', 'List_accounts', {});
	} else if (last.role === 'tool' && last.tool_call_id === 'call_list_accounts') {
		const accounts = JSON.parse(last.content ?? '[]') as {
			_id?: string;
			id?: string;
			platform: string;
		}[];
		// The first account of each platform: a page rather than a group, as the list goes.
		const ids = MODEL_POST.platforms
			.map((platform) => accounts.find((account) => account.platform === platform))
			.map((account) => account?._id ?? account?.id);
		message = call('call_schedule_post', 'Schedule_a_post', {
			text: MODEL_POST.text,
			account_ids: ids.join(','),
			scheduled_at: MODEL_POST.scheduled_at,
		});
	} else {
		message = { role: 'assistant', content: `Done. The tool answered: ${last.content ?? ''}` };
	}
	return {
		id: `chatcmpl-${request.messages.length}`,
		object: 'chat.completion',
		created: Math.floor(Date.now() / 1000),
		model: request.model,
		choices: [{ index: 0, message, finish_reason: message.tool_calls ? 'tool_calls' : 'stop' }],
		usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
	};
}

/** A tiny valid JPEG (1x1 pixel), different per image so uploads are distinguishable by size. */
function jpeg(seed: number): Buffer {
	const base = Buffer.from(
		'/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
		'base64',
	);
	return Buffer.concat([base, Buffer.alloc(seed * 16, 0x20)]);
}

function feedXml(url: string, stories: readonly FeedStory[]): string {
	const items = stories
		.map(
			(item, index) => `
		<item>
			<title>${item.title}</title>
			<link>${url}/stories/${item.slug}</link>
			<guid>${url}/stories/${item.slug}</guid>
			<description>${item.text}</description>
			<pubDate>${(item.published ?? new Date(Date.UTC(2026, 0, 10 - index, 8))).toUTCString()}</pubDate>
			${item.image === false ? '' : `<enclosure url="${url}/images/${item.slug}.jpg" type="image/jpeg" length="${jpeg(index + 1).length}" />`}
		</item>`,
		)
		.join('');
	return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0">
	<channel>
		<title>Acme Coffee blog</title>
		<link>${url}</link>
		<description>Stories from the roastery</description>${items}
	</channel>
</rss>`;
}

export async function startOfflineServices(port = 0, mailPort = 0): Promise<OfflineServices> {
	let caught: CaughtMessage[] = [];
	let modelCalls: ChatRequest[] = [];
	let feed: readonly FeedStory[] = FEED_ITEMS;
	let url = '';
	const server = createServer((req, res) => {
		const path = (req.url ?? '/').split('?')[0];
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			if (req.method === 'GET' && path === '/feed.xml') {
				res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' });
				res.end(feedXml(url, feed));
				return;
			}
			const image = /^\/images\/([a-z0-9-]+)\.jpg$/.exec(path);
			const index = image ? feed.findIndex((item) => item.slug === image[1]) : -1;
			if (req.method === 'GET' && index >= 0) {
				res.writeHead(200, { 'content-type': 'image/jpeg' });
				res.end(jpeg(index + 1));
				return;
			}
			if (req.method === 'POST' && path.startsWith('/catch')) {
				const raw = Buffer.concat(chunks).toString('utf8');
				let body: unknown = raw;
				try {
					body = JSON.parse(raw);
				} catch {
					// A non-JSON body is kept as text.
				}
				caught.push({ path, body, receivedAt: new Date().toISOString() });
				res.writeHead(200, { 'content-type': 'application/json' });
				res.end(JSON.stringify({ ok: true }));
				return;
			}
			if (req.method === 'POST' && path === '/v1/chat/completions') {
				const request = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequest;
				modelCalls.push(request);
				res.writeHead(200, { 'content-type': 'application/json' });
				res.end(JSON.stringify(scriptedModelAnswer(request)));
				return;
			}
			if (req.method === 'GET' && path === '/') {
				res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
				res.end(caughtPage(caught));
				return;
			}
			if (req.method === 'GET' && path === '/caught') {
				res.writeHead(200, { 'content-type': 'application/json' });
				res.end(JSON.stringify(caught));
				return;
			}
			res.writeHead(404, { 'content-type': 'text/plain' });
			res.end('not found');
		});
	});
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, '127.0.0.1', () => resolve());
	});
	url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	const mail = await startMailCatcher(mailPort, (body) =>
		caught.push({ path: '/mail', body, receivedAt: new Date().toISOString() }),
	);
	return {
		url,
		feedUrl: `${url}/feed.xml`,
		catcherUrl: `${url}/catch/slack`,
		modelUrl: `${url}/v1`,
		mailPort: mail.port,
		caught: () => [...caught],
		modelCalls: () => [...modelCalls],
		setFeed: (stories) => {
			feed = stories;
		},
		clear: () => {
			caught = [];
			modelCalls = [];
		},
		stop: async () => {
			await mail.stop();
			await new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			});
		},
	};
}

const escapeHtml = (text: string) =>
	text.replace(
		/[&<>"]/g,
		(c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c,
	);

/**
 * What a person reads at the catcher's address: every caught message, newest first. An e-mail
 * shows as its HTML, so its Approve and Reject links can be clicked; a Slack stand-in's post as
 * its channel and text.
 */
function caughtPage(caught: CaughtMessage[]): string {
	const entries = [...caught].reverse().map((message) => {
		const body = message.body as { subject?: string; to?: string[]; html?: string } & {
			channel?: string;
			text?: string;
		};
		const when = escapeHtml(message.receivedAt);
		if (message.path === '/mail') {
			return `<section><h2>${escapeHtml(body.subject ?? '')}</h2><p>E-mail to ${escapeHtml((body.to ?? []).join(', '))}, ${when}</p><iframe srcdoc="${escapeHtml(body.html ?? '')}"></iframe></section>`;
		}
		const text = typeof message.body === 'string' ? message.body : (body.text ?? '');
		return `<section><h2>${escapeHtml(body.channel ?? message.path)}</h2><p>${when}</p><pre>${escapeHtml(text)}</pre></section>`;
	});
	return `<!doctype html><html><head><meta charset="utf-8"><title>Caught messages</title><style>body{font-family:sans-serif;max-width:56rem;margin:2rem auto}section{border-top:1px solid #ccc;padding:.5rem 0}iframe{width:100%;height:22rem;border:1px solid #ddd}pre{white-space:pre-wrap}</style></head><body><h1>Caught messages (${caught.length})</h1><p>What the example workflows sent to Slack or by e-mail, newest first. Reload to see new ones; the same as JSON: <a href="/caught">/caught</a>.</p>${entries.join('') || '<p>None yet.</p>'}</body></html>`;
}
