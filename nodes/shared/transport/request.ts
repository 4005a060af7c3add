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
import {
	apiError,
	keyRefusedError,
	notEnvelopeError,
	notJsonError,
	rateLimitExhaustedError,
	redirectError,
	serviceFailedError,
	unreachableError,
} from './errors';
import type { Outcome } from './errors';
import { gateFor, slotsOf } from './gate';
import { openBody } from './multipart';
import type { MultipartBody } from './multipart';

export const CREDENTIAL_TYPE = 'socialPublishingApi';

/** Default bound on the total time spent waiting out 429 answers for one request. */
export const DEFAULT_MAX_RATE_LIMIT_WAIT_SECONDS = 300;
/** Default time one request may wait for its answer. */
export const DEFAULT_TIMEOUT_SECONDS = 60;
/** Default number of requests one execution may have in flight at once: half the live quota of a minute. */
export const DEFAULT_PARALLEL_REQUESTS = 50;
/** Uploads one execution may have under way at once, whatever that number: each holds file data. */
const UPLOADS_AT_ONCE = 10;

export type ApiContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

/** What a successful answer's `data` must be: a list, one record, or nothing in particular. */
export type DataKind = 'list' | 'object' | 'none';

/** A successful answer: its body, and the service's clock when it says (the Date header). */
export interface Answer {
	body: IDataObject;
	serviceTime?: number;
}

/** What a caller adds to an endpoint's request. */
export interface CallOptions {
	qs?: IDataObject;
	body?: IDataObject;
	multipart?: MultipartBody;
	/** The input item this request serves; set on errors so n8n points at the item. */
	itemIndex?: number;
}

export interface Call extends CallOptions {
	method: IHttpRequestMethods;
	/** The API path, from `/api/v1` on. */
	path: string;
	expect: DataKind;
	/** Statuses whose body is data even when its `status` is false (a partial delete's 207). */
	dataStatuses?: number[];
	/** What a create makes: named in errors that leave it unknown whether it was made. */
	creates?: string;
	/** What an error status means for this call, e.g. 403 on approval: not an approver. */
	hints?: Partial<Record<number, string>>;
}

/**
 * The credential's Base URL without trailing slashes, and without `/api/v1` or `/api`, which
 * people paste from the API's documentation: the node adds `/api/v1` to every path itself.
 */
function normalBaseUrl(value: unknown): string {
	return String(value ?? '')
		.trim()
		.replace(/\/+$/, '')
		.replace(/\/api(\/v1)?$/i, '');
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
	const baseUrl = normalBaseUrl(credentials.baseUrl);
	return { baseUrl, gate: gateFor(baseUrl, String(credentials.apiKey ?? '')) };
});

/** An item's Options, read once: its plan, its create and each of its requests consult them. */
const optionsRead = new WeakMap<object, IDataObject[]>();
export function optionsOf(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const read = optionsRead.get(ctx) ?? [];
	optionsRead.set(ctx, read);
	return (read[itemIndex] ??= ctx.getNodeParameter('options', itemIndex, {}) as IDataObject);
}

/** Options > Parallel Requests of an execution: a whole number of at least 1. */
export function parallelRequestsOf(ctx: IExecuteFunctions): number {
	const value = Number(
		ctx.getNodeParameter('options.parallelRequests', 0, DEFAULT_PARALLEL_REQUESTS),
	);
	return Number.isInteger(value) && value >= 1 ? value : DEFAULT_PARALLEL_REQUESTS;
}

const isExecute = (ctx: ApiContext): ctx is IExecuteFunctions => 'getInputData' in ctx;
const isPoll = (ctx: ApiContext): ctx is IPollFunctions =>
	'getMode' in ctx && 'getActivationMode' in ctx;

/**
 * The seconds options of the node's Options: their defaults, and what a list in the editor uses
 * instead (someone is waiting on it: short waits only).
 */
