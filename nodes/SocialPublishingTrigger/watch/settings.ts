import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { readMe } from '../../shared/me';
import type { TriggerEvent } from './events';
import { eventOf } from './events';
import { overdueReason } from './post';

/** What a poll watches, from the node's settings. */
export interface Watch {
	event: TriggerEvent;
	workspaceId: string;
	qs: IDataObject;
	/** Deadline events: how long before its time a post counts as overdue. */
	leadMs: number;
	/** Event, workspace and filters: the cursor belongs to exactly this. */
	scope: string;
}

/** Whether a post in the watched state is one to announce at `now` (deadline events: when due). */
export const isDue = (watch: Watch, now: number) => (post: IDataObject) =>
	!watch.event.deadline || overdueReason(post, now, watch.leadMs) !== null;

/** What the node keeps between polls: the cursor, and the user ID behind the credential. */
export interface TriggerStaticData extends IDataObject {
	cursor?: IDataObject;
	me?: { credentialId: string; userId: string };
}

/** A setting the trigger cannot watch with: what is wrong, and what to do. */
const unusable = (ctx: IPollFunctions, message: string, description: string) =>
	new NodeOperationError(ctx.getNode(), message, { description });

/**
 * The user behind the API key, asked once per credential and remembered in `memory` (the poll
 * saves it with the cursor, so a poll that fails later leaves static data as it was).
 */
async function myUserId(ctx: IPollFunctions, memory: TriggerStaticData): Promise<string> {
	const credentialId = String(ctx.getNode().credentials?.socialPublishingApi?.id ?? '');
	if (memory.me?.credentialId === credentialId) return memory.me.userId;
	const { userId } = await readMe(ctx);
	if (userId === '')
		throw unusable(
			ctx,
			'The service did not say which user the API key belongs to',
			'GET /api/v1/me answered without a user ID. Choose the approvers or requesters from the list instead of "Me".',
		);
	memory.me = { credentialId, userId };
	return userId;
}

/**
 * The people filters of the approval events: the parameter, the team members picked when it is
 * "Chosen", its label, and the posts list's query parameter.
 */
const PEOPLE_FILTERS = [
	['approvers', 'approverMembers', 'Approvers', 'approval_assigned_to'],
	['requestedBy', 'requesterMembers', 'Requested By', 'approval_requested_by'],
] as const;

/** Any / Me / Chosen Team Members, as the list of user IDs to filter by (empty: no filter). */
async function peopleIds(
	ctx: IPollFunctions,
	memory: TriggerStaticData,
	[parameter, membersParameter, label]: (typeof PEOPLE_FILTERS)[number],
): Promise<string[]> {
	const choice = ctx.getNodeParameter(parameter, 'any') as string;
	if (choice === 'me') return [await myUserId(ctx, memory)];
	if (choice !== 'chosen') return [];
	const rows = (ctx.getNodeParameter(`${membersParameter}.members`, []) as IDataObject[]) ?? [];
	const ids = rows
		.map((row) => {
			const member = row.member as IDataObject | string | undefined;
			return String(
				(typeof member === 'object' && member !== null ? member.value : member) ?? '',
			).trim();
		})
		.filter((id) => id !== '');
	if (ids.length === 0)
		throw unusable(
			ctx,
			`No team member chosen for "${label}"`,
			`Add at least one team member under "${label}", or set it to "Any".`,
		);
	return [...new Set(ids)].sort();
}

function leadTimeMs(ctx: IPollFunctions): number {
	const minutes = ctx.getNodeParameter('leadTimeMinutes', 120) as unknown;
	if (typeof minutes !== 'number' || !Number.isFinite(minutes) || minutes < 0)
		throw unusable(
			ctx,
			`The lead time must be a number of minutes, 0 or more, not "${String(minutes)}"`,
			'Set "Lead Time (Minutes)", e.g. 120 for two hours before the post\'s time.',
		);
	return minutes * 60_000;
}

export async function watchOf(ctx: IPollFunctions, memory: TriggerStaticData): Promise<Watch> {
	const eventValue = ctx.getNodeParameter('event') as string;
	const event = eventOf(eventValue);
	if (!event)
		throw unusable(ctx, `The event "${eventValue}" is not known`, 'Choose an event from the list.');
	const workspaceId = String(
		ctx.getNodeParameter('workspaceId', '', { extractValue: true }) ?? '',
	).trim();
	if (workspaceId === '')
		throw unusable(
			ctx,
			'No workspace chosen',
			'Choose the workspace to watch from the list, or enter its ID.',
		);
	const qs: IDataObject = { status: event.statuses };
	if (event.approvalFilters) {
		for (const filter of PEOPLE_FILTERS) {
			const ids = await peopleIds(ctx, memory, filter);
			if (ids.length > 0) qs[filter[3]] = ids;
		}
	}
	const leadMs = event.deadline ? leadTimeMs(ctx) : 0;
	const scope = JSON.stringify({
		event: event.value,
		workspaceId,
		qs,
		...(event.deadline ? { leadMs } : {}),
	});
	return { event, workspaceId, qs, leadMs, scope };
}
