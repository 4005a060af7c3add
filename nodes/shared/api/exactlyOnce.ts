import type { IDataObject, IExecuteFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import type { PathParams, Writer, WriteName } from './index';
import { optionsOf } from '../options';
import { asObject } from '../records';
import type { CallOptions } from '../transport/request';
import { serviceNow } from '../transport/request';

/**
 * Exactly-once creates. The API has no idempotency key, so a create that fails in a way that
 * leaves it unknown whether the service acted (a 5xx, a timeout, a connection dropped after
 * sending, an answer that is not the API's) is not simply sent again: the node first looks for
 * what the request would have created, using the API's own lists. Found: that is the result,
 * marked `recovered`. Not found: it is sent again, a few times at most, with a pause between.
 * An item that an earlier attempt of the run may have done (a retry: the writer's `doubt`) looks
 * the same way before it is sent at all.
 */

/**
 * Attempts in all, the first included. Five, so that even when a third of all requests fail
 * ambiguously, an item is left unknown about once in 250 (3 would leave one in 27).
 */
const MAX_ATTEMPTS = 5;
/** Pauses before each attempt after the first: 15 s in all at most. */
const BACKOFF_MS = [1000, 2000, 4000, 8000];
/**
 * "Made since the attempt" is judged by the service's clock (its Date header), which counts whole
 * seconds, may come from another of its servers than the record's time, or be missing (then n8n's
 * clock stands in): a record this much older than the attempt still counts.
 */
const CLOCK_SKEW_MS = 5 * 60 * 1000;

export interface Found {
	record: IDataObject;
	/** What the record was matched on, for the output. */
	matchedOn: string[];
}

export interface Lookup {
	/** What is looked for, in words: "the workspace's newest posts". */
	where: string;
	/**
	 * `before-resend`: look after each ambiguous failure (posts, media, comments). `on-duplicate`:
	 * send again at once, and look only when the service says the record already exists (409
	 * DUPLICATE_ACCOUNT: the first attempt worked), as for accounts.
	 */
	when: 'before-resend' | 'on-duplicate';
	/**
	 * The record the request would have created, made at or after `since()` (ms, by the service's
	 * clock, asked after the list is read: its answer tells that clock), not yet claimed. `shared`:
	 * what the list holds before this attempt is read once for every item that looks.
	 */
	find(since: () => number, claimed: Set<string>, shared?: boolean): Promise<Found | undefined>;
	/** The identifier of a found record, so that two items of one execution never claim the same. */
	idOf(record: IDataObject): string;
}

/** Records claimed as recovered in this execution: one item's post is never another item's. */
const claimedByExecution = new WeakMap<object, Set<string>>();
/** The records claimed in this execution; a retry claims those its earlier attempt made first. */
export const claimedIn = (ctx: IExecuteFunctions) =>
	claimedByExecution.get(ctx) ?? (claimedByExecution.set(ctx, new Set()).get(ctx) as Set<string>);

const isDuplicate = (error: NodeApiError) =>
	error.httpCode === '409' && asObject(error.errorResponse).error_code === 'DUPLICATE_ACCOUNT';

/**
 * Sends a create once, or, after an ambiguous failure, finds its result or sends it again.
 * 4xx answers, 429s past the bound and refused connections are not ambiguous: they fail as usual.
 */
export async function createOnce(
	this: Writer,
	name: WriteName,
	params: PathParams,
	options: CallOptions & { itemIndex: number },
	lookup: Lookup,
): Promise<IDataObject> {
	const ctx = this.ctx;
	const fail = optionsOf(ctx, options.itemIndex).onServerError === 'fail';
	const began = this.doubt ?? Date.now();
	const claimed = claimedIn(ctx);
	const tried: string[] = [];
	let lastError: NodeApiError | undefined;
	if (this.doubt !== undefined && lookup.when === 'before-resend') {
		const found = await lookup.find(sinceBy(ctx, began), claimed, true).catch((error: Error) => {
			const message = `Could not look in ${lookup.where} for what an earlier attempt made, so nothing was sent: ${error.message}`;
			throw new NodeOperationError(ctx.getNode(), message, { itemIndex: options.itemIndex });
		});
		if (found) return recovered(claimed, lookup, found);
	}
	for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
		try {
			const record = await this.send(name, params, options);
			claimed.add(lookup.idOf(record));
			return record;
		} catch (caught) {
			// The API layer throws NodeApiErrors only; anything else is wrapped, not retried.
			const error =
				caught instanceof NodeApiError
					? caught
					: new NodeApiError(ctx.getNode(), caught as JsonObject, { itemIndex: options.itemIndex });
			const resentAfterDoubt = lastError !== undefined || this.doubt !== undefined;
			if (lookup.when === 'on-duplicate' && resentAfterDoubt && isDuplicate(error)) {
				const found = await look(ctx, lookup, began, claimed, tried, error);
				if (found) return recovered(claimed, lookup, found);
				tried.push(
					`attempt ${attempt}: the service says it exists already, but it was not found in ${lookup.where}`,
				);
				throw stillUnknown(ctx, tried, error, options.itemIndex);
			}
			if (error.context.outcome !== 'unknown' || fail) throw error;
			lastError = error;
			tried.push(`attempt ${attempt}: ${lastError.message}`);
			if (lookup.when === 'before-resend') {
				const found = await look(ctx, lookup, began, claimed, tried, lastError);
				if (found) return recovered(claimed, lookup, found);
				tried.push(`looked in ${lookup.where}: not there`);
			}
			if (attempt < MAX_ATTEMPTS) await sleep(BACKOFF_MS[attempt - 1]);
		}
	}
	throw stillUnknown(ctx, tried, lastError as NodeApiError, options.itemIndex);
}

/** Looks; a lookup that fails leaves the outcome unknown, and nothing is sent again. */
async function look(
	ctx: IExecuteFunctions,
	lookup: Lookup,
	began: number,
	claimed: Set<string>,
	tried: string[],
	last: NodeApiError,
): Promise<Found | undefined> {
	try {
		return await lookup.find(sinceBy(ctx, began), claimed);
	} catch (error) {
		tried.push(`could not look in ${lookup.where}: ${(error as Error).message}`);
		throw stillUnknown(ctx, tried, last, last.context.itemIndex as number);
	}
}

/** When the first attempt began (`began`, by n8n's clock) by the service's clock, less the skew. */
const sinceBy = (ctx: IExecuteFunctions, began: number) => () =>
	serviceNow(ctx) - (Date.now() - began) - CLOCK_SKEW_MS;

function recovered(claimed: Set<string>, lookup: Lookup, { record, matchedOn }: Found) {
	claimed.add(lookup.idOf(record));
	return { ...record, recovered: true, matched_on: matchedOn };
}

function stillUnknown(
	ctx: IExecuteFunctions,
	tried: string[],
	last: NodeApiError,
	itemIndex: number,
): NodeApiError {
	// Where On Server Error is "Fail" already, only a retry of the run gets here: no advice to set it.
	const fail = optionsOf(ctx, itemIndex).onServerError === 'fail';
	return new NodeApiError(ctx.getNode(), last.errorResponse as JsonObject, {
		message: `It is still unknown whether the service created this: ${last.message}`,
		description: [
			`What was tried: ${tried.join('; ')}.`,
			`It may exist all the same: check before running again.${fail ? '' : ' Set Options > On Server Error to "Fail" to stop at the first failure instead.'}`,
		].join('\n'),
		httpCode: last.httpCode ?? undefined,
		itemIndex,
	});
}