const SECONDS_OPTIONS = {
	timeout: { fallback: DEFAULT_TIMEOUT_SECONDS, listSearch: 20 },
	maxRateLimitWait: { fallback: DEFAULT_MAX_RATE_LIMIT_WAIT_SECONDS, listSearch: 15 },
};

/** A seconds option of the node's Options, as the node has it. */
function secondsOption(
	ctx: ApiContext,
	name: keyof typeof SECONDS_OPTIONS,
	itemIndex: number,
): number {
	const { fallback, listSearch } = SECONDS_OPTIONS[name];
	const value = isExecute(ctx)
		? (optionsOf(ctx, itemIndex)[name] ?? fallback)
		: isPoll(ctx)
			? ctx.getNodeParameter(`options.${name}`, fallback)
			: listSearch;
	const seconds = Number(value);
	return Number.isFinite(seconds) && seconds >= 0 ? seconds : fallback;
}

function header(response: IN8nHttpFullResponse, name: string): string | undefined {
	const value = (response.headers as IDataObject | undefined)?.[name.toLowerCase()];
	return value === undefined || value === null ? undefined : String(value);
}

/** A rate-limit header as a whole number, when the answer carries it. */
function countHeader(response: IN8nHttpFullResponse, name: string): number | undefined {
	const text = header(response, name);
	const value = Number(text);
	return text !== undefined && Number.isInteger(value) && value >= 0 ? value : undefined;
}

/** Seconds the service asks us to wait: `retry_after` in the body, else the Retry-After header. */
function retryAfterSeconds(response: IN8nHttpFullResponse, body: IDataObject): number {
	const fromBody = Number(body.retry_after);
	if (Number.isFinite(fromBody) && fromBody >= 0) return fromBody;
	const fromHeader = header(response, 'retry-after');
	if (fromHeader !== undefined) {
		const seconds = Number(fromHeader);
		if (Number.isFinite(seconds)) return Math.max(0, seconds);
		const date = Date.parse(fromHeader);
		if (!Number.isNaN(date)) return Math.max(0, Math.ceil((date - Date.now()) / 1000));
	}
	return 60;
}

const isJsonObject = (body: unknown): body is IDataObject =>
	body !== null && typeof body === 'object' && !Array.isArray(body) && !Buffer.isBuffer(body);

/**
 * Network error codes in plain words, and whether the request may have reached the service. The
 * raw error is dropped, as it carries the request's headers; the words carry no code, as n8n would
 * replace a message that names one with its own.
 */
const NETWORK_FAILURES: Record<string, [words: string, outcome: Outcome]> = {
	ECONNREFUSED: ['the connection was refused', 'not-sent'],
	ENOTFOUND: ['the host name was not found', 'not-sent'],
	EAI_AGAIN: ['the host name could not be resolved', 'not-sent'],
	EHOSTUNREACH: ['the host is unreachable', 'not-sent'],
	ENETUNREACH: ['the network is unreachable', 'not-sent'],
	CERT_HAS_EXPIRED: ["the service's TLS certificate has expired", 'not-sent'],
	DEPTH_ZERO_SELF_SIGNED_CERT: ["the service's TLS certificate is self-signed", 'not-sent'],
	ECONNRESET: ['the connection was closed before an answer came', 'unknown'],
	EPIPE: ['the connection was closed while sending', 'unknown'],
	ETIMEDOUT: ['no answer in time', 'unknown'],
	ECONNABORTED: ['no answer in time', 'unknown'],
};

