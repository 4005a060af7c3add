// Figure 10: large uploads in real n8n (`n8n execute`, binaries in its filesystem store). The memory
// an upload adds above a run that only reads the file (the n8n process's peak resident memory), ours
// beside n8n's HTTP Request node (multipart, the same field and URL; Follow Redirects on, its
// default, and off), and the time from the upload node's start to the first byte the service got.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
	CREDENTIAL_ID,
	CREDENTIAL_NAME,
	DEMO_DIR,
	importCredentials,
	importWorkflows,
	linkPackage,
	N8N_VERSION,
	socialPublishingCredential,
} from '../../scripts/n8n-runtime.cts';
import type { Workflow, WorkflowNode } from '../../scripts/examples.cts';
import { execute } from '../../test/e2e/setup.cts';
import { formatMs, median } from '../lib/measure.cts';
import type { Figure, Goal, Row } from '../lib/report.cts';
import { PEER_TYPE_VERSION } from '../peer/http-request.cts';

const MiB = 1024 * 1024;
const SIZES_MIB = [16, 128, 512];
const ROUNDS = 2;
const GOAL_MIB = 32;
const WORKSPACE = 'bench-workspace';
const CREDENTIALS = { socialPublishingApi: { id: CREDENTIAL_ID, name: CREDENTIAL_NAME } };

/** What each variant puts after Read/Write Files from Disk; `read` puts nothing. */
const UPLOADERS: Record<string, ((url: string) => WorkflowNode) | null> = {
	read: null,
	ours: () => ({
		...node('Upload', 'n8n-nodes-social-publishing.socialPublishing', 1),
		parameters: {
			resource: 'media',
			operation: 'upload',
			workspaceId: { __rl: true, mode: 'id', value: WORKSPACE },
			source: 'binary',
			binaryPropertyName: 'data',
		},
	}),
	peer: (url) => httpRequest(url, true),
	peerNoRedirects: (url) => httpRequest(url, false),
};
type Variant = keyof typeof UPLOADERS;

function node(name: string, type: string, typeVersion: number): WorkflowNode {
	return {
		id: name,
		name,
		type,
		typeVersion,
		position: [0, 0],
		parameters: {},
		credentials: CREDENTIALS,
	};
}

function httpRequest(url: string, followRedirects: boolean): WorkflowNode {
	return {
		...node('Upload', 'n8n-nodes-base.httpRequest', PEER_TYPE_VERSION),
		parameters: {
			method: 'POST',
			url,
			authentication: 'predefinedCredentialType',
			nodeCredentialType: 'socialPublishingApi',
			sendBody: true,
			contentType: 'multipart-form-data',
			bodyParameters: {
				parameters: [{ parameterType: 'formBinaryData', name: 'file', inputDataFieldName: 'data' }],
			},
			options: { redirect: { redirect: { followRedirects } } },
		},
	};
}

const workflowId = (variant: Variant, size: number) =>
	`spBenchLarge${Object.keys(UPLOADERS).indexOf(variant)}${String(size).padStart(3, '0')}`;

function workflow(variant: Variant, size: number, path: string, url: string): Workflow {
	const read = {
		...node('Read Video', 'n8n-nodes-base.readWriteFile', 1),
		parameters: { operation: 'read', fileSelector: path, options: {} },
	};
	const upload = UPLOADERS[variant]?.(url);
	return {
		id: workflowId(variant, size),
		name: `Large upload: ${variant}, ${size} MiB`,
		nodes: [
			{ ...node('Start', 'n8n-nodes-base.manualTrigger', 1) },
			read,
			...(upload ? [upload] : []),
		],
		connections: {
			Start: { main: [[{ node: 'Read Video', type: 'main', index: 0 }]] },
			...(upload ? { 'Read Video': { main: [[{ node: 'Upload', type: 'main', index: 0 }]] } } : {}),
		},
	};
}

/** A stand-in service: takes any upload as it streams in, notes its first byte, answers a media record. */
async function startReceiver() {
	const received: Array<{ firstByteAt: number; size: number }> = [];
	const server = createServer((request, response) => {
		const upload = { firstByteAt: NaN, size: 0 };
		received.push(upload);
		request.on('data', (chunk: Buffer) => {
			if (upload.size === 0) upload.firstByteAt = Date.now();
			upload.size += chunk.length;
		});
		request.on('end', () => {
			response.writeHead(201, { 'content-type': 'application/json' });
			response.end(
				JSON.stringify({
					status: true,
					message: 'Media uploaded',
					data: { _id: `m${received.length}`, name: 'reel.mp4', size: upload.size },
				}),
			);
		});
	});
	await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
	const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	return { url, received, stop: () => new Promise((done) => server.close(done)) };
}

/** The process's peak resident memory so far (VmHWM), in bytes; undefined once it is gone. */
function peakOf(pid: number): number | undefined {
	try {
		const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
		return match ? Number(match[1]) * 1024 : undefined;
	} catch {
		return undefined;
	}
}

