// What Create Post shows a builder before the first run: that it needs Accounts or a Content
// Category, and that a draft, the default, publishes nothing. Shown as n8n's editor decides it,
// from the node's defaults and its display options.
import type { INodeParameters, INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

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
