// What Create Post shows a builder before the first run: that it needs Accounts or a Content
// Category, and that a draft, the default, publishes nothing. Shown as n8n's editor decides it,
// from the node's defaults and its display options.
import type { INodeParameters, INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { readExamples } from '../../scripts/examples.cts';
import { loadPackage } from '../harness/engine.cts';

const NODE = { typeVersion: 2 };

async function createPost() {
	const description = (await loadPackage()).getNode('socialPublishing').type
		.description as INodeTypeDescription;
	/** The parameters a new node holds, with `changed` set as a builder would set it. */
	const values = (changed: INodeParameters = {}) =>
		NodeHelpers.getNodeParameters(
			description.properties,
			changed,
			true,
			false,
			NODE,
			description,
		) as INodeParameters;
	/** The properties the editor shows for these parameters. */
	const shown = (parameters: INodeParameters): INodeProperties[] =>
		description.properties.filter((property) =>
			NodeHelpers.displayParameter(parameters, property, NODE, description),
		);
	return { values, shown };
}

test('a new node is Create Post, a Draft, and says so: a draft is not published', async () => {
	const { values, shown } = await createPost();
	const defaults = values();
	expect(defaults).toMatchObject({ resource: 'post', operation: 'create', publishType: 'draft' });
	const notices = shown(defaults).filter(({ type }) => type === 'notice');
	expect(notices.map(({ displayName }) => displayName)).toEqual([
		'A draft is not published: it goes out only once it is scheduled or published, in the service or by another run. Draft is the default, so that a first run publishes nothing.',
	]);
	for (const publishType of ['scheduled', 'queued', 'content_category']) {
		const other = shown(values({ publishType })).filter(({ type }) => type === 'notice');
		expect({ publishType, notices: other }).toEqual({ publishType, notices: [] });
	}
});

test('Accounts says it is needed unless a Content Category is set, and is not required', async () => {
	const { values, shown } = await createPost();
	const accounts = shown(values()).find(({ name }) => name === 'accounts');
	expect(accounts).toMatchObject({
		displayName: 'Account Names or IDs',
		hint: 'Needed: choose at least one, or set a Content Category (Additional Fields), whose accounts are added',
	});
	// Required would stop a post whose accounts come from its Content Category alone.
	expect(accounts?.required).toBeUndefined();
});

// Imported as shipped (docs/examples.md), an example leaves the workspace, accounts and approvers to
// pick from the importer's own lists: none of those empty pickers may show as a node in error. The
// editor's own check (NodeHelpers.getNodeParametersIssues) runs on each of our nodes in each example.
test.each(readExamples().map((workflow) => [workflow.name, workflow] as const))(
	'%s: our nodes open with no parameter in error, their workspace to pick from the list',
	async (_name, workflow) => {
		const loader = await loadPackage();
		const ours = workflow.nodes.filter(({ type }) =>
			type.startsWith('n8n-nodes-social-publishing.'),
		);
		expect(ours.length).toBeGreaterThan(0);
		for (const node of ours) {
			// An AI tool is the action node as n8n offers it to an agent: the same parameters.
			const short =
				node.type.split('.')[1] === 'socialPublishingTrigger'
					? 'socialPublishingTrigger'
					: 'socialPublishing';
			const description = loader.getNode(short).type.description as INodeTypeDescription;
			const parameters = NodeHelpers.getNodeParameters(
				description.properties,
				node.parameters as INodeParameters,
				true,
				false,
				node,
				description,
			) as INodeParameters;
			const issues = NodeHelpers.getNodeParametersIssues(
				description.properties,
				{ ...node, parameters } as never,
				description,
			);
			expect({ node: node.name, issues }).toEqual({ node: node.name, issues: null });
			expect({ node: node.name, credentials: node.credentials }).toEqual({
				node: node.name,
				credentials: undefined,
			});
			const workspace = node.parameters.workspaceId as { mode: string; value: string };
			if (!String(workspace.value).startsWith('=')) {
				expect({ node: node.name, workspace }).toEqual({
					node: node.name,
					workspace: { __rl: true, mode: 'list', value: '' },
				});
			}
		}
	},
);

// docs/examples.md and the CHANGELOG promise it: the importer picks or creates every credential
// (ours, Slack's, the MCP Server Trigger's Bearer Auth); the demo and the tests add their own.
test.each(readExamples().map((workflow) => [workflow.name, workflow] as const))(
	'%s: no node carries a credential',
	(_name, workflow) => {
		const withCredential = workflow.nodes
			.filter((node) => node.credentials !== undefined)
			.map((node) => [node.name, node.credentials]);
		expect(withCredential).toEqual([]);
		expect(JSON.stringify(workflow)).not.toMatch(/"credentials"|httpBearerAuth|demo token/i);
	},
);

// docs/examples.md promises it: in Approve from Slack a message waits until it is answered. With a
// wait limit (Limit Wait Time, an option or, in older versions, a field), a wait that runs out
// would go on with the post and no answer, down the Reject branch.
test('Approve from Slack: its Send and Wait steps have no wait limit', () => {
	const workflow = readExamples().find(({ name }) => name === 'Approve from Slack');
	const waits = (workflow?.nodes ?? []).filter(
		({ parameters }) => parameters.operation === 'sendAndWait',
	);
	expect(waits.map(({ name }) => name)).toEqual(['Ask me on Slack', 'Ask me why']);
	for (const { name, parameters } of waits) {
		const options = (parameters.options ?? {}) as INodeParameters;
		expect({ name, limit: parameters.limitWaitTime ?? options.limitWaitTime }).toEqual({
			name,
			limit: undefined,
		});
	}
});