/** A failure that never reached the service's answer: refused, dropped, timed out. */
function transportFailure(error: unknown): { words: string; outcome: Outcome; timedOut: boolean } {
	const found = (value: unknown): { code?: unknown; message?: unknown; cause?: unknown } =>
		value !== null && typeof value === 'object' ? value : {};
	const outer = found(error);
	const inner = found(outer.cause);
	const text = String(inner.message ?? outer.message ?? '');
	const code = [inner.code, outer.code].find((value) => typeof value === 'string' && value !== '');
	const timedOut = code === 'ETIMEDOUT' || code === 'ECONNABORTED' || /timeout/i.test(text);
	const known = typeof code === 'string' ? NETWORK_FAILURES[code] : undefined;
	if (known) return { words: known[0], outcome: known[1], timedOut };
	if (timedOut) return { words: NETWORK_FAILURES.ETIMEDOUT[0], outcome: 'unknown', timedOut };
	if (/socket hang up|closed unexpectedly/i.test(text))
		return { words: NETWORK_FAILURES.ECONNRESET[0], outcome: 'unknown', timedOut };
	if (/refused/i.test(String(outer.message ?? '')))
		return { words: NETWORK_FAILURES.ECONNREFUSED[0], outcome: 'not-sent', timedOut };
	return { words: 'the request failed before an answer came', outcome: 'unknown', timedOut };
}

const looksLikeHtml = (text: string) => /<\s*(!doctype|html|head|body)\b/i.test(text);

/** What an answer that is not JSON looks like, in a few words for the error. */
function bodyText(body: unknown): string {
	if (body === undefined || body === null) return '';
	return Buffer.isBuffer(body) ? body.toString('utf8') : String(body);
}

/** Whether `body` is the API's envelope for a success with `data` of the expected kind. */
function envelopeProblem(body: IDataObject, expect: DataKind): string | undefined {
	if (body.status !== true) return 'it has no "status": true';
	if (expect === 'list' && !Array.isArray(body.data)) return 'its "data" is not a list';
	if (expect === 'object' && !isJsonObject(body.data)) return 'its "data" is not a record';
	return undefined;
}

/** The service's clock less n8n's, by the Date header of the latest answer in each execution. */
const clockOffsets = new WeakMap<object, number>();

/**
 * The service's clock now, in ms since the epoch, by the latest answer's Date header (error
 * answers included); n8n's clock while no answer has carried one. The header counts whole
 * seconds and is read after the answer travelled, so this runs up to a second or so behind.
 */
export const serviceNow = (ctx: ApiContext) => Date.now() + (clockOffsets.get(ctx) ?? 0);

/**
 * The one place that talks HTTP to the Social Publishing API. It accepts a success only when the
 * answer is the API's envelope with `data` of the kind the endpoint returns. A 429 is waited out
 * and the same request sent again, within the node's bound. Nothing else is retried: a create sent
 * twice can publish twice.
 */
