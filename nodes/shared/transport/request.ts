import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	IPollFunctions,
} from 'n8n-workflow';

import { KEY_REFUSED } from '../../../credentials/SocialPublishingApi.credentials';
import { header, quotaOf, readAnswer, retryAfterSeconds } from './answer';
import type { Answer, Expectation } from './answer';
import {
	keyRefusedError,
	rateLimitExhaustedError,
	transportFailure,
	unreachableError,
} from './errors';
import type { Where } from './errors';
import { gateFor, slotsOf } from './gate';
import type { Gate } from './gate';
import { openBody } from './multipart';
import type { MultipartBody } from './multipart';

export type { Answer, DataKind } from './answer';

export const CREDENTIAL_TYPE = 'socialPublishingApi';

/** Uploads one execution may have under way at once, whatever its parallel requests: each holds file data. */
const UPLOADS_AT_ONCE = 10;

export type ApiContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

/** What a caller adds to an endpoint's request. */
export interface CallOptions {
	qs?: IDataObject;
	body?: IDataObject;
	multipart?: MultipartBody;
	/** The input item this request serves; set on errors so n8n points at the item. */
	itemIndex?: number;
}

export interface Call extends CallOptions, Expectation {
	method: IHttpRequestMethods;
	/** The API path, from `/api/v1` on. */
	path: string;
}

/** How long a request may take and how many go at once: the API layer reads them from the node. */
export interface RequestBounds {
	/** Seconds one attempt waits for its answer. */
	timeoutSeconds: number;
	/** Seconds, in all, the request may wait out 429 answers. */
	maxRateLimitWaitSeconds: number;
	/** Requests the execution may have in flight at once; none outside an execution. */
	parallelRequests?: number;
}

/** `read`, once per execution, poll or editor call (the context is the key); a failure is not kept. */
export function oncePerContext<T, A extends unknown[]>(
	read: (ctx: ApiContext, ...rest: A) => Promise<T>,
): (ctx: ApiContext, ...rest: A) => Promise<T> {
	const readings = new WeakMap<object, Promise<T>>();
	return async (ctx, ...rest) => {
		let reading = readings.get(ctx);
		if (!reading) {
			reading = read(ctx, ...rest);
			readings.set(ctx, reading);
			reading.catch(() => readings.delete(ctx));
		}
		return await reading;
	};
}

/** The credential's Base URL and its key's gate. */
export const credentialOf = oncePerContext(async (ctx) => {
	const credentials = await ctx.getCredentials<{ baseUrl: string; apiKey: string }>(
		CREDENTIAL_TYPE,
	);
	// Without trailing slashes, and without `/api/v1` or `/api`, which people paste from the API's
	// documentation: the node adds `/api/v1` to every path itself.
	const baseUrl = String(credentials.baseUrl ?? '')
		.trim()
		.replace(/\/+$/, '')
		.replace(/\/api(\/v1)?$/i, '');
	return { baseUrl, gate: gateFor(baseUrl, String(credentials.apiKey ?? '')) };
});

/** The service's clock less n8n's, by the Date header of the latest answer in each execution. */
const clockOffsets = new WeakMap<object, number>();

/**
 * The service's clock now, in ms since the epoch, by the latest answer's Date header (error
 * answers included); n8n's clock while no answer has carried one. The header counts whole
 * seconds and is read after the answer travelled, so this runs up to a second or so behind.
 */
export const serviceNow = (ctx: ApiContext) => Date.now() + (clockOffsets.get(ctx) ?? 0);

/**
 * The one place that talks HTTP to the Social Publishing API. A 429 is waited out and the same
 * request sent again, within `maxRateLimitWaitSeconds` in all. Nothing else is retried: a create
 * sent twice can publish twice.
 */
