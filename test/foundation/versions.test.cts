// The action node's versions. A new node is version 2 and opens on Post > Create. Version 1 opened
// on Workspace > Get Many, and n8n saves only the parameters that differ from their defaults: a
// workflow saved then holds no `resource`, and must go on listing workspaces.
import type { INode, INodeParameters, INodeType } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { loadPackage, NODE_TYPE, runNode } from '../harness/engine.cts';
import { useSandbox } from '../harness/sandbox.cts';
import { DEMO } from '../../sandbox/demo-data.cts';

import { byId, calls, MAIN_WORKSPACE } from '../library/fixtures.cts';

const sandbox = useSandbox();

beforeEach(async () => {
	await sandbox.control.clearRequests();
});

async function nodeType(): Promise<INodeType> {
	return (await loadPackage()).getNode('socialPublishing').type as INodeType;
}

/** The parameters as n8n reads them (`withDefaults`) or saves them, at one version of the node. */
async function parametersAt(
	typeVersion: number,
	parameters: INodeParameters,
	withDefaults: boolean,
): Promise<INodeParameters | null> {
	const { description } = await nodeType();
	const node: INode = {
		id: 'node',
		name: 'Social Publishing',
		type: NODE_TYPE,
		typeVersion,
		position: [0, 0],
		parameters,
	};
	return NodeHelpers.getNodeParameters(
		description.properties,
		parameters,
		withDefaults,
		false,
		node,
		description,
	);
}

test('a new node is version 2 and opens on Post > Create; version 1 opened on Workspace > Get Many', async () => {
	const { description } = await nodeType();
	expect([description.version, description.defaultVersion]).toEqual([[1, 2], 2]);
	expect(await parametersAt(2, {}, true)).toMatchObject({ resource: 'post', operation: 'create' });
	expect(await parametersAt(1, {}, true)).toMatchObject({
		resource: 'workspace',
		operation: 'getAll',
	});
});

test('Workspace > Get Many saved at version 1 holds no resource, and still lists the workspaces', async () => {
	const stored = await parametersAt(1, { resource: 'workspace', operation: 'getAll' }, false);
	expect(stored).toEqual({});
	const { output, error } = await runNode({
		parameters: stored as INodeParameters,
		typeVersion: 1,
		credentials: sandbox.credentials(),
	});
	expect(error).toBeUndefined();
	expect(output.map(({ json }) => json._id ?? json.id)).toEqual(
		expect.arrayContaining([DEMO.workspaces.main.id, DEMO.workspaces.second.id]),
	);
	expect(await calls(sandbox.control)).toEqual(['GET /api/v1/workspaces']);
});

test('Post > Get Many saved at version 2 holds no resource, and lists the posts', async () => {
	const chosen = { resource: 'post', operation: 'getAll', workspaceId: byId(MAIN_WORKSPACE) };
	const stored = await parametersAt(2, chosen, false);
	expect(stored).toEqual({ operation: 'getAll', workspaceId: byId(MAIN_WORKSPACE) });
	const { error } = await runNode({
		parameters: stored as INodeParameters,
		typeVersion: 2,
		credentials: sandbox.credentials(),
	});
	expect(error).toBeUndefined();
	expect(await calls(sandbox.control)).toEqual([`GET /api/v1/workspaces/${MAIN_WORKSPACE}/posts`]);
});
