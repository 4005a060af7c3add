// Injected faults. Before the service acts, a fault answers instead (nothing changes); after it
// acts, the request has been handled (the record exists and is logged) and only its answer is
// replaced: an error status, a dropped connection, no answer at all, or a 2xx that is not the
// API's envelope. Random faults draw all of these from a seed, for a soak that can be re-run.
import type { FastifyReply, FastifyRequest } from 'fastify';

import { creditsExhausted, errorBody, shapedError } from './errors.cts';
import { seededRandom } from './profile.cts';
import { FAULT_ANSWERS, FAULT_MOMENTS } from './runtime.cts';
import type { Fault, FaultAnswer, RandomFaults, Runtime } from './runtime.cts';

/** The web app's page, served where a JSON client does not expect it. */
export const HTML_PAGE =
	'<!DOCTYPE html><html><head><title>Social Publishing</title></head><body><div id="app"></div></body></html>';

/** Requests that create something (POST): posts, media, comments, Bluesky and Facebook group accounts. */
const CREATE_PATHS = [
	/^\/api\/v1\/workspaces\/[^/]+\/posts$/,
	/^\/api\/v1\/workspaces\/[^/]+\/media$/,
	/^\/api\/v1\/workspaces\/[^/]+\/posts\/[^/]+\/comments$/,
	/^\/api\/v1\/workspaces\/[^/]+\/add\/(bluesky|facebook-group)$/,
];

/** What a random `status` fault answers: the service failing, or a proxy's HTML page. */
const ERROR_ANSWERS: Partial<Fault>[] = [
	{ status: 500 },
	{ status: 502, html: true },
	{ status: 503 },
];
/** What a random `body` fault answers: a 200 that is not the API's envelope. */
const NOT_ENVELOPES: Partial<Fault>[] = [
	{ body: [] },
	{ body: {} },
	{ body: { status: true } },
	{ body: { status: true, data: null } },
	{ html: true },
];

export const DEFAULT_HOLD_MS = 120_000;

export const pathOf = (request: FastifyRequest) => request.url.split('?')[0];

export const keyOf = (request: FastifyRequest) => {
	const value = request.headers['x-api-key'];
	return typeof value === 'string' ? value : undefined;
};

export const pathMatches = (pattern: string, path: string) =>
	pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : path === pattern;

/** Writes the request to the log once, with the status answered (null: no answer). */
export function logRequest(runtime: Runtime, request: FastifyRequest, status: number | null) {
	if (request.logged) return;
	request.logged = true;
	runtime.log({
		method: request.method,
		path: pathOf(request),
		query: request.loggedQuery ?? {},
		body: request.loggedBody ?? null,
		status,
		key: runtime.keyName(keyOf(request)),
		at: runtime.clock.iso(),
		arrived: request.arrived,
		...(request.loggedListed ? { listed: request.loggedListed } : {}),
		...(request.rateWindow > 0 ? { window: request.rateWindow, alongside: request.alongside } : {}),
	});
}

/** The fault's headers; a redirect elsewhere adds its Location. */
const headersOf = (runtime: Runtime, fault: Fault, request: FastifyRequest) =>
	fault.elsewhere
		? { ...fault.headers, Location: `${runtime.elsewhereUrl}${request.url}` }
		: (fault.headers ?? {});

function answerOf(fault: Fault): FaultAnswer | null {
	if (fault.answer) return fault.answer;
	if (fault.drop) return 'drop';
	if (fault.html) return 'body';
	if (fault.status !== undefined || fault.body !== undefined || fault.credits) return 'status';
	return null;
}

/** Starts drawing random faults from `spec.seed`. */
export function startRandomFaults(runtime: Runtime, spec: RandomFaults) {
	runtime.randomFaults = { spec, draw: seededRandom(spec.seed), seen: 0, drawn: [] };
}

