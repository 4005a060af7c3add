// What the post, approval and comment tests share: the demo's IDs and readings of the request log.
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { DEMO } from '../../sandbox/demo-data.cts';
import type { SandboxControl } from '../../sandbox/client.cts';
import type { RunNodeResult } from '../harness/engine.cts';

import { MAIN_WORKSPACE } from '../library/fixtures.cts';

export const A = DEMO.accounts;
export const POSTS = `/api/v1/workspaces/${MAIN_WORKSPACE}/posts`;
export const MEDIA = `/api/v1/workspaces/${MAIN_WORKSPACE}/media`;

/** The fields of a post in Post > Get Many's Simplified output, sorted. */
export const SIMPLIFIED_POST_KEYS = [
	'accounts',
	'approval_status',
	'id',
	'published_at',
	'scheduled_at',
	'status',
	'text',
	'timezone',
];

/** Next year, computed: its summer dates are always in the future, so scheduled posts stay valid. */
export const NEXT_YEAR = new Date().getUTCFullYear() + 1;

/** The JSON bodies the sandbox received on one method and path, in order. */
export async function bodiesSent(control: SandboxControl, method: string, path: string) {
	return (await control.requests({ method, path })).map((request) => request.body);
}

/** Input items with these JSON values. */
export const jsonItems = (values: IDataObject[]): INodeExecutionData[] =>
	values.map((value) => ({ json: value }));

/** What a run of Social Publishing keeps in n8n's execution for a retry (journal.ts), by run. */
export const keptRuns = (result: RunNodeResult) =>
	(result.data.executionData?.contextData?.['node:Social Publishing'] as IDataObject)?.runs as
		| Record<string, { items: unknown[] }>
		| undefined;

/** The body of the one create-post request; fails when there was not exactly one. */
export async function createdPostBody(control: SandboxControl) {
	const bodies = await bodiesSent(control, 'POST', POSTS);
	expect(bodies).toHaveLength(1);
	return bodies[0] as Record<string, unknown>;
}

/**
 * The workspace's posts as the sandbox holds them, read from its posts list with the full key
 * (not through the node). Call it after the request log is checked: the read is logged too.
 */
export async function storedPosts(sandboxUrl: string): Promise<Record<string, unknown>[]> {
	const answer = await fetch(`${sandboxUrl}${POSTS}?per_page=100`, {
		headers: { 'X-API-Key': DEMO.keys.full },
	});
	return ((await answer.json()) as { data: Record<string, unknown>[] }).data;
}

/** The ID the sandbox holds for the one post with this text. */
export async function storedPostId(sandboxUrl: string, text: string): Promise<string> {
	const matching = (await storedPosts(sandboxUrl)).filter(
		(post) => (post.content as { text?: unknown })?.text === text,
	);
	expect(matching).toHaveLength(1);
	return String(matching[0]._id ?? matching[0].id);
}
