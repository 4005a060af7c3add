// The trigger as n8n's loader sees it: a polling trigger whose searchable lists all resolve.
import type { INode, INodeProperties, INodeType } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { loadPackage } from '../harness/engine.cts';

async function triggerType(): Promise<INodeType> {
	const loader = await loadPackage();
	return loader.getNode('socialPublishingTrigger').type as INodeType;
}

/** Every `searchListMethod` named anywhere in the properties, fixed collections included. */
function listMethodsOf(properties: INodeProperties[]): string[] {
	return properties.flatMap((property) => [
		...(property.modes ?? []).flatMap((mode) => {
			const method = mode.typeOptions?.searchListMethod;
			return method ? [method] : [];
		}),
		...(property.options ?? []).flatMap((option) =>
			'values' in option
				? listMethodsOf(option.values)
				: 'type' in option
					? listMethodsOf([option as INodeProperties])
					: [],
		),
	]);
}

test('a polling trigger with no inputs, the events dropdown, and every searchable list wired', async () => {
	const { description, methods, poll } = await triggerType();
	expect(description).toMatchObject({
		name: 'socialPublishingTrigger',
		displayName: 'Social Publishing Trigger',
		polling: true,
		inputs: [],
		group: ['trigger'],
		// The loader turns `icon: 'file:...'` into URLs of the same icons as the action node's.
		iconUrl: {
			light: expect.stringMatching(/icons\/socialPublishing\.svg$/),
			dark: expect.stringMatching(/icons\/socialPublishing\.dark\.svg$/),
		},
	});
	expect(typeof poll).toBe('function');

	const event = description.properties.find((property) => property.name === 'event');
	expect(event?.default).toBe('postPendingApproval');
	// The dropdown as the user reads it: each event's name and what it means.
	expect(event?.options).toEqual([
		{
			name: 'Post Pending Approval',
			value: 'postPendingApproval',
			description: 'A post is sent for review and waits for approval',
		},
		{
			name: 'Post Published',
			value: 'postPublished',
			description: 'A post is published on its social accounts',
		},
		{ name: 'Post Failed', value: 'postFailed', description: 'Publishing a post failed' },
		{
			name: 'Post Rejected',
			value: 'postRejected',
			description: 'A post under review is rejected by an approver',
		},
		{
			name: 'Approval Overdue',
			value: 'approvalOverdue',
			description:
				'A post still under review is due within the lead time, or has passed into missed review',
		},
	]);
	// The people filters show for the events whose posts carry an approval, and only for them.
	for (const name of ['approvers', 'requestedBy'])
		expect({
			name,
			events: description.properties.find((property) => property.name === name)?.displayOptions
				?.show?.event,
		}).toEqual({ name, events: ['postPendingApproval', 'postRejected', 'approvalOverdue'] });

	const used = [...new Set(listMethodsOf(description.properties))].sort();
	expect(used).toEqual(['searchTeamMembers', 'searchWorkspaces']);
	for (const method of used) expect(typeof methods?.listSearch?.[method]).toBe('function');
});

test('the subtitle names the event in words', async () => {
	const type = await triggerType();
	const node: INode = {
		id: 'trigger',
		name: 'Social Publishing Trigger',
		type: 'n8n-nodes-social-publishing.socialPublishingTrigger',
		typeVersion: 1,
		position: [0, 0],
		parameters: { event: 'postPendingApproval' },
	};
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: {
			getByName: () => type,
			getByNameAndVersion: () => type,
			getKnownTypes: () => ({}),
		},
	});
	const subtitle = workflow.expression.getSimpleParameterValue(
		node,
		type.description.subtitle as string,
		'internal',
		{},
	);
	expect(subtitle).toBe('Post Pending Approval');
});
