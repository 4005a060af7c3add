import type { IDataObject, IN8nHttpFullResponse, INode } from 'n8n-workflow';

import { asObject, isPlainObject } from '../records';
import {
	apiError,
	notEnvelopeError,
	notJsonError,
	redirectError,
	serviceFailedError,
} from './errors';
import type { Where } from './errors';

/** What a successful answer's `data` must be: a list, one record, or nothing in particular. */
export type DataKind = 'list' | 'object' | 'none';

/** A successful answer: its body, and the service's clock when it says (the Date header). */
export interface Answer {
	body: IDataObject;
	serviceTime?: number;
}

/** A 429: the seconds the service asks to wait, and its body for the error past the bound. */
export type Refusal = { retryAfter: number; body: IDataObject };

/** What a call takes for a good answer, and what its errors say. */
export interface Expectation {
	expect: DataKind;
	/** Statuses whose body is data even when its `status` is false (a partial delete's 207). */
	dataStatuses?: number[];
	/** What a create makes: named in errors that leave it unknown whether it was made. */
	creates?: string;
	/** What an error status means for this call, e.g. 403 on approval: not an approver. */
	hints?: Partial<Record<number, string>>;
}

export function header(response: IN8nHttpFullResponse, name: string): string | undefined {
	const value = asObject(response.headers)[name.toLowerCase()];
	return value === undefined || value === null ? undefined : String(value);
}

/** A rate-limit header as a whole number, when the answer carries it. */
function countHeader(response: IN8nHttpFullResponse, name: string): number | undefined {
	const text = header(response, name);
	const value = Number(text);
	return text !== undefined && Number.isInteger(value) && value >= 0 ? value : undefined;
}

/** What the answer tells of the key's quota. */
export const quotaOf = (response: IN8nHttpFullResponse) => ({
	remaining: countHeader(response, 'x-ratelimit-remaining'),
	limit: countHeader(response, 'x-ratelimit-limit'),
});

/** Seconds the service asks us to wait: `retry_after` in the body, else the Retry-After header. */
export function retryAfterSeconds(response: IN8nHttpFullResponse): number {
	const fromBody = Number(asObject(response.body).retry_after);
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

const looksLikeHtml = (text: string) => /<\s*(!doctype|html|head|body)\b/i.test(text);

/** Whether `body` is the API's envelope for a success with `data` of the expected kind. */
function envelopeProblem(body: IDataObject, expect: DataKind): string | undefined {
	if (body.status !== true) return 'it has no "status": true';
	if (expect === 'list' && !Array.isArray(body.data)) return 'its "data" is not a list';
	if (expect === 'object' && !isPlainObject(body.data)) return 'its "data" is not a record';
	return undefined;
}

/**
 * The service's answer read: a success only when it is the API's envelope with `data` of the kind
 * the endpoint returns; a 429 as a refusal to wait out; anything else as an error in plain words.
 */
export function readAnswer(
	ctx: { getNode(): INode },
	response: IN8nHttpFullResponse,
	where: Where,
	call: Expectation & { itemIndex?: number },
	serviceTime?: number,
): Answer | Refusal {
	const { statusCode: status, body } = response;
	const location = header(response, 'location');
	if (status >= 300 && status < 400 && location !== undefined)
		throw redirectError(ctx.getNode(), where, status, location);
	const { creates, itemIndex, hints } = call;
	if (!isPlainObject(body)) {
		// An empty success, or an error in words: plain text is its message (cut at 300 characters),
		// and some endpoints answer with the status alone; a 204 has no body by definition.
		if (status === 204 && call.expect === 'none') return { body: {} };
		const text = Buffer.isBuffer(body) ? body.toString('utf8') : String(body ?? '');
		const node = ctx.getNode();
		if (status >= 500) throw serviceFailedError(node, where, status, text, creates);
		if (status >= 400 && !looksLikeHtml(text))
			throw apiError(node, { status, body: { message: text.slice(0, 300) }, itemIndex, hints });
		if (status >= 200 && status < 300 && !looksLikeHtml(text))
			throw notEnvelopeError(node, where, status, body, 'it is not a JSON object', creates);
		throw notJsonError(node, where, status);
	}
	if (status === 429) return { retryAfter: retryAfterSeconds(response), body };
	const answer = { body, ...(serviceTime === undefined ? {} : { serviceTime }) };
	if (call.dataStatuses?.includes(status)) return answer;
	if (status >= 400 || body.status === false)
		throw apiError(ctx.getNode(), { status, body, itemIndex, hints, creates });
	const problem = envelopeProblem(body, call.expect);
	if (problem) throw notEnvelopeError(ctx.getNode(), where, status, body, problem, creates);
	return answer;
}
