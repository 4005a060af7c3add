// The sandbox server: the API under /api/v1, the control surface under /__sandbox, on loopback.
import Fastify from 'fastify';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { Socket } from 'node:net';
import { parse as parseQuery } from 'node:querystring';

import { registerControl } from './control.cts';
import { startElsewhere } from './elsewhere.cts';
import { ApiError, creditsExhausted, errorBody, fail, invalid, shapedError } from './errors.cts';
import {
	answerAfter,
	answerBefore,
	DEFAULT_HOLD_MS,
	HTML_PAGE,
	keyOf,
	logRequest,
	pathOf,
} from './faults.cts';
import { LIMITS } from './limits.cts';
import { registerAccounts } from './routes/accounts.cts';
import { registerIdentity } from './routes/identity.cts';
import { registerLibrary } from './routes/library.cts';
import { registerPosts } from './routes/posts.cts';
import { DEFAULT_PROFILE } from './profile.cts';
import type { Profile } from './profile.cts';
import { Runtime } from './runtime.cts';
import type { Caller, LoggedFile, RateLimit } from './runtime.cts';
import { UploadedFile } from './uploads.cts';
import { compileSchema, errorMap, summary } from './validation.cts';

export interface SandboxOptions {
	port?: number;
	host?: string;
	rateLimit?: RateLimit | null;
	quiet?: boolean;
	/** How to answer where the description is silent; the default profile when not given. */
	profile?: Profile;
}

export interface Sandbox {
	url: string;
	stop(): Promise<void>;
}

const API = '/api/';

const isApi = (request: FastifyRequest) => request.url.startsWith(API);
/** What the request log shows of a body: JSON as sent; for multipart, fields and file digests. */
function loggedBody(body: unknown, multipart: boolean): unknown {
	if (body === undefined || body === null) return multipart ? { fields: {}, files: [] } : null;
	if (!multipart) return structuredClone(body);
	const entries = Object.entries(body as Record<string, unknown>);
	const fields: Record<string, unknown> = {};
	const files: LoggedFile[] = [];
	for (const [field, value] of entries) {
		if (value instanceof UploadedFile) {
			files.push({
				field,
				filename: value.filename,
				mimetype: value.mimetype,
				size: value.size,
				sha256: value.sha256,
			});
		} else {
			fields[field] = value;
		}
	}
	return { fields, files };
}

function limitRate(runtime: Runtime, request: FastifyRequest, reply: FastifyReply) {
	const rate = runtime.countRequest(keyOf(request) ?? '');
	if (!rate) return;
	request.rateWindow = rate.window;
	// The window's first request (its count one less than the limit): its answer held back, as an
	// `after` fault's is, unless a fault of the test's own holds it already.
	const late = runtime.rateLimit?.firstAnswerLateMs;
	if (late && !rate.exceeded && rate.remaining === rate.limit - 1)
		request.afterFault ??= { path: request.url, delayMs: late };
	if (rate.headers)
		reply.header('X-RateLimit-Limit', rate.limit).header('X-RateLimit-Remaining', rate.remaining);
	if (rate.exceeded) {
		if (rate.headers) reply.header('Retry-After', rate.retryAfter);
		throw fail(429, 'Too many requests. Please slow down.', {
			error_code: 'RATE_LIMIT_EXCEEDED',
			retry_after: rate.retryAfter,
		});
	}
}

/** Section 5: who calls, and whether the key may use the API at all. */
function authenticate(runtime: Runtime, request: FastifyRequest): Caller {
	const key = runtime.store.data.keys.find((each) => each.value === keyOf(request));
	const user = key && !key.revoked ? runtime.store.user(key.userId) : undefined;
	if (!key || !user) throw fail(401, 'Invalid or revoked API key');
	if (!key.apiAccess) {
		throw fail(403, 'API access is not available on your plan. Upgrade to use the API.');
	}
	return { key, user, workspace: null };
}

/** The workspace of the path, if the key reaches it; each call in it costs a credit. */
function enterWorkspace(runtime: Runtime, request: FastifyRequest, caller: Caller) {
	const workspaceId = (request.params as { workspace_id?: string }).workspace_id;
	if (workspaceId === undefined) return null;
	const workspace = runtime.store.workspace(workspaceId);
	if (!workspace) throw fail(404, 'Workspace not found or access denied');
	if (!runtime.store.workspacesOf(caller.key).some((each) => each.id === workspace.id)) {
		throw request.routeOptions.config.denyStatus === 403
			? fail(403, 'Access denied to workspace')
			: fail(404, 'Workspace not found or access denied');
	}
	if (runtime.credits !== null) {
		if (runtime.credits <= 0) throw creditsExhausted();
		runtime.credits -= 1;
	}
	return workspace;
}