export async function request(
	this: ApiContext,
	call: Call,
	bounds: RequestBounds,
): Promise<Answer> {
	const { baseUrl, gate } = await credentialOf(this);
	const where: Where = { baseUrl, method: call.method, path: call.path, itemIndex: call.itemIndex };
	const maxWait = bounds.maxRateLimitWaitSeconds;
	// Another request's 429 may have closed the window for every request of this credential.
	let waited = Math.ceil(gate.closedFor() / 1000);
	if (waited > maxWait)
		throw rateLimitExhaustedError(this.getNode(), {}, waited, 0, call.itemIndex);
	for (let refused = false; ; refused = true) {
		const turn = { gate, where, refused, waitLeft: maxWait - waited };
		const response = await sendOnce(this, call, bounds, turn);
		const serviceTime = Date.parse(header(response, 'date') ?? '') || undefined;
		if (serviceTime) clockOffsets.set(this, serviceTime - Date.now());
		const read = readAnswer(this, response, where, call, serviceTime);
		if (!('retryAfter' in read)) return read;
		const { retryAfter, body } = read;
		if (waited + retryAfter > maxWait)
			throw rateLimitExhaustedError(this.getNode(), body, retryAfter, waited, call.itemIndex);
		// The window is closed for every request of this credential (sendOnce); this one is sent
		// again, ahead of new ones, at its next turn at the gate.
		waited += retryAfter;
	}
}

/** The HTTP request of a call, without its files. */
function httpOptions(call: Call, baseUrl: string, timeoutMs: number): IHttpRequestOptions {
	const options: IHttpRequestOptions = {
		method: call.method,
		url: `${baseUrl}${call.path}`,
		qs: call.qs,
		arrayFormat: 'brackets',
		json: true,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout: timeoutMs,
	};
	if (call.multipart) {
		options.headers = {
			'Content-Type': call.multipart.contentType,
			'Content-Length': String(call.multipart.length),
		};
	} else if (call.body !== undefined) {
		options.body = call.body;
		options.headers = { 'Content-Type': 'application/json' };
	}
	return options;
}

/**
 * One attempt: it waits for its turn (an upload slot, a request slot, the gate), opens its files
 * anew, and gives back the service's answer, whatever its status.
 */
async function sendOnce(
	ctx: ApiContext,
	call: Call,
	{ timeoutSeconds, parallelRequests }: RequestBounds,
	turn: { gate: Gate; where: Where; refused: boolean; waitLeft: number },
): Promise<IN8nHttpFullResponse> {
	const { gate, where } = turn;
	const slots = parallelRequests ? slotsOf(ctx, 'requests', parallelRequests) : undefined;
	const uploadSlots =
		parallelRequests !== undefined && call.multipart
			? slotsOf(ctx, 'uploads', Math.min(UPLOADS_AT_ONCE, parallelRequests))
			: undefined;
	// 0 would mean no bound at all: a silent service must not hold the execution forever.
	const timeoutMs = Math.max(1, timeoutSeconds) * 1000;
	const options = httpOptions(call, where.baseUrl, timeoutMs);
	// An upload's turn comes before its files open: one waiting holds none of its data. A file
	// that cannot be read fails before anything is sent.
	await uploadSlots?.take();
	const opened = call.multipart
		? await openBody(call.multipart, timeoutMs).catch((error: unknown) => {
				uploadSlots?.give();
				throw error;
			})
		: undefined;
	if (opened) Object.assign(options, { body: opened.data, timeout: opened.timeout });
	await slots?.take();
	const enteredAt = await gate.enter(turn.refused);
	try {
		const response = (await ctx.helpers.httpRequestWithAuthentication.call(
			ctx,
			CREDENTIAL_TYPE,
			options,
		)) as IN8nHttpFullResponse;
		// A 429 closes the window for every request of this credential before this one's turn
		// ends, so that no other request takes its place; past the bound this request gives up
		// instead (request), and the window stays as it was.
		if (response.statusCode === 429) {
			const wait = retryAfterSeconds(response);
			if (wait <= turn.waitLeft) gate.close(wait);
		}
		gate.leave({ ...quotaOf(response), refused: response.statusCode === 429, enteredAt });
		return response;
	} catch (error) {
		gate.leave();
		// The credential kept the key back (keyRefusal): nothing was sent.
		const cause = (error as { cause?: Error }).cause;
		if (cause?.name === KEY_REFUSED) throw keyRefusedError(ctx.getNode(), where, cause.message);
		throw unreachableError(ctx.getNode(), where, {
			...transportFailure(error),
			timeoutSeconds: Math.max(1, timeoutSeconds),
			creates: call.creates,
		});
	} finally {
		opened?.close();
		slots?.give();
		uploadSlots?.give();
	}
}