/** Runs one workflow; its peak memory (sampled every 50 ms until the process ends) and first byte. */
async function runOnce(
	userFolder: string,
	id: string,
	env: NodeJS.ProcessEnv,
	receiver: { received: Array<{ firstByteAt: number }> },
) {
	let peak = 0;
	let sampler: ReturnType<typeof setInterval> | undefined;
	const before = receiver.received.length;
	const run = await execute(userFolder, id, env, (pid) => {
		sampler = setInterval(() => (peak = Math.max(peak, peakOf(pid) ?? peak)), 50);
	});
	clearInterval(sampler);
	const error = run.error();
	if (error) throw new Error(`${id}: ${error}`);
	const upload = receiver.received[before];
	return { peak, firstByteMs: upload ? upload.firstByteAt - run.startTime('Upload') : NaN };
}

function writeVideo(path: string, sizeMiB: number) {
	const block = Buffer.alloc(MiB);
	for (let i = 0; i < sizeMiB; i++) {
		block.fill(i % 251);
		writeFileSync(path, block, { flag: i === 0 ? 'w' : 'a' });
	}
}

const mib = (bytes: number) => `${bytes >= 0 ? '+' : ''}${(bytes / MiB).toFixed(0)} MiB`;

export async function largeUpload(): Promise<Figure> {
	const folder = mkdtempSync(join(tmpdir(), 'sp-bench-large-'));
	const receiver = await startReceiver();
	const userFolder = join(DEMO_DIR, 'bench-large-upload');
	const rows: Row[] = [];
	const goals: Goal[] = [];
	try {
		rmSync(userFolder, { recursive: true, force: true });
		linkPackage(userFolder);
		await importCredentials(userFolder, [socialPublishingCredential(receiver.url, 'bench-key')]);
		const url = `${receiver.url}/api/v1/workspaces/${WORKSPACE}/media`;
		const variants = Object.keys(UPLOADERS) as Variant[];
		const paths = Object.fromEntries(
			SIZES_MIB.map((size) => [size, join(folder, `reel-${size}.mp4`)]),
		);
		await importWorkflows(
			userFolder,
			SIZES_MIB.flatMap((size) =>
				variants.map((variant) => workflow(variant, size, paths[size], url)),
			),
		);
		const env = { N8N_DEFAULT_BINARY_DATA_MODE: 'filesystem', N8N_RESTRICT_FILE_ACCESS_TO: folder };
		for (const size of SIZES_MIB) {
			writeVideo(paths[size], size);
			const runs = Object.fromEntries(
				variants.map((variant) => [variant, [] as Array<{ peak: number; firstByteMs: number }>]),
			);
			for (let round = 0; round < ROUNDS; round++) {
				for (let i = 0; i < variants.length; i++) {
					const variant = variants[(round + i) % variants.length];
					runs[variant].push(await runOnce(userFolder, workflowId(variant, size), env, receiver));
				}
			}
			const peak = (variant: Variant) => median(runs[variant].map((run) => run.peak));
			const above = (variant: Variant) => peak(variant) - peak('read');
			const firstByte = (variant: Variant) => median(runs[variant].map((run) => run.firstByteMs));
			rows.push(
				{
					measure: `${size} MiB: memory above a run that only reads the file`,
					ours: mib(above('ours')),
					peer: `${mib(above('peer'))} (Follow Redirects off: ${mib(above('peerNoRedirects'))})`,
					note: `read-only run peaks at ${(peak('read') / MiB).toFixed(0)} MiB`,
				},
				{
					measure: `${size} MiB: upload node start to the first byte received`,
					ours: formatMs(firstByte('ours')),
					peer: `${formatMs(firstByte('peer'))} (Follow Redirects off: ${formatMs(firstByte('peerNoRedirects'))})`,
				},
			);
			goals.push({
				goal: `${size} MiB: at most +${GOAL_MIB} MiB above reading the file`,
				measured: mib(above('ours')),
				met: above('ours') <= GOAL_MIB * MiB,
			});
			rmSync(paths[size], { force: true });
		}
	} finally {
		await receiver.stop();
		rmSync(folder, { recursive: true, force: true });
	}
	return {
		id: 10,
		title: 'Large uploads in real n8n',
		method:
			`n8n ${N8N_VERSION} \`n8n execute\` runs Manual Trigger → Read/Write Files from Disk → the upload, with N8N_DEFAULT_BINARY_DATA_MODE=filesystem. ` +
			"Memory is the n8n process's peak resident set (VmHWM, sampled every 50 ms) less that of the same workflow without the upload; " +
			`the first byte is timed by a stand-in service on 127.0.0.1 from the upload node's start time in n8n's run data. Medians of ${ROUNDS} interleaved runs per variant and size.`,
		rows,
		notes: [
			'HTTP Request with Follow Redirects on keeps what it sends (its redirect follower would send it again): its memory grows with the file. Ours sends uploads with redirects off, as that node does with Follow Redirects off.',
			"In n8n's database binary mode n8n hands the whole file over, so an upload there holds it once (not measured here; test/e2e/large-upload.e2e.cts checks its bytes).",
		],
		goals,
		summary: `Ours adds ${rows
			.filter((_, i) => i % 2 === 0)
			.map((row) => row.ours)
			.join(', ')} at ${SIZES_MIB.join(', ')} MiB.`,
	};
}