function registerGate(app: FastifyInstance, runtime: Runtime) {
	app.decorateRequest('caller', null);
	app.decorateRequest('logged', false);
	app.decorateRequest('loggedQuery', null);
	app.decorateRequest('loggedBody', null);
	app.decorateRequest('loggedListed', null);
	app.decorateRequest('afterFault', null);
	app.decorateRequest('arrived', 0);
	app.decorateRequest('rateWindow', 0);
	app.decorateRequest('alongside', 0);

	app.addHook('onRequest', async (request, reply) => {
		if (!isApi(request)) return;
		request.arrived = runtime.arrival();
		request.alongside = runtime.countInFlight(reply.raw);
		const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
		request.loggedQuery = { ...parseQuery(query) } as Record<string, string | string[]>;
		const spread = runtime.latencySpread;
		const latency = runtime.latencyMs + (spread ? Math.floor(spread.draw() * spread.upToMs) : 0);
		if (latency > 0) await runtime.delay(latency);
	});

	// Runs once the body is parsed and before schema validation, so faults, limits and
	// authentication answer first, and the log holds the body exactly as sent.
	app.addHook('preValidation', async (request, reply) => {
		if (!isApi(request)) return;
		request.loggedBody = loggedBody(request.body, request.isMultipart());
		if (await answerBefore(runtime, request, reply)) return reply;
		limitRate(runtime, request, reply);
		const caller = authenticate(runtime, request);
		caller.workspace = enterWorkspace(runtime, request, caller);
		request.caller = caller;
		runtime.wire().readRequest(request.body, request.query, request.isMultipart());
	});

	// Control requests too: seeds, simulations, a reset. Before the route and before any delay of
	// the answer (a write's answer held back while a list is read is how tests lose answers).
	const wrote = (request: FastifyRequest) => {
		if (request.method !== 'GET' && request.method !== 'HEAD') runtime.writes += 1;
	};
	app.addHook('preHandler', async (request) => wrote(request));
	app.addHook('onSend', async (request, reply, payload) => {
		wrote(request);
		if (!isApi(request)) return payload;
		// The service's clock, which the control surface may set: clients read "now" from it.
		if (runtime.clock.dateHeader) reply.header('Date', runtime.clock.now().toUTCString());
		else reply.raw.sendDate = false;
		return await answerAfter(runtime, request, reply, payload);
	});

	app.addHook('onResponse', async (request, reply) => {
		if (isApi(request)) logRequest(runtime, request, reply.statusCode);
	});
}

function registerErrors(app: FastifyInstance, runtime: Runtime) {
	const shaped = (body: Record<string, unknown>) => shapedError(body, runtime.profile);
	app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
		if (error instanceof ApiError) return reply.code(error.statusCode).send(shaped(error.body));
		if (error.validation) {
			const errors = errorMap(error.validation as Parameters<typeof errorMap>[0]);
			const answer = invalid(
				request.routeOptions.config.invalidStatus ?? 400,
				errors,
				summary(errors),
			);
			return reply.code(answer.statusCode).send(shaped(answer.body));
		}
		if (error.statusCode === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE') {
			return reply
				.code(400)
				.send(
					errorBody(
						runtime.profile,
						`The upload failed: files may be at most ${LIMITS.uploadBytes} bytes.`,
					),
				);
		}
		if (error.statusCode !== undefined && error.statusCode < 500) {
			return reply.code(400).send(errorBody(runtime.profile, `Bad request: ${error.message}`));
		}
		request.log.error(error);
		return reply.code(500).send(errorBody(runtime.profile, 'Internal server error'));
	});
	app.setNotFoundHandler((request, reply) => {
		// Outside /api the service's web app answers every page with 200 HTML: what a client
		// meets when its base URL is wrong (api-notes.md).
		if (request.method === 'GET' && !isApi(request)) {
			return reply.code(200).type('text/html; charset=utf-8').send(HTML_PAGE);
		}
		return reply
			.code(404)
			.send(errorBody(runtime.profile, `Route ${request.method} ${pathOf(request)} not found`));
	});
}

/** An upload's bytes at the pace the control surface set; a stalled one waits for the client to go. */
async function* paced(runtime: Runtime, socket: Socket, chunks: AsyncIterable<Buffer>) {
	let read = 0;
	for await (const chunk of chunks) {
		const pace = runtime.uploadPace;
		read += chunk.length;
		if (pace?.stallAfterBytes !== undefined && read > pace.stallAfterBytes) {
			runtime.hold(socket, DEFAULT_HOLD_MS);
			await new Promise((resolve) => socket.once('close', resolve));
			throw new Error('The upload stalled and its client left');
		}
		if (pace) await runtime.delay((chunk.length / pace.bytesPerSecond) * 1000);
		yield chunk;
	}
}

export async function buildApp(runtime: Runtime, quiet: boolean): Promise<FastifyInstance> {
	const app = Fastify({ logger: quiet ? false : { level: 'warn' }, bodyLimit: LIMITS.uploadBytes });
	app.setValidatorCompiler(({ schema, httpPart }) => compileSchema(schema, httpPart));
	// An empty JSON body (a DELETE without options) is no body, not a parse error.
	app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
		const source = String(text);
		if (source.trim() === '') return done(null, undefined);
		try {
			done(null, JSON.parse(source));
		} catch {
			done(fail(400, 'The request body is not valid JSON.'), undefined);
		}
	});
	await app.register(multipart, {
		attachFieldsToBody: 'keyValues',
		limits: { fileSize: LIMITS.uploadBytes },
		async onFile(part) {
			(part as unknown as { value: UploadedFile }).value = await UploadedFile.read(
				part.filename,
				part.mimetype,
				paced(runtime, this.raw.socket, part.file),
			);
		},
	});
	registerErrors(app, runtime);
	registerGate(app, runtime);
	registerControl(app, runtime);
	registerIdentity(app, runtime);
	registerAccounts(app, runtime);
	registerLibrary(app, runtime);
	registerPosts(app, runtime);
	return app;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
	const runtime = new Runtime(options.rateLimit ?? null, options.profile ?? DEFAULT_PROFILE);
	const app = await buildApp(runtime, options.quiet ?? true);
	const host = options.host ?? '127.0.0.1';
	await app.listen({ port: options.port ?? 0, host });
	const address = app.server.address();
	const port = typeof address === 'object' && address ? address.port : options.port;
	runtime.baseUrl = `http://${host}:${port}`;
	const elsewhere = await startElsewhere(runtime);
	return {
		url: runtime.baseUrl,
		// Held connections (hang faults) are closed first, so stopping never waits for them.
		stop: async () => {
			runtime.releaseHeld();
			elsewhere.closeAllConnections();
			await Promise.all([app.close(), new Promise((resolve) => elsewhere.close(resolve))]);
		},
	};
}
