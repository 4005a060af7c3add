import type { IDataObject, IExecuteFunctions, INodeProperties, IPollFunctions } from 'n8n-workflow';

import { asObject } from './records';
import type { ApiContext, RequestBounds } from './transport/request';

/** Default bound on the total time spent waiting out 429 answers for one request. */
export const DEFAULT_MAX_RATE_LIMIT_WAIT_SECONDS = 300;
/** Default time one request may wait for its answer. */
export const DEFAULT_TIMEOUT_SECONDS = 60;
/** Default number of requests one execution may have in flight at once: half the live quota of a minute. */
export const DEFAULT_PARALLEL_REQUESTS = 50;

/** An item's Options, read once: its plan, its create and each of its requests consult them. */
const optionsRead = new WeakMap<object, IDataObject[]>();
export function optionsOf(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const read = optionsRead.get(ctx) ?? [];
	optionsRead.set(ctx, read);
	return (read[itemIndex] ??= asObject(ctx.getNodeParameter('options', itemIndex, {})));
}

const isExecution = (ctx: ApiContext): ctx is IExecuteFunctions => 'getInputData' in ctx;
const isPoll = (ctx: ApiContext): ctx is IPollFunctions =>
	'getMode' in ctx && 'getActivationMode' in ctx;

/** Options > Parallel Requests of an execution: a whole number of at least 1. */
export function parallelRequestsOf(ctx: IExecuteFunctions): number {
	const value = Number(optionsOf(ctx, 0).parallelRequests ?? DEFAULT_PARALLEL_REQUESTS);
	return Number.isInteger(value) && value >= 1 ? value : DEFAULT_PARALLEL_REQUESTS;
}

/** A number of seconds as the node has it, or `fallback` when it is not one. */
function seconds(value: unknown, fallback: number): number {
	const number = Number(value ?? fallback);
	return Number.isFinite(number) && number >= 0 ? number : fallback;
}

/**
 * The bounds of a request, from the node's Options: an execution's for the item, a poll's, or,
 * for a list in the editor, short waits only (someone is waiting on it).
 */
export function boundsOf(ctx: ApiContext, itemIndex = 0): RequestBounds {
	const options = isExecution(ctx)
		? optionsOf(ctx, itemIndex)
		: isPoll(ctx)
			? asObject(ctx.getNodeParameter('options', {}))
			: undefined;
	if (!options) return { timeoutSeconds: 20, maxRateLimitWaitSeconds: 15 };
	return {
		timeoutSeconds: seconds(options.timeout, DEFAULT_TIMEOUT_SECONDS),
		maxRateLimitWaitSeconds: seconds(options.maxRateLimitWait, DEFAULT_MAX_RATE_LIMIT_WAIT_SECONDS),
		parallelRequests: isExecution(ctx) ? parallelRequestsOf(ctx) : undefined,
	};
}

/** A collection: optional fields the user adds one by one (Options, Filters, Additional Fields). */
export function collection(
	displayName: string,
	name: string,
	placeholder: string,
	options: INodeProperties[],
): INodeProperties {
	return { displayName, name, type: 'collection', placeholder, default: {}, options };
}

/** Every operation's Options: its own, then the request bounds the API layer hands the transport. */
export function nodeOptions(...extra: INodeProperties[]): INodeProperties {
	return collection('Options', 'options', 'Add Option', [
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
	]);
}

/** How many requests the action node may have in flight at once; the router and the API layer read it. */
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
