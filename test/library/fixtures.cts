// Parameters and request-log readings shared by the account, media and library tests.
import type { INodeParameters } from 'n8n-workflow';

import { DEMO } from '../../sandbox/demo-data.cts';
import type { SandboxControl, SeedRequest } from '../../sandbox/client.cts';

export const MAIN_WORKSPACE = DEMO.workspaces.main.id;

/** A resource locator value, as the editor stores one picked by ID. */
export function byId(value: string) {
	return { __rl: true, mode: 'id', value };
}

/** The node's parameters for one resource and operation in the main workspace. */
export function inWorkspace(
	resource: string,
	operation: string,
	rest: INodeParameters = {},
): INodeParameters {
	return { resource, operation, workspaceId: byId(MAIN_WORKSPACE), ...rest };
}

/** The API calls the sandbox received, as `METHOD path`. */
export async function calls(control: SandboxControl): Promise<string[]> {
	return (await control.requests()).map((request) => `${request.method} ${request.path}`);
}

/** The query strings the sandbox received for one path. */
export async function queriesTo(control: SandboxControl, path: string) {
	return (await control.requests({ path })).map((request) => request.query);
}

/** The HTTP statuses the sandbox answered to one path, in order. */
export async function statusesTo(control: SandboxControl, path: string) {
	return (await control.requests({ path })).map((request) => request.status);
}

/** Adds `count` records to a list of the main workspace, then empties the request log. */
export async function seedMain(
	control: SandboxControl,
	resource: SeedRequest['resource'],
	count: number,
	template?: Record<string, string>,
) {
	await control.seed({
		workspace_id: MAIN_WORKSPACE,
		resource,
		count,
		...(template ? { template } : {}),
	});
	await control.clearRequests();
}

/**
 * How many records a list of a workspace holds, as the sandbox answers (its `total`: the demo data
 * plus any seeded), so a Return All can be checked for exactly that many; with `query`, how many
 * match those filters. Empties the request log.
 */
export async function listTotal(
	control: SandboxControl,
	segment: string,
	workspaceId: string = MAIN_WORKSPACE,
	query: Record<string, string> = {},
): Promise<number> {
	const search = new URLSearchParams({ ...query, per_page: '1' });
	const response = await fetch(
		`${control.url}/api/v1/workspaces/${workspaceId}/${segment}?${search}`,
		{ headers: { 'x-api-key': DEMO.keys.full } },
	);
	const { total } = (await response.json()) as { total: number };
	await control.clearRequests();
	return total;
}
