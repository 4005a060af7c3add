// The jobs the figures time and count: node parameters for our node and for the peer, the input
// items, and the sandbox the bench runs against. Written once; every figure uses these.
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import type { LoggedRequest } from '../../sandbox/client.cts';

import { SandboxControl } from '../../sandbox/client.cts';
import { DEMO } from '../../sandbox/demo-data.cts';
import { startSandbox } from '../../sandbox/server.cts';
import type { Credentials, RunNodeOptions } from '../../test/harness/engine.cts';
import { binaryItem, runNode } from '../../test/harness/engine.cts';
import { createPostBody, peerParameters } from '../peer/http-request.cts';
import { startChild } from './child.cts';

export interface BenchSandbox {
	url: string;
	control: SandboxControl;
	credentials: Credentials;
	stop(): Promise<void>;
}

export async function startBenchSandbox(): Promise<BenchSandbox> {
	const server = await startSandbox({ port: 0, rateLimit: null });
	return {
		url: server.url,
		control: new SandboxControl(server.url),
		credentials: { baseUrl: server.url, apiKey: DEMO.keys.full },
		stop: () => server.stop(),
	};
}

const MAIN = DEMO.workspaces.main.id;
const locator = (value: string) => ({ __rl: true, mode: 'id', value });
const postsPath = (workspaceId: string) => `/api/v1/workspaces/${workspaceId}/posts`;
const ACCOUNT = DEMO.accounts.facebook;

/** Items whose `text` each create uses, unique per run so the sandbox's posts can be counted per item. */
export function textItems(tag: string, count: number): INodeExecutionData[] {
	return Array.from({ length: count }, (_, i) => ({ json: { text: `${tag} #${i + 1}` } }));
}

/** Create Post, a draft on one account, its text from the input item; `options` is the node's Options. */
export function createPost(
	extra: INodeParameters = {},
	options: INodeParameters = {},
): INodeParameters {
	return {
		resource: 'post',
		operation: 'create',
		workspaceId: locator(MAIN),
		text: '={{ $json.text }}',
		accounts: [ACCOUNT],
		publishType: 'draft',
		additionalFields: extra,
		options,
	};
}

/** The same create in HTTP Request: the request body Create Post builds, to the full URL. */
export function peerCreatePost(
	baseUrl: string,
	batching?: { batchSize: number; batchInterval: number },
) {
	return peerParameters({
		method: 'POST',
		url: `${baseUrl}${postsPath(MAIN)}`,
		jsonBody: createPostBody(ACCOUNT),
		batching,
	});
}

/** Get Many posts: Return All, or a Limit (one page of that size). */
export function getManyPosts(
	workspaceId: string,
	{ limit, statuses }: { limit?: number; statuses?: string[] } = {},
): INodeParameters {
	return {
		resource: 'post',
		operation: 'getAll',
		workspaceId: locator(workspaceId),
		returnAll: limit === undefined,
		...(limit === undefined ? {} : { limit }),
		filters: statuses ? { statuses } : {},
		output: 'raw',
	};
}

export function peerGetManyPosts(baseUrl: string, workspaceId: string, perPage: number) {
	return peerParameters({
		method: 'GET',
		url: `${baseUrl}${postsPath(workspaceId)}`,
		qs: { page: 1, per_page: perPage },
	});
}

/** Create Post with `files` binary files, each uploaded to the media library first. */
export function createPostWithFiles(files: number): {
	parameters: INodeParameters;
	items: INodeExecutionData[];
} {
	const properties = Array.from({ length: files }, (_, i) => `file${i + 1}`);
	const png = Buffer.from(
		'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
		'base64',
	);
	const binaries = Object.fromEntries(
		properties.map((property) => [
			property,
			{ data: png, fileName: `${property}.png`, mimeType: 'image/png' },
		]),
	);
	return {
		parameters: createPost({ binaryPropertyNames: properties.join(',') }),
		items: [binaryItem({ text: `bench upload ${files} files` }, binaries)],
	};
}

/** The trigger watching posts published in a workspace. */
export function publishedTrigger(workspaceId: string): INodeParameters {
	return { event: 'postPublished', workspaceId: locator(workspaceId), options: {} };
}

/** Every post of a workspace whose text starts with `tag`, read page by page (no rate limit on). */
export async function postsTagged(
	sandbox: Pick<BenchSandbox, 'url' | 'credentials'>,
	tag: string,
	workspaceId = MAIN,
): Promise<string[]> {
	const texts: string[] = [];
	for (let page = 1; page <= 100; page++) {
		const response = await fetch(
			`${sandbox.url}${postsPath(workspaceId)}?page=${page}&per_page=100`,
			{
				headers: { 'X-API-Key': sandbox.credentials.apiKey },
			},
		);
		const body = (await response.json()) as {
			data: Array<{ content?: { text?: string } }>;
			last_page?: number;
		};
		for (const post of body.data) {
			const text = post.content?.text ?? '';
			if (text.startsWith(tag)) texts.push(text);
		}
		if (body.data.length === 0 || page >= Number(body.last_page ?? page)) break;
	}
	return texts;
}

export interface CreatesRun {
	ms: number;
	/** The node's error, when it failed. */
	error?: string;
	/** Every request the sandbox received during the run. */
	log: LoggedRequest[];
	/** Items whose text no post has. */
	missing: number;
	/** Their texts. */
	missingTexts: string[];
	/** Posts beyond the first with the same text. */
	duplicates: number;
}

/** A create job; `freshProcess`: run in an n8n process started for it (a gate that knows nothing). */
export type CreatesJob = Omit<RunNodeOptions, 'items' | 'credentials'> & { freshProcess?: boolean };

/**
 * Runs a create job over `count` items tagged `tag` on the sandbox as the caller set it up (rate
 * limit, latency, faults), reads its log (and whatever `beforeCleanup` reads), then turns those off
 * and counts the posts per item.
 */
export async function runCreates(
	sandbox: BenchSandbox,
	{ freshProcess, ...job }: CreatesJob,
	tag: string,
	count: number,
	beforeCleanup?: () => Promise<void>,
): Promise<CreatesRun> {
	const options = { ...job, items: textItems(tag, count), credentials: sandbox.credentials };
	const child = freshProcess ? await startChild() : undefined;
	const start = performance.now();
	const error = child
		? ((await child.run(options)) ?? undefined)
		: (await runNode(options)).error?.message;
	const ms = performance.now() - start;
	const log = await sandbox.control.requests();
	await beforeCleanup?.();
	await sandbox.control.clearFaults();
	await sandbox.control.latency(0);
	await sandbox.control.rateLimit(null);
	// With the separator: "run 1" is also the start of "run 10".
	const texts = await postsTagged(sandbox, `${tag} #`);
	const unique = new Set(texts);
	const missingTexts = textItems(tag, count)
		.map((item) => String(item.json.text))
		.filter((text) => !unique.has(text));
	return {
		ms,
		error,
		log,
		missing: missingTexts.length,
		missingTexts,
		duplicates: texts.length - unique.size,
	};
}
