import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	IPollFunctions,
} from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { apiError, notJsonError, rateLimitExhaustedError, unreachableError } from './errors';
import type { MultipartBody } from './multipart';

export const CREDENTIAL_TYPE = 'socialPublishingApi';

/** Default bound on the total time spent waiting out 429 answers for one request. */
export const DEFAULT_MAX_RATE_LIMIT_WAIT_SECONDS = 300;

export type ApiContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

export interface RequestOptions {
	qs?: IDataObject;
	body?: IDataObject;
	multipart?: MultipartBody;
	/** The input item this request serves; set on errors so n8n points at the item. */
	itemIndex?: number;
	/** What an error status means for this call, e.g. 403 on approval: not an approver. */
	hints?: Partial<Record<number, string>>;
}

async function baseUrlOf(ctx: ApiContext): Promise<string> {
	const credentials = await ctx.getCredentials<{ baseUrl: string }>(CREDENTIAL_TYPE);
	return String(credentials.baseUrl ?? '').replace(/\/+$/, '');
}

/** A list in the editor has someone waiting on it: it waits out a short rate limit only. */
export const LIST_SEARCH_MAX_RATE_LIMIT_WAIT_SECONDS = 15;

/** The user's bound on rate-limit waiting: a node option where the node has one. */
function maxRateLimitWaitSeconds(ctx: ApiContext, itemIndex: number): number {
	const value =
		'getInputData' in ctx
			? ctx.getNodeParameter(
					'options.maxRateLimitWait',
					itemIndex,
					DEFAULT_MAX_RATE_LIMIT_WAIT_SECONDS,
				)
			: 'getMode' in ctx && 'getActivationMode' in ctx
				? ctx.getNodeParameter('options.maxRateLimitWait', DEFAULT_MAX_RATE_LIMIT_WAIT_SECONDS)
				: LIST_SEARCH_MAX_RATE_LIMIT_WAIT_SECONDS;
	const seconds = Number(value);
	return Number.isFinite(seconds) && seconds >= 0 ? seconds : DEFAULT_MAX_RATE_LIMIT_WAIT_SECONDS;
}

function header(response: IN8nHttpFullResponse, name: string): string | undefined {
	const value = (response.headers as IDataObject | undefined)?.[name.toLowerCase()];
	return value === undefined || value === null ? undefined : String(value);
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

function isJsonObject(body: unknown): body is IDataObject {
	return body !== null && typeof body === 'object' && !Buffer.isBuffer(body);
}

/**
 * Network error codes in plain words. The raw error is dropped, as it carries the request's headers;
 * the words carry no code, as n8n would replace a message that names one with its own.
 */
const NETWORK_FAILURES: Record<string, string> = {
	ECONNREFUSED: 'the connection was refused',
	ECONNRESET: 'the connection was closed before an answer came',
	EPIPE: 'the connection was closed while sending',
	ENOTFOUND: 'the host name was not found',
	EAI_AGAIN: 'the host name could not be resolved',
	ETIMEDOUT: 'no answer in time',
	ECONNABORTED: 'no answer in time',
	EHOSTUNREACH: 'the host is unreachable',
	ENETUNREACH: 'the network is unreachable',
	CERT_HAS_EXPIRED: "the service's TLS certificate has expired",
	DEPTH_ZERO_SELF_SIGNED_CERT: "the service's TLS certificate is self-signed",
};

/** A failure that never reached the service's answer: refused, dropped, timed out. */
function transportFailure(error: unknown): string {
	const found = (value: unknown): { code?: unknown; message?: unknown; cause?: unknown } =>
		value !== null && typeof value === 'object' ? value : {};
	const outer = found(error);
	const inner = found(outer.cause);
	const code = [inner.code, outer.code].find((value) => typeof value === 'string' && value !== '');
	if (typeof code === 'string')
		return NETWORK_FAILURES[code] ?? 'the request failed before an answer came';
	if (/socket hang up|closed unexpectedly/i.test(String(inner.message ?? outer.message ?? ''))) {
		return NETWORK_FAILURES.ECONNRESET;
	}
	if (/refused/i.test(String(outer.message ?? ''))) return NETWORK_FAILURES.ECONNREFUSED;
	return 'no answer';
}

/**
 * A 4xx/5xx answer without a JSON body (some endpoints send only the status) is still the API's
 * answer, and so is 204 No Content. An HTML page, or a 2xx that is not JSON, is not.
 */
function isBareStatusAnswer(status: number, body: unknown): boolean {
	if (status === 204) return true;
	if (status < 400) return false;
	if (body === undefined || body === null || body === '') return true;
	const text = Buffer.isBuffer(body) ? body.toString('utf8') : String(body);
	return !/<\s*(!doctype|html|head|body)\b/i.test(text);
}

/**
 * The one place that talks HTTP to the Social Publishing API.
 * A 429 is waited out and the same request sent again, within the node's bound. Nothing else is
 * retried: a create sent twice can publish twice.
 */
export async function apiRequest(
	this: ApiContext,
	method: IHttpRequestMethods,
	path: string,
	{ qs, body, multipart, itemIndex, hints }: RequestOptions = {},
): Promise<IDataObject> {
	const baseUrl = await baseUrlOf(this);
	const options: IHttpRequestOptions = {
		method,
		url: `${baseUrl}${path}`,
		qs,
		arrayFormat: 'brackets',
		json: true,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
	};
	if (multipart) {
		options.body = multipart.body;
		options.headers = { 'Content-Type': multipart.contentType };
	} else if (body !== undefined) {
		options.body = body;
		options.headers = { 'Content-Type': 'application/json' };
	}

	const maxWait = maxRateLimitWaitSeconds(this, itemIndex ?? 0);
	let waited = 0;
	for (;;) {
		let response: IN8nHttpFullResponse;
		try {
			response = (await this.helpers.httpRequestWithAuthentication.call(
				this,
				CREDENTIAL_TYPE,
				options,
			)) as IN8nHttpFullResponse;
		} catch (error) {
			throw unreachableError(this.getNode(), baseUrl, transportFailure(error), method, itemIndex);
		}

		const status = response.statusCode;
		const responseBody: IDataObject | undefined = isJsonObject(response.body)
			? response.body
			: isBareStatusAnswer(status, response.body)
				? {}
				: undefined;
		if (responseBody === undefined) {
			throw notJsonError(this.getNode(), status, baseUrl, itemIndex);
		}
		if (status === 429) {
			const wait = retryAfterSeconds(response, responseBody);
			if (waited + wait > maxWait) {
				throw rateLimitExhaustedError(this.getNode(), responseBody, wait, waited, itemIndex);
			}
			await sleep(wait * 1000);
			waited += wait;
			continue;
		}
		// A 207 reports per-item outcomes, mixed by definition; its body is data, not a failure.
		if (status >= 400 || (responseBody.status === false && status !== 207)) {
			throw apiError(this.getNode(), { status, body: responseBody, itemIndex, hints });
		}
		return responseBody;
	}
}
