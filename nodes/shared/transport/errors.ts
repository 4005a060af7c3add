import type { IDataObject, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { TROUBLESHOOTING as HELP } from '../../../credentials/SocialPublishingApi.credentials';
import { asObject } from '../records';

/** What to do, by the API's `error_code`, where it says more than the HTTP status (below). */
const ERROR_CODE_HINTS: Record<string, string> = {
	ACCOUNT_LIMIT_REACHED:
		'The workspace has reached its cap of connected social accounts. Remove an account or raise the plan limit, then try again.',
	DUPLICATE_ACCOUNT:
		'This account is already connected to the workspace. Use the existing account (Account > Get Many) instead of adding it again.',
	ACCOUNT_NOT_FOUND:
		'No account with this ID and platform is in the workspace. Pick the account to reconnect from the list, and make sure the platform matches it.',
	INSUFFICIENT_PERMISSIONS:
		'The user behind this API key may not do this in the workspace. Ask a workspace admin for the permission, or use a key of a user who has it.',
	INVALID_CREDENTIALS:
		'The platform rejected these credentials. Check the handle and use an app password, not the account password.',
};

/** What to do, by HTTP status, when there is no error_code. */
const STATUS_HINTS: Record<number, string> = {
	400: 'The service rejected the request. Correct the fields listed and try again.',
	401: `Check the API key in the Social Publishing credential: it is missing, mistyped, or was revoked or regenerated. More: ${HELP}unauthorized-401`,
	403: `The API key is valid but may not do this: the plan may lack API access, the key may have no access to this workspace, or the API credits may be used up. More: ${HELP}forbidden-403`,
	404: 'Check the IDs used. A workspace the API key has no access to is also answered as not found: pick the workspace from the list to be sure.',
	409: 'The resource already exists.',
	422: 'The service rejected the input. Correct the fields listed and try again.',
	429: `Too many requests for this API key. Wait before running again, or raise "Max Rate-Limit Wait" in the node options. More: ${HELP}too-many-requests-429`,
	500: 'The service failed while handling the request. Try again later; if it keeps failing, contact the service.',
};

/**
 * Whether the service may have acted on a request that failed: `not-sent` (refused before
 * sending), `refused` (the service answered no), or `unknown` (a 5xx, a timeout, a dropped
 * connection, or an answer that is not the API's). Kept on the error as `context.outcome`.
 */
export type Outcome = 'not-sent' | 'refused' | 'unknown';

/** Where a request went, for errors that name it. */
export interface Where {
	baseUrl: string;
	method: string;
	path: string;
	itemIndex?: number;
}

interface ApiErrorContext {
	status: number;
	body: IDataObject;
	itemIndex?: number;
	/** What a status means for the calling operation, said before the general advice. */
	hints?: Partial<Record<number, string>>;
	/** What the failed request would have created, e.g. "post". */
	creates?: string;
}

/** The error, with what it means for the service's state as `context.outcome`. */
function withOutcome(
	outcome: Outcome,
	...[node, response, options]: ConstructorParameters<typeof NodeApiError>
): NodeApiError {
	const error = new NodeApiError(node, response, options);
	error.context.outcome = outcome;
	return error;
}

/** Said when a create failed in a way that leaves it unknown whether the service acted. */
function mayExist(creates: string | undefined): string[] {
	if (creates === undefined) return [];
	return [
		`The ${creates} may have been created before the failure: check for it before running again, since sending it again could create it twice.`,
	];
}

/** Some endpoints answer an error with the status alone; say it in words then. */
const STATUS_WORDS: Record<number, string> = {
	400: 'Bad request',
	401: 'Unauthorized',
	403: 'Forbidden',
	404: 'Not found',
	409: 'Conflict',
	422: 'Unprocessable request',
	429: 'Too many requests',
	500: 'Internal server error',
	502: 'Bad gateway',
	503: 'Service unavailable',
	504: 'Gateway timeout',
};

/** Lists a validation `errors` map field by field: `content.text: must be at most 5000 characters`. */
function describeFieldErrors(errors: unknown): string[] {
	return Object.entries(asObject(errors)).map(([field, messages]) => {
		const list = Array.isArray(messages) ? messages : [messages];
		return `${field}: ${list.map(String).join('; ')}`;
	});
}

/** Bluesky's INVALID_CREDENTIALS carries a `help` object; it is the best explanation there is. */
function describeHelp(help: unknown): string[] {
	const { handle_format: handleFormat, app_password_steps: steps } = asObject(help);
	return [
		...(typeof handleFormat === 'string' ? [`Handle format: ${handleFormat}`] : []),
		...(Array.isArray(steps) && steps.length > 0
			? ['To create an app password:', ...steps.map((step, i) => `${i + 1}. ${String(step)}`)]
			: []),
	];
}

export function apiError(
	node: INode,
	{ status, body, itemIndex, hints, creates }: ApiErrorContext,
): NodeApiError {
	const errorCode = typeof body.error_code === 'string' ? body.error_code : undefined;
	const hint =
		(errorCode && ERROR_CODE_HINTS[errorCode]) ??
		STATUS_HINTS[status] ??
		(status >= 500 ? STATUS_HINTS[500] : 'The service refused the request.');
	// The API's own message: `message`, else `error`; else the status in words (below).
	const text = body.message ?? body.error;
	const message = typeof text === 'string' && text.trim() !== '' ? text.trim() : undefined;
	const description = [
		...(hints?.[status] ? [hints[status]] : []),
		...describeFieldErrors(body.errors),
		...describeHelp(body.help),
		...(status >= 500 ? mayExist(creates) : []),
		hint,
		// A bare 404, or one in plain text, is what a wrong Base URL looks like too.
		...(status === 404 && (message === undefined || body.status === undefined)
			? ['If every request fails like this, check the Base URL in the credential.']
			: []),
	].join('\n');
	const code = errorCode ? ` ${errorCode}` : '';
	return withOutcome(status >= 500 ? 'unknown' : 'refused', node, body as JsonObject, {
		message: `${message ?? STATUS_WORDS[status] ?? 'Request failed'} (HTTP ${status}${code})`,
		description,
		httpCode: String(status),
		itemIndex,
	});
}

/** An answer that is not the API's, with its HTTP status. */
function answerError(
	node: INode,
	where: Where,
	status: number,
	outcome: Outcome,
	{ message, description }: { message: string; description: string },
): NodeApiError {
	const { itemIndex } = where;
	const httpCode = String(status);
	return withOutcome(outcome, node, { status }, { message, description, httpCode, itemIndex });
}

/** An HTML page, or another answer that is not JSON, where the API should be. */
export function notJsonError(node: INode, where: Where, status: number): NodeApiError {
	return answerError(node, where, status, status >= 200 && status < 300 ? 'unknown' : 'refused', {
		message: `The service at ${where.baseUrl} did not answer with JSON (HTTP ${status}): the Base URL is probably wrong`,
		description:
			'Set the credential\'s Base URL to the address the API is served from, without "/api/v1" (for a self-hosted gateway it may need its own prefix). An HTML page usually means a website or login page answered instead of the API.',
	});
}

/** A redirect, never followed; its target is named without the query, which may carry anything. */
export function redirectError(node: INode, where: Where, status: number, location: string) {
	const from = `${where.baseUrl}${where.path}`;
	const target = URL.canParse(location, from) ? new URL(location, from) : undefined;
	const to = target ? `${target.origin}${target.pathname}` : location;
	const base = to.endsWith(where.path) ? to.slice(0, -where.path.length) : to;
	return answerError(node, where, status, 'refused', {
		message: `The service at ${where.baseUrl} answered with a redirect to ${to} (HTTP ${status})`,
		description: `Redirects are not followed, so the API key was not sent there. If ${base} is the right address, set it as the Base URL in the credential. More: ${HELP}a-redirect-was-refused`,
	});
}

/** The credential kept the key back (plain http:// to a public host): nothing was sent. */
export const keyRefusedError = (node: INode, where: Where, refusal: string) =>
	withOutcome('not-sent', node, {}, { message: refusal, itemIndex: where.itemIndex });

/** A 5xx whose body is a page or text: the service, or a proxy in front of it, failed. */
export function serviceFailedError(
	node: INode,
	where: Where,
	status: number,
	text: string,
	creates?: string,
): NodeApiError {
	const words = STATUS_WORDS[status] ? ` ${STATUS_WORDS[status]}` : '';
	return answerError(node, where, status, 'unknown', {
		message: `The Social Publishing service, or a proxy in front of it, failed (HTTP ${status}${words})`,
		description: [
			`${where.method} ${where.path} was answered with ${text.trim() === '' ? 'an empty body' : "a page instead of the API's JSON"}. This is a failure on the service's side, not a wrong setting: try again later, and tell the service's operator if it persists.`,
			...mayExist(creates),
		].join('\n'),
	});
}

/** A short, single-line rendering of what came back, for an error message. */
function shown(body: unknown): string {
	let text: string;
	try {
		text = typeof body === 'string' ? body : JSON.stringify(body);
	} catch {
		text = String(body);
	}
	text = (text ?? String(body)).replace(/\s+/g, ' ').trim();
	return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

/** A 2xx that is not the API's envelope: never taken as empty data. */
export function notEnvelopeError(
	node: INode,
	where: Where,
	status: number,
	body: unknown,
	problem: string,
	creates?: string,
): NodeApiError {
	return answerError(node, where, status, 'unknown', {
		message: `The service answered ${where.method} ${where.path} with HTTP ${status} but not in the API's form: ${problem}`,
		description: [
			`What came back: ${shown(body)}`,
			'The API answers {"status": true, "data": ...}. Check that the Base URL points at the Social Publishing API itself, not at a proxy or another service.',
			...mayExist(creates),
		].join('\n'),
	});
}

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
export function transportFailure(error: unknown): Omit<TransportFailure, 'timeoutSeconds'> {
	const outer = asObject(error);
	const inner = asObject(outer.cause);
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

interface TransportFailure {
	words: string;
	outcome: Outcome;
	timedOut: boolean;
	timeoutSeconds: number;
	creates?: string;
}

/** No answer at all: refused, dropped, or timed out. */
export function unreachableError(
	node: INode,
	where: Where,
	{ words, outcome, timedOut, timeoutSeconds, creates }: TransportFailure,
): NodeApiError {
	const message = timedOut
		? `No answer from the Social Publishing service within ${timeoutSeconds} s (${where.method} ${where.path})`
		: `Could not reach the Social Publishing service at ${where.baseUrl}: ${words}`;
	const advice = timedOut
		? 'The service is slow or not answering. Try again later, or raise Options > Timeout.'
		: 'Check the Base URL in the credential and that the service is up, then run again.';
	const description = [
		...(outcome !== 'unknown'
			? []
			: creates !== undefined
				? mayExist(creates)
				: where.method.toUpperCase() !== 'GET'
					? ['The request may have taken effect before the failure: check before running again.']
					: []),
		advice,
	].join('\n');
	const { itemIndex } = where;
	return withOutcome(outcome, node, { cause: words }, { message, description, itemIndex });
}

export function rateLimitExhaustedError(
	node: INode,
	body: IDataObject,
	retryAfterSeconds: number,
	waitedSeconds: number,
	itemIndex?: number,
): NodeApiError {
	const when = new Date(Date.now() + retryAfterSeconds * 1000).toISOString();
	return withOutcome('refused', node, body as JsonObject, {
		message:
			waitedSeconds > 0
				? `Rate limit still exceeded after waiting ${waitedSeconds}s: try again after ${when} (HTTP 429)`
				: `Rate limit exceeded: try again after ${when} (HTTP 429)`,
		description: `The service asks to wait ${retryAfterSeconds}s more, which is past the node's "Max Rate-Limit Wait". Try again after ${when}, raise that option, or spread the work over time. More: ${HELP}too-many-requests-429`,
		httpCode: '429',
		itemIndex,
	});
}
