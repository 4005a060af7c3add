// What the exactly-once tests share: the creates they run and a person's reading of the lists.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { DEMO } from '../../sandbox/demo-data.cts';
import { binaryItem } from '../harness/engine.cts';
import type { SandboxHandle } from '../harness/sandbox.cts';
import { inWorkspace } from '../library/fixtures.cts';

/**
 * Post > Create of a draft to Facebook, its text `text` (an expression for one per item). The
 * timeout is short where a test holds requests unanswered.
 */
export const createDraft = (
	text: string,
	accounts: string[] = [DEMO.accounts.facebook],
	timeout = 1,
) =>
	inWorkspace('post', 'create', {
		text,
		accounts,
		publishType: 'draft',
		options: { timezone: 'Europe/Berlin', timeout },
	});

/** Media > Upload of an input item's binary file, and that item. */
export const uploadFile = (fileName: string, content: string, timeout = 1) => ({
	parameters: inWorkspace('media', 'upload', {
		source: 'binary',
		binaryPropertyName: 'data',
		options: { timeout },
	}) as INodeParameters,
	items: [
		binaryItem({}, { data: { data: Buffer.from(content), fileName, mimeType: 'image/png' } }),
	],
});

/** Reads one of the service's lists with the demo key, as a person would check. */
export async function readList(
	sandbox: SandboxHandle,
	path: string,
	query = '',
): Promise<Array<Record<string, unknown>>> {
	const response = await fetch(`${sandbox.url}${path}?per_page=100${query}`, {
		headers: { 'X-API-Key': sandbox.credentials().apiKey },
	});
	return ((await response.json()) as { data: Array<Record<string, unknown>> }).data;
}

/** The text of a post, or of a create request's body. */
export const textOf = (body: unknown) =>
	(body as { content?: { text?: string } } | null)?.content?.text;

/** The last line of the error when it stays unknown whether the service created a record. */
export const MAY_EXIST =
	'It may exist all the same: check before running again. Set Options > On Server Error to "Fail" to stop at the first failure instead.';

/**
 * The texts of the posts at `path` made by a test (tagged `tag`), each as often as it exists, read
 * as a person would: every page, again while the pages (in a new order per request under some
 * profiles) have not shown as many posts as the list's total.
 */
export async function textsPosted(
	sandbox: SandboxHandle,
	tag: string,
	path: string,
): Promise<string[]> {
	const byId = new Map<string, string>();
	for (let reading = 0, total = Infinity; byId.size < total && reading < 10; reading++) {
		for (let page = 1, last = 1; page <= last; page++) {
			const answer = await fetch(`${sandbox.url}${path}?per_page=100&page=${page}`, {
				headers: { 'X-API-Key': DEMO.keys.full },
			});
			const body = (await answer.json()) as {
				data: IDataObject[];
				last_page: number;
				total: number;
			};
			[last, total] = [body.last_page, body.total];
			for (const post of body.data)
				byId.set(String(post._id ?? post.id), String((post.content as IDataObject).text));
		}
	}
	return [...byId.values()].filter((text) => text.startsWith(tag)).sort();
}
