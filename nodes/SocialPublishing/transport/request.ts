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
}

async function baseUrlOf(ctx: ApiContext): Promise<string> {
	const credentials = await ctx.getCredentials<{ baseUrl: string }>(CREDENTIAL_TYPE);
	return String(credentials.baseUrl ?? '').replace(/\/+$/, '');
}

/** The user's bound on rate-limit waiting: a node option where the node has one. */
function maxRateLimitWaitSeconds(ctx: ApiContext, itemIndex: number): number {
	const value =
		'getInputData' in ctx
			? ctx.getNodeParameter('options.maxRateLimitWait', itemIndex, DEFAULT_MAX_RATE_LIMIT_WAIT_SECONDS)
			: 'getMode' in ctx && 'getActivationMode' in ctx
				? ctx.getNodeParameter('options.maxRateLimitWait', DEFAULT_MAX_RATE_LIMIT_WAIT_SECONDS)
				: DEFAULT_MAX_RATE_LIMIT_WAIT_SECONDS;
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

/** A failure that never reached the service's answer: refused, dropped, timed out. */
function transportFailure(error: unknown): string | undefined {
	const { code, message } = (error ?? {}) as { code?: string; message?: string };
	if (code) return `${code}${message ? ` (${message.replace(/https?:\/\/\S+/g, '').trim()})` : ''}`;
	return message;
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
	{ qs, body, multipart, itemIndex }: RequestOptions = {},
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
			throw unreachableError(this.getNode(), baseUrl, transportFailure(error) ?? 'no answer', itemIndex);
		}

		const status = response.statusCode;
		const responseBody = response.body;
		if (!isJsonObject(responseBody)) {
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
		if (status >= 400 || responseBody.status === false) {
			throw apiError(this.getNode(), { status, body: responseBody, itemIndex });
		}
		return responseBody;
	}
}
