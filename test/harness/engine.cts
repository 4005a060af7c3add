// Runs the BUILT package (dist/, found through package.json's `n8n` block) on n8n's real engine:
// PackageDirectoryLoader loads it, WorkflowExecute runs the action node, PollContext runs the
// trigger's poll. The credential's Test button runs in real n8n (test/e2e/credential.e2e.cts).
import { userFolder } from './env.cts';

import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

import {
	BinaryDataConfig,
	BinaryDataService,
	ExecutionLifecycleHooks,
	FileLocation,
	PackageDirectoryLoader,
	PollContext,
	WorkflowExecute,
} from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IDataObject,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeExecutionData,
	INodeParameters,
	INodeProperties,
	INodeType,
	INodeTypes,
	IRequestOptionsSimplified,
	IRunExecutionData,
	IVersionedNodeType,
	IWorkflowExecuteAdditionalData,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import {
	createRunExecutionData,
	ICredentials,
	ICredentialsHelper,
	NodeHelpers,
	Workflow,
} from 'n8n-workflow';

export { userFolder };

// n8n-core registers its services in its own copy of @n8n/di (it may differ from the top-level one).
const { Container } = createRequire(require.resolve('n8n-core'))(
	'@n8n/di',
) as typeof import('@n8n/di');

const PACKAGE_ROOT = resolve(__dirname, '../..');
export const PACKAGE_NAME = 'n8n-nodes-social-publishing';
export const NODE_TYPE = `${PACKAGE_NAME}.socialPublishing`;
export const TRIGGER_TYPE = `${PACKAGE_NAME}.socialPublishingTrigger`;
export const CREDENTIAL_TYPE = 'socialPublishingApi';
const NODE_NAME = 'Social Publishing';

export interface Credentials {
	baseUrl: string;
	apiKey: string;
}

export interface NodeErrorInfo {
	message: string;
	description?: string | null;
	httpCode?: string | null;
	itemIndex?: number;
	/** The error object itself, for assertions the fields above do not cover. */
	raw?: unknown;
}

// ---------------------------------------------------------------------------------------------
// Loading the package

let loaderPromise: Promise<PackageDirectoryLoader> | undefined;

/** Loads the package once per test file, from dist/, exactly as n8n loads a community package. */
export async function loadPackage(): Promise<PackageDirectoryLoader> {
	loaderPromise ??= (async () => {
		const loader = new PackageDirectoryLoader(PACKAGE_ROOT);
		await loader.loadAll();
		return loader;
	})();
	return await loaderPromise;
}

/** Accepts `socialPublishing` or `n8n-nodes-social-publishing.socialPublishing`. */
function shortName(type: string): string {
	return type.startsWith(`${PACKAGE_NAME}.`) ? type.slice(PACKAGE_NAME.length + 1) : type;
}

export class PackageNodeTypes implements INodeTypes {
	private readonly loader: PackageDirectoryLoader;

	private readonly extra: Record<string, INodeType>;

	constructor(loader: PackageDirectoryLoader, extra: Record<string, INodeType> = {}) {
		this.loader = loader;
		this.extra = extra;
	}

	getByName(nodeType: string): INodeType | IVersionedNodeType {
		return this.extra[nodeType] ?? this.loader.getNode(shortName(nodeType)).type;
	}

	getByNameAndVersion(nodeType: string, version?: number): INodeType {
		return NodeHelpers.getVersionedNodeType(this.getByName(nodeType), version);
	}

	/** The version the editor gives a node it adds: the default version, else the newest. */
	newestVersion(nodeType: string): number {
		const { description } = this.getByName(nodeType) as INodeType;
		return description.defaultVersion ?? Math.max(...[description.version].flat());
	}

	getKnownTypes(): IDataObject {
		return this.loader.known.nodes as unknown as IDataObject;
	}
}

// ---------------------------------------------------------------------------------------------
// Credentials: the package's, by name, with the data the test gives.

export class PackageCredentialsHelper extends ICredentialsHelper {
	private readonly loader: PackageDirectoryLoader;

	private readonly data: Record<string, ICredentialDataDecryptedObject>;