export async function request(this: ApiContext, call: Call): Promise<Answer> {
	const { baseUrl, gate } = await credentialOf(this);
	const slots = isExecute(this)
		? slotsOf(this, 'requests', () => parallelRequestsOf(this))
		: undefined;
	const uploadSlots =
		isExecute(this) && call.multipart
			? slotsOf(this, 'uploads', () => Math.min(UPLOADS_AT_ONCE, parallelRequestsOf(this)))
			: undefined;
	const itemIndex = call.itemIndex ?? 0;
	const timeoutSeconds = secondsOption(this, 'timeout', itemIndex);
	// 0 would mean no bound at all: a silent service must not hold the execution forever.
	const timeoutMs = Math.max(1, timeoutSeconds) * 1000;
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
	// Only an error needs the node, and each reading copies it whole.
	const node = () => this.getNode();
	const { creates } = call;
	const where = { baseUrl, method: call.method, path: call.path, itemIndex: call.itemIndex };

	// Read only when a wait comes up: each reading of an option walks the node's description.
	const maxWait = () => secondsOption(this, 'maxRateLimitWait', itemIndex);
	let waited = 0;
	let refused = false;
	let waitCounted = false;
	for (;;) {
		// Another request's 429 closed the window for every request of this credential; this
		// request's own 429 counted its wait below already.
		const closed = waitCounted ? 0 : Math.ceil(gate.closedFor() / 1000);
		if (closed > 0 && waited + closed > maxWait())
			throw rateLimitExhaustedError(node(), {}, closed, waited, call.itemIndex);
		waited += closed;
		waitCounted = false;
		let response: IN8nHttpFullResponse;
		// Each attempt opens the files anew; one that cannot be read fails before anything is sent.
		// An upload's turn comes before its files open: one waiting holds none of its data.
		await uploadSlots?.take();
		const opened = call.multipart
			? await openBody(call.multipart, timeoutMs).catch((error: unknown) => {
					uploadSlots?.give();
					throw error;
				})
			: undefined;
		if (opened) Object.assign(options, { body: opened.data, timeout: opened.timeout });
		await slots?.take();
		const enteredAt = await gate.enter(refused);
		try {
			response = (await this.helpers.httpRequestWithAuthentication.call(
				this,
				CREDENTIAL_TYPE,
				options,
			)) as IN8nHttpFullResponse;
			// A 429 closes the window for every request of this credential before this one's
			// turn ends, so that no other request takes its place; past the bound this request
			// gives up instead (below), and the window stays as it was.
			if (response.statusCode === 429) {
				const wait = retryAfterSeconds(response, isJsonObject(response.body) ? response.body : {});
				if (waited + wait <= maxWait()) gate.close(wait);
			}
			gate.leave({
				remaining: countHeader(response, 'x-ratelimit-remaining'),
				limit: countHeader(response, 'x-ratelimit-limit'),
				enteredAt,
			});
		} catch (error) {
			gate.leave();
			// The credential kept the key back (keyRefusal): nothing was sent.
			const cause = (error as { cause?: Error }).cause;
			if (cause?.name === KEY_REFUSED) throw keyRefusedError(node(), where, cause.message);
			const failure = transportFailure(error);
			throw unreachableError(node(), where, {
				...failure,
				timeoutSeconds: Math.max(1, timeoutSeconds),
				creates,
			});
		} finally {
			opened?.close();
			slots?.give();
			uploadSlots?.give();
		}

		const status = response.statusCode;
		const body = response.body;
		const location = header(response, 'location');
		if (status >= 300 && status < 400 && location !== undefined)
			throw redirectError(node(), where, status, location);
		const serviceTime = Date.parse(header(response, 'date') ?? '');
		if (!Number.isNaN(serviceTime)) clockOffsets.set(this, serviceTime - Date.now());
		if (!isJsonObject(body)) {
			const text = bodyText(body);
			// Some endpoints answer an error with the status alone; a 204 has no body by definition.
			if (status === 204 && call.expect === 'none') return { body: {} };
			if (status >= 500) throw serviceFailedError(node(), where, status, text, creates);
			if (status >= 400 && !looksLikeHtml(text))
				throw apiError(node(), { status, body: {}, itemIndex: call.itemIndex, hints: call.hints });
			if (status >= 200 && status < 300 && !looksLikeHtml(text))
				throw notEnvelopeError(node(), where, status, body, 'it is not a JSON object', creates);
			throw notJsonError(node(), where, status);
		}
		if (status === 429) {
			const wait = retryAfterSeconds(response, body);
			if (waited + wait > maxWait())
				throw rateLimitExhaustedError(node(), body, wait, waited, call.itemIndex);
			// The window is closed for every request of this credential (above); this one is then
			// sent again, ahead of new ones, on the loop's next turn at the gate.
			waited += wait;
			waitCounted = true;
			refused = true;
			continue;
		}
		const answer = { body, ...(Number.isNaN(serviceTime) ? {} : { serviceTime }) };
		if (call.dataStatuses?.includes(status)) return answer;
		if (status >= 400 || body.status === false) {
			throw apiError(node(), {
				status,
				body,
				itemIndex: call.itemIndex,
				hints: call.hints,
				creates,
			});
		}
		const problem = envelopeProblem(body, call.expect);
		if (problem) throw notEnvelopeError(node(), where, status, body, problem, creates);
		return answer;
	}
}
