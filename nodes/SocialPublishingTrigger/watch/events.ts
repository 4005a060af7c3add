import type { IDataObject } from 'n8n-workflow';

import type { POST_FILTER_STATUSES } from '../../shared/limits';
import { statusIn } from './post';

type FilterStatus = (typeof POST_FILTER_STATUSES)[number];

/** One event the trigger watches: a post reaching a state. */
export interface TriggerEvent {
	value: string;
	name: string;
	description: string;
	/** `status[]` sent to the posts list, so the service does the filtering. */
	statuses: FilterStatus[];
	/** Whether the approver and requester filters apply to this event. */
	approvalFilters?: true;
	/** Once per review round (remember/rounds.ts): approvals within a round are no news. */
	tracksRounds?: true;
	/**
	 * A deadline event fires when a post in the state comes near its scheduled time, once per review
	 * round, not when the post changes (the cursor keeps when the next one comes due).
	 */
	deadline?: true;
	/** The items name the accounts the post failed on, and can carry reconnect links (emit/reconnect.ts). */
	failures?: true;
	/** Checked again on each post: an ignored query parameter must not turn into false events. */
	matches: (post: IDataObject) => boolean;
	/** Said by Fetch Test Event when no post matches. */
	noneFound: string;
}

const schedulingStatus = (post: IDataObject) => statusIn(post, 'scheduling');

/**
 * The post's status is its `scheduling.status`; its approval status stands in only when a post
 * carries no scheduling status (a post missed its review keeps `pending_approval`, for one).
 */
function inState(post: IDataObject, status: string, approval: string): boolean {
	const scheduling = schedulingStatus(post);
	return scheduling === undefined ? statusIn(post, 'approval') === approval : scheduling === status;
}

export const EVENTS: TriggerEvent[] = [
	{
		value: 'postPendingApproval',
		name: 'Post Pending Approval',
		description: 'A post is sent for review and waits for approval',
		statuses: ['under_review'],
		approvalFilters: true,
		tracksRounds: true,
		matches: (post) => inState(post, 'under_review', 'pending_approval'),
		noneFound: 'No post is waiting for approval',
	},
	{
		value: 'postPublished',
		name: 'Post Published',
		description: 'A post is published on its social accounts',
		statuses: ['published'],
		matches: (post) => schedulingStatus(post) === 'published',
		noneFound: 'No post has been published',
	},
	{
		value: 'postFailed',
		name: 'Post Failed',
		description: 'Publishing a post failed',
		statuses: ['failed'],
		failures: true,
		matches: (post) => schedulingStatus(post) === 'failed',
		noneFound: 'No post has failed',
	},
	{
		value: 'postRejected',
		name: 'Post Rejected',
		description: 'A post under review is rejected by an approver',
		statuses: ['rejected'],
		approvalFilters: true,
		matches: (post) => inState(post, 'rejected', 'rejected_approval'),
		noneFound: 'No post has been rejected',
	},
	{
		value: 'approvalOverdue',
		name: 'Approval Overdue',
		description:
			'A post still under review is due within the lead time, or has passed into missed review',
		statuses: ['under_review', 'missed_review'],
		approvalFilters: true,
		tracksRounds: true,
		deadline: true,
		matches: (post) =>
			inState(post, 'under_review', 'pending_approval') ||
			schedulingStatus(post) === 'missed_review',
		noneFound: 'No post is overdue for approval',
	},
];

export const DEFAULT_EVENT = EVENTS[0].value;

/** The events whose posts carry an approval, for display options. */
export const APPROVAL_EVENTS = EVENTS.filter((event) => event.approvalFilters).map(
	(event) => event.value,
);

export const eventOf = (value: string): TriggerEvent | undefined =>
	EVENTS.find((event) => event.value === value);