	constructor(
		loader: PackageDirectoryLoader,
		data: Record<string, ICredentialDataDecryptedObject>,
	) {
		super();
		this.loader = loader;
		this.data = data;
	}

	credentialType(name: string): ICredentialType {
		return this.loader.getCredential(name).type;
	}

	getParentTypes(name: string): string[] {
		const parents = this.credentialType(name).extends ?? [];
		return parents.flatMap((parent) => [parent, ...this.getParentTypes(parent)]);
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	/** As n8n's CLI does: the credential's own `authenticate` adds the key to each request. */
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		incoming: IHttpRequestOptions | IRequestOptionsSimplified,
	): Promise<IHttpRequestOptions> {
		const { authenticate } = this.credentialType(typeName);
		if (typeof authenticate !== 'function')
			throw new Error(`${typeName} has no authenticate function`);
		return await authenticate(credentials, incoming as IHttpRequestOptions);
	}

	async preAuthentication(): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

	async runPreAuthentication(): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

	async getCredentials(
		nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<ICredentials> {
		const data = this.data[type] ?? {};
		return new (class extends ICredentials {
			async getData() {
				return { ...data };
			}
			getDataToSave() {
				return { id: this.id, name: this.name, type: this.type, data: '' };
			}
			async setData() {}
			async updateData() {}
		})(nodeCredentials, type);
	}

	async getDecrypted(
		_additionalData: IWorkflowExecuteAdditionalData,
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<ICredentialDataDecryptedObject> {
		const data = this.data[type];
		if (!data) throw new Error(`No test credentials of type "${type}"`);
		return { ...data };
	}

	async updateCredentials(): Promise<void> {}

	async updateCredentialsOauthTokenData(): Promise<void> {}

	getCredentialsProperties(type: string): INodeProperties[] {
		return this.credentialType(type).properties;
	}
}

// ---------------------------------------------------------------------------------------------
// Binary data

export type BinaryMode = 'memory' | 'filesystem';

export interface BinaryInput {
	data: Buffer;
	fileName: string;
	mimeType: string;
}

/**
 * An input item with binary properties. The bytes travel inline (n8n's default memory mode);
 * `runNode({ binaryMode: 'filesystem' })` moves them into n8n's filesystem store before the run.
 */
export function binaryItem(
	json: IDataObject,
	binaries: Record<string, BinaryInput>,
): INodeExecutionData {
	const binary: INodeExecutionData['binary'] = {};
	for (const [property, { data, fileName, mimeType }] of Object.entries(binaries)) {
		const dot = fileName.lastIndexOf('.');
		binary[property] = {
			data: data.toString('base64'),
			fileName,
			mimeType,
			fileSize: `${data.length} B`,
			bytes: data.length,
			...(dot > 0 ? { fileExtension: fileName.slice(dot + 1) } : {}),
		};
	}
	return { json, binary };
}

let currentBinaryMode: BinaryMode | undefined;

async function useBinaryMode(mode: BinaryMode): Promise<BinaryDataService> {
	const service = Container.get(BinaryDataService);
	if (currentBinaryMode !== mode) {
		Container.get(BinaryDataConfig).mode = mode === 'memory' ? 'default' : 'filesystem';
		await service.init();
		currentBinaryMode = mode;
	}
	return service;
}

async function storeBinaries(
	service: BinaryDataService,
	items: INodeExecutionData[],
	workflowId: string,
	executionId: string,
): Promise<INodeExecutionData[]> {
	const location = FileLocation.ofExecution(workflowId, executionId);
	return await Promise.all(
		items.map(async (item) => {
			if (!item.binary) return item;
			const binary: INodeExecutionData['binary'] = {};
			for (const [property, value] of Object.entries(item.binary)) {
				if (value.id) {
					binary[property] = value;
					continue;
				}
				const buffer = Buffer.from(value.data, 'base64');
				binary[property] = await service.store(location, buffer, { ...value, data: '' });
			}
			return { ...item, binary };
		}),
	);
}

// ---------------------------------------------------------------------------------------------
// Running

function additionalDataFor(
	credentialsHelper: ICredentialsHelper,
	hooks: ExecutionLifecycleHooks,
	executionId: string,
	workflowId: string,
): IWorkflowExecuteAdditionalData {
	const unsupported = (what: string) => () => {
		throw new Error(`${what} is not available in the test harness`);
	};
	return {
		credentialsHelper,
		hooks,
		executionId,
		workflowId,
		currentNodeExecutionIndex: 0,
		executeWorkflow: unsupported('executeWorkflow'),
		getRunExecutionData: async () => undefined,
		getRuntimeCredential: async () => undefined,
		startRunnerTask: unsupported('startRunnerTask'),
		logAiEvent: () => {},
		restApiUrl: 'http://localhost:5678/rest',
		instanceBaseUrl: 'http://localhost:5678/',
		formBaseUrl: 'http://localhost:5678/form',
		formWaitingBaseUrl: 'http://localhost:5678/form-waiting',
		formTestBaseUrl: 'http://localhost:5678/form-test',
		webhookBaseUrl: 'http://localhost:5678/webhook',
		webhookWaitingBaseUrl: 'http://localhost:5678/webhook-waiting',
		webhookTestBaseUrl: 'http://localhost:5678/webhook-test',
		mcpBaseUrl: 'http://localhost:5678/mcp',
		mcpTestBaseUrl: 'http://localhost:5678/mcp-test',
		variables: {},
		externalSecretsProxy: undefined as never,
	} as unknown as IWorkflowExecuteAdditionalData;
}

export function nodeError(error: unknown): NodeErrorInfo | undefined {
	if (!error) return undefined;
	const e = error as {
		message?: string;
		description?: string | null;
		httpCode?: string | null;
		context?: { itemIndex?: number };
	};
	return {
		message: String(e.message ?? error),
		description: e.description,
		httpCode: e.httpCode,
		itemIndex: e.context?.itemIndex,
		raw: error,
	};
}

function makeNode(type: string, parameters: INodeParameters, extra: Partial<INode> = {}): INode {
	return {
		id: randomUUID(),
		name: NODE_NAME,
		type,
		typeVersion: 1,
		position: [0, 0],
		parameters,
		credentials: { [CREDENTIAL_TYPE]: { id: 'cred-1', name: 'Social Publishing account' } },
		...extra,
	};
}

/** The engine's lifecycle hooks for a one-node workflow run by the harness. */
function lifecycleHooks(
	mode: WorkflowExecuteMode,
	executionId: string,
	workflowId: string,
	node: INode,
) {
	return new ExecutionLifecycleHooks(mode, executionId, {
		id: workflowId,
		name: 'Harness',
		nodes: [node],
		connections: {},
		active: false,
		isArchived: false,
		createdAt: new Date(),
		updatedAt: new Date(),
		activeVersionId: null,
	});
}

export interface RunNodeOptions {
	parameters: INodeParameters;
	items?: INodeExecutionData[];
	credentials: Credentials;
	continueOnFail?: boolean;
	/** Sets the node's "On Error" to "Continue (using error output)" and returns that output. */
	errorOutput?: boolean;
	timezone?: string;
	nodeType?: string;
	/** The node's version as a saved workflow holds it; the one a new node gets when not given. */
	typeVersion?: number;
	/** Where input binaries live: inline (n8n's default) or n8n's filesystem store. */
	binaryMode?: BinaryMode;
	/** Node settings from n8n's Settings tab, such as Retry On Fail (`retryOnFail`, `maxTries`, `waitBetweenTries`). */
	settings?: Pick<INode, 'retryOnFail' | 'maxTries' | 'waitBetweenTries'>;
	/** Node types besides the package's, by type name (the benchmarks run a peer node beside ours). */
	extraNodeTypes?: Record<string, INodeType>;
	/**
	 * Runs the node as n8n retries a failed execution from the Executions list (mode `retry`): from
	 * that run's data as n8n saved it, the failed run of the node removed. The node gets this call's
	 * parameters and settings (n8n's "retry with the currently saved workflow"; the same ones are the
	 * original workflow). `crashed`: the worker died, so what the node run kept in the execution
	 * was never saved; `keepsStart` says whether n8n's execution context (when it began) was.
	 */
	retryOf?: { run: RunNodeResult; crashed?: boolean; keepsStart?: boolean };
}

export interface RunNodeResult {
	/** The execution's data as n8n saves it, for a retry. */
	data: IRunExecutionData;
	output: INodeExecutionData[];
	errorOutput?: INodeExecutionData[];
	error?: NodeErrorInfo;
	/** The notices the node showed (n8n's execution hints), by message. */
	hints: string[];
}

/** Runs one node, fed by `items`, through n8n-core's WorkflowExecute. Never throws the node's error. */
export async function runNode(options: RunNodeOptions): Promise<RunNodeResult> {
	const loader = await loadPackage();
	const nodeTypes = new PackageNodeTypes(loader, options.extraNodeTypes);
	const credentialsHelper = new PackageCredentialsHelper(loader, {
		[CREDENTIAL_TYPE]: { ...options.credentials },
	});
	const workflowId = `wf-${randomUUID()}`;
	const executionId = String(Date.now());

	const type = options.nodeType ?? NODE_TYPE;
	const node = makeNode(type, options.parameters, {
		typeVersion: options.typeVersion ?? nodeTypes.newestVersion(type),
		...options.settings,
		...(options.continueOnFail ? { continueOnFail: true, onError: 'continueRegularOutput' } : {}),
		...(options.errorOutput ? { onError: 'continueErrorOutput' } : {}),
	});
	const workflow = new Workflow({
		id: workflowId,
		name: 'Harness',
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes,
		settings: { executionOrder: 'v1', ...(options.timezone ? { timezone: options.timezone } : {}) },
	});

	const binaryService = await useBinaryMode(options.binaryMode ?? 'memory');
	let items = options.items ?? [{ json: {} }];
	if (options.binaryMode === 'filesystem') {
		items = await storeBinaries(binaryService, items, workflowId, executionId);
	}

	const mode: WorkflowExecuteMode = options.retryOf ? 'retry' : 'manual';
	const hooks = lifecycleHooks(mode, executionId, workflowId, node);
	const additionalData = additionalDataFor(credentialsHelper, hooks, executionId, workflowId);
	const runExecutionData: IRunExecutionData = options.retryOf
		? savedForRetry(options.retryOf, node)
		: createRunExecutionData({
				executionData: {
					nodeExecutionStack: [{ node, data: { main: [items] }, source: null }],
				},
			});

	const run = await new WorkflowExecute(
		additionalData,
		mode,
		runExecutionData,
	).processRunExecutionData(workflow);
	const task = run.data.resultData.runData[NODE_NAME]?.at(-1);
	const main = task?.data?.main ?? [];
	return {
		data: JSON.parse(JSON.stringify(run.data)) as IRunExecutionData,
		output: main[0] ?? [],
		...(options.errorOutput ? { errorOutput: main[1] ?? [] } : {}),
		error: nodeError(task?.error ?? run.data.resultData.error),
		hints: (task?.hints ?? []).map((hint) => hint.message),
	};
}

/** What n8n's retry starts from: the saved data, its error and the node's failed run removed. */
function savedForRetry(
	{ run, crashed, keepsStart }: NonNullable<RunNodeOptions['retryOf']>,
	node: INode,
): IRunExecutionData {
	const data = JSON.parse(JSON.stringify(run.data)) as IRunExecutionData;
	delete data.resultData.error;
	const runs = data.resultData.runData[NODE_NAME] ?? [];
	if (runs.at(-1)?.error) runs.pop();
	const executionData = data.executionData!;
	for (const entry of executionData.nodeExecutionStack) entry.node = node;
	if (crashed) {
		executionData.contextData = {};
		if (!keepsStart) delete executionData.runtimeData;
	}
	return data;
}

export interface RunPollOptions {
	parameters: INodeParameters;
	credentials: Credentials;
	staticData?: IDataObject;
	mode?: 'trigger' | 'manual';
	timezone?: string;
	nodeType?: string;
	/** The ID of the credential the node names (n8n's, not the key): another one is another key. */
	credentialId?: string;
	/** What `getPollBudgetMs` answers, as n8n's durable scheduler hands it; else n8n's default. */
	pollBudgetMs?: number;
	/** The workflow's and the node's IDs, the same on every poll as in n8n; else new ones. */
	ids?: { workflow: string; node: string };
}

export interface RunPollResult {
	items: INodeExecutionData[] | null;
	staticData: IDataObject;
	error?: NodeErrorInfo;
}

/** PollContext's arguments after the activation mode, up to the poll's budget (n8n's defaults). */
const pollBudget = (ms?: number) =>
	ms === undefined
		? []
		: ([undefined, undefined, undefined, undefined, undefined, () => ms] as const);

/** Runs the trigger's `poll` once through n8n-core's PollContext, with the given static data. */
export async function runPoll(options: RunPollOptions): Promise<RunPollResult> {
	const loader = await loadPackage();
	const nodeTypes = new PackageNodeTypes(loader);
	const credentialsHelper = new PackageCredentialsHelper(loader, {
		[CREDENTIAL_TYPE]: { ...options.credentials },
	});
	const node = makeNode(options.nodeType ?? TRIGGER_TYPE, options.parameters, {
		...(options.credentialId
			? { credentials: { [CREDENTIAL_TYPE]: { id: options.credentialId, name: 'Another key' } } }
			: {}),
		...(options.ids ? { id: options.ids.node } : {}),
	});
	const workflowId = options.ids?.workflow ?? `wf-${randomUUID()}`;
	const staticKey = `node:${node.name}`;
	const workflow = new Workflow({
		id: workflowId,
		name: 'Harness',
		nodes: [node],
		connections: {},
		active: options.mode !== 'manual',
		nodeTypes,
		staticData: { [staticKey]: structuredClone(options.staticData ?? {}) },
		settings: { executionOrder: 'v1', ...(options.timezone ? { timezone: options.timezone } : {}) },
	});
	const mode = options.mode ?? 'trigger';
	const hooks = lifecycleHooks(mode, String(Date.now()), workflowId, node);
	const additionalData = additionalDataFor(
		credentialsHelper,
		hooks,
		String(Date.now()),
		workflowId,
	);
	const context = new PollContext(
		workflow,
		node,
		additionalData,
		mode,
		mode === 'manual' ? 'manual' : 'activate',
		...pollBudget(options.pollBudgetMs),
	);
	const nodeType = nodeTypes.getByNameAndVersion(node.type, node.typeVersion);
	if (!nodeType.poll) throw new Error(`${node.type} has no poll method`);

	let items: INodeExecutionData[] | null = null;
	let error: NodeErrorInfo | undefined;
	try {
		const result = await nodeType.poll.call(context);
		items = result?.[0] ?? null;
	} catch (thrown) {
		error = nodeError(thrown);
	}
	const staticData = JSON.parse(
		JSON.stringify(workflow.staticData[staticKey] ?? {}),
	) as IDataObject;
	return { items, staticData, error };
}

// ---------------------------------------------------------------------------------------------
// Assertions

/** Fails when `key` appears anywhere in `value` (output items, an error and its description...). */
export function expectNoSecret(value: unknown, key: string): void {
	const seen = new WeakSet<object>();
	const text = JSON.stringify(value, (_k, v: unknown) => {
		if (v instanceof Error) {
			return {
				...v,
				message: v.message,
				stack: v.stack,
				description: (v as { description?: unknown }).description,
			};
		}
		if (Buffer.isBuffer(v)) return v.toString('latin1');
		if (v !== null && typeof v === 'object') {
			if (seen.has(v)) return '[circular]';
			seen.add(v);
		}
		return v;
	});
	if (text !== undefined && text.includes(key)) {
		throw new Error(`The API key appears in the value checked: ${text.slice(0, 500)}`);
	}
}

/** The run's error; fails the test when the run ended without one. */
export function expectError(result: RunNodeResult): NodeErrorInfo {
	expect(result.error).toBeDefined();
	return result.error!;
}

/** Runs the node with `credentials`; fails the test when their API key appears in what it gave. */
export async function runKeyed(
	credentials: Credentials,
	parameters: INodeParameters,
	options: Partial<RunNodeOptions> = {},
): Promise<RunNodeResult> {
	const result = await runNode({ parameters, credentials, ...options });
	expectNoSecret(result, credentials.apiKey);
	return result;
}