function drawFault(runtime: Runtime, method: string, path: string): Fault | undefined {
	const random = runtime.randomFaults;
	if (!random) return undefined;
	const { spec, draw } = random;
	const matches = spec.path
		? pathMatches(spec.path, path) && (!spec.method || spec.method.toUpperCase() === method)
		: method === 'POST' && CREATE_PATHS.some((pattern) => pattern.test(path));
	if (!matches) return undefined;
	random.seen += 1;
	if (draw() >= spec.probability) return undefined;
	const pick = <T,>(values: readonly T[]) => values[Math.floor(draw() * values.length)];
	const when = pick(spec.when?.length ? spec.when : FAULT_MOMENTS);
	const answer = pick(spec.answers?.length ? spec.answers : FAULT_ANSWERS);
	const shape =
		answer === 'status' ? pick(ERROR_ANSWERS) : answer === 'body' ? pick(NOT_ENVELOPES) : {};
	const status = answer === 'status' ? (shape.status as number) : answer === 'body' ? 200 : null;
	random.drawn.push({ nth: random.seen, method, path, when, answer, status });
	return { path, when, answer, holdMs: spec.holdMs, ...shape };
}

/** The fault a request meets: an injected one first, else a random one. */
function takeFault(runtime: Runtime, request: FastifyRequest): Fault | undefined {
	const path = pathOf(request);
	return runtime.takeFault(request.method, path) ?? drawFault(runtime, request.method, path);
}

/** Status, content type and payload of a fault that answers. */
function replacement(runtime: Runtime, fault: Fault, answer: 'status' | 'body') {
	const credits = fault.credits ? creditsExhausted() : undefined;
	const status = fault.status ?? credits?.statusCode ?? (answer === 'status' ? 500 : 200);
	if (fault.html) return { status, type: 'text/html; charset=utf-8', payload: HTML_PAGE };
	if (typeof fault.body === 'string')
		return { status, type: 'text/plain; charset=utf-8', payload: fault.body };
	const body =
		fault.body ??
		(credits
			? shapedError(credits.body, runtime.profile)
			: answer === 'status'
				? errorBody(runtime.profile, `Sandbox fault: HTTP ${status}`)
				: ({} as unknown));
	return { status, type: 'application/json; charset=utf-8', payload: JSON.stringify(body) };
}

/** Drop or hang: logged with no status, and the connection closed now or held. */
function leaveUnanswered(
	runtime: Runtime,
	request: FastifyRequest,
	fault: Fault,
	answer: 'drop' | 'hang',
) {
	logRequest(runtime, request, null);
	const socket = request.raw.socket;
	if (answer === 'drop') socket.destroy();
	else runtime.hold(socket, fault.holdMs ?? DEFAULT_HOLD_MS);
}

/**
 * Before the route acts: answers with a fault if one applies (true: the request is answered). A
 * fault for after is kept on the request for `answerAfter`.
 */
export async function answerBefore(
	runtime: Runtime,
	request: FastifyRequest,
	reply: FastifyReply,
): Promise<boolean> {
	const fault = takeFault(runtime, request);
	if (!fault) return false;
	if (fault.when === 'after') {
		request.afterFault = fault;
		return false;
	}
	if (fault.delayMs) await runtime.delay(fault.delayMs);
	const answer = answerOf(fault);
	if (!answer) return false;
	if (answer === 'drop' || answer === 'hang') {
		reply.hijack();
		leaveUnanswered(runtime, request, fault, answer);
		return true;
	}
	const { status, type, payload } = replacement(runtime, fault, answer);
	reply
		.code(status)
		.headers(headersOf(runtime, fault, request))
		.type(type)
		.send(payload);
	return true;
}

/** After the route acted (an onSend hook): the payload to send instead, or none at all. */
export async function answerAfter(
	runtime: Runtime,
	request: FastifyRequest,
	reply: FastifyReply,
	payload: unknown,
): Promise<unknown> {
	const fault = request.afterFault;
	if (!fault) return payload;
	request.afterFault = null;
	if (fault.delayMs) await runtime.delay(fault.delayMs);
	const answer = answerOf(fault);
	if (!answer) return payload;
	if (answer === 'drop' || answer === 'hang') {
		leaveUnanswered(runtime, request, fault, answer);
		// Never settles: nothing is written to the connection the fault took.
		return new Promise(() => undefined);
	}
	const replaced = replacement(runtime, fault, answer);
	reply
		.code(replaced.status)
		.headers(headersOf(runtime, fault, request))
		.type(replaced.type);
	return replaced.payload;
}
