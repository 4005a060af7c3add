// What n8n's AI workflow builder and agents read of the nodes, as n8n loads the built package:
// the builder hints (when to use each node, and the nodes that go with it), and the Output option
// of every list operation.
import type { INodeProperties, INodeTypeDescription } from 'n8n-workflow';

import { loadPackage } from '../harness/engine.cts';

let action: INodeTypeDescription;
let trigger: INodeTypeDescription;

beforeAll(async () => {
	const loader = await loadPackage();
	action = loader.getNode('socialPublishing').type.description as INodeTypeDescription;
	trigger = loader.getNode('socialPublishingTrigger').type.description as INodeTypeDescription;
});

test('each node says when to use it and which nodes go with it', () => {
	expect(action.builderHint?.searchHint).toMatch(
		/^Use to create, schedule, list, delete, approve or reject social media posts/,
	);
	expect(action.builderHint?.relatedNodes?.map((node) => node.nodeType)).toEqual([
		'n8n-nodes-social-publishing.socialPublishingTrigger',
		'n8n-nodes-base.slack',
	]);
	expect(trigger.builderHint?.searchHint).toMatch(
		/^Use to start a workflow when a social media post/,
	);
	expect(trigger.builderHint?.relatedNodes?.map((node) => node.nodeType)).toEqual([
		'n8n-nodes-social-publishing.socialPublishing',
		'n8n-nodes-base.slack',
	]);
});

test('every list operation has Output: Simplified, Raw or Selected Fields', () => {
	const outputs = action.properties.filter(
		(property: INodeProperties) => property.name === 'output',
	);
	const shownFor = outputs.map((property) => {
		const show = property.displayOptions?.show ?? {};
		return `${String(show.resource)} ${String(show.operation)} (${String(property.default)})`;
	});
	expect(shownFor.sort()).toEqual([
		'account getAll (raw)',
		'account getConnectablePlatforms (raw)',
		'campaign getAll (raw)',
		'comment getAll (raw)',
		'contentCategory getAll (raw)',
		'facebookTextBackground getAll (raw)',
		'label getAll (raw)',
		'media getAll (raw)',
		'post getAll (simplified)',
		'teamMember getAll (raw)',
		'workspace getAll (raw)',
	]);
	for (const property of outputs) {
		expect(property.options?.map((option) => (option as { value: string }).value)).toEqual([
			'simplified',
			'raw',
			'selected',
		]);
	}
});
