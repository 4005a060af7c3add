import type { INodeProperties } from 'n8n-workflow';

import {
	DEFAULT_MAX_RATE_LIMIT_WAIT_SECONDS,
	DEFAULT_PARALLEL_REQUESTS,
	DEFAULT_TIMEOUT_SECONDS,
} from './transport/request';

export { optionsOf } from './transport/request';

/**
 * The Options collection every operation ends with: its own options, then the request bounds the
 * transport reads.
 */
export function nodeOptions(...extra: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			...extra,
			{
				displayName: 'Max Rate-Limit Wait (Seconds)',
				name: 'maxRateLimitWait',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: DEFAULT_MAX_RATE_LIMIT_WAIT_SECONDS,
				description:
					'When the service answers "too many requests", the node waits as long as it asks and tries again, up to this many seconds in total. Past that it stops with an error saying when to try again.',
			},
			{
				displayName: 'Timeout (Seconds)',
				name: 'timeout',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: DEFAULT_TIMEOUT_SECONDS,
				description:
					'How long to wait for the service to answer one request. Past that the request fails with an error saying it timed out.',
			},
		],
	};
}

/** How many requests the action node may have in flight at once; the router and transport read it. */
export const parallelRequestsOption: INodeProperties = {
	displayName: 'Parallel Requests',
	name: 'parallelRequests',
	type: 'number',
	typeOptions: { minValue: 1, numberPrecision: 0 },
	default: DEFAULT_PARALLEL_REQUESTS,
	description:
		"How many requests may be in flight at once, across items (1: one at a time; file uploads at most 10). Requests with the same credential share the service's rate limit, so more in parallel never means more failures.",
};

/** What a create does after a failure that leaves it unknown whether the service acted. */
export const onServerErrorOption: INodeProperties = {
	displayName: 'On Server Error',
	name: 'onServerError',
	type: 'options',
	options: [
		{
			name: 'Check and Resend',
			value: 'checkAndResend',
			description:
				'After a server error, a timeout or a dropped connection, look for what the request would have created; send again only when it is not there',
		},
		{
			name: 'Fail',
			value: 'fail',
			description: 'Stop with an error at the first such failure; nothing is sent again',
		},
	],
	default: 'checkAndResend',
	description:
		'What to do when creating fails in a way that leaves it unknown whether the service created the record',
};
