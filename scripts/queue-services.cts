// What n8n's queue mode needs besides n8n: PostgreSQL (the database every process shares) and Redis
// (the queue), from Debian's packages, installed with apt-get when missing (as the editor test does
// with chromium). Each run gets fresh data folders under .demo/queue/ and free ports on 127.0.0.1.
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { aptInstall } from './apt.cts';
import { DEMO_DIR, freePort, startProcess, type Log, type RunningProcess } from './n8n-runtime.cts';

export const QUEUE_DIR = join(DEMO_DIR, 'queue');
const REDIS_SERVER = '/usr/bin/redis-server';
const DATABASE = 'n8n';
const DB_USER = 'n8n';

/** Debian keeps PostgreSQL's server programs in /usr/lib/postgresql/<major>/bin. */
function postgresBinDir(): string | undefined {
	const base = '/usr/lib/postgresql';
	if (!existsSync(base)) return undefined;
	const major = readdirSync(base)
		.filter((name) => existsSync(join(base, name, 'bin', 'postgres')))
		.sort((a, b) => Number(b) - Number(a))[0];
	return major === undefined ? undefined : join(base, major, 'bin');
}

/**
 * Installs Debian's postgresql and redis-server when missing (we run as root on CI machines). The
 * packages' services are not started by us: our own servers below run from the data folders.
 */
export function ensureQueuePackages(log: Log): { postgresBin: string } {
	const missing = [
		postgresBinDir() ? undefined : 'postgresql',
		existsSync(REDIS_SERVER) ? undefined : 'redis-server',
	].filter((name): name is string => name !== undefined);
	if (missing.length > 0) aptInstall(missing, log);
	const postgresBin = postgresBinDir();
	if (!postgresBin || !existsSync(REDIS_SERVER)) {
		throw new Error('PostgreSQL or Redis is still missing after apt-get install');
	}
	return { postgresBin };
}

/** PostgreSQL will not run as root: as root, its folder and process belong to the `postgres` user. */
function postgresUser(): { uid: number; gid: number } | undefined {
	if (process.getuid?.() !== 0) return undefined;
	const line = readFileSync('/etc/passwd', 'utf8')
		.split('\n')
		.find((entry) => entry.startsWith('postgres:'));
	if (!line) throw new Error('Running as root, but there is no postgres user to run PostgreSQL');
	const [, , uid, gid] = line.split(':');
	return { uid: Number(uid), gid: Number(gid) };
}

/** Resolves once something accepts connections on the port (at most `timeoutMs`). */
async function waitForPort(name: string, server: RunningProcess, port: number, timeoutMs: number) {
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		if (server.exited()) throw new Error(`${name} exited while starting:\n${server.output()}`);
		const open = await new Promise<boolean>((done) => {
			const socket = connect(port, '127.0.0.1', () => {
				socket.end();
				done(true);
			});
			socket.on('error', () => done(false));
		});
		if (open) return;
		await sleep(250);
	}
	await server.stop();
	throw new Error(`${name} did not listen within ${timeoutMs / 1000} s:\n${server.output()}`);
}

export interface QueueServices {
	postgresPort: number;
	redisPort: number;
	/** What every n8n process (main, worker, CLI) gets to run in queue mode on these servers. */
	env: NodeJS.ProcessEnv;
	/** Runs one SQL statement on n8n's database; returns its rows, columns split by `|`. */
	sql(statement: string): string[][];
	stop(): Promise<void>;
}

/** Starts PostgreSQL and Redis from fresh data folders under `dir` (default .demo/queue). */
export async function startQueueServices(log: Log, dir = QUEUE_DIR): Promise<QueueServices> {
	const { postgresBin } = ensureQueuePackages(log);
	const stops: Array<() => Promise<void>> = [];
	const stop = async () => {
		for (const stopOne of stops.reverse()) await stopOne().catch(() => undefined);
	};
	try {
		const pgData = join(dir, 'postgres');
		rmSync(pgData, { recursive: true, force: true });
		mkdirSync(pgData, { recursive: true });
		const user = postgresUser();
		if (user) chownSync(pgData, user.uid, user.gid);
		const asUser = { ...user, cwd: dir, env: { ...process.env, LC_ALL: 'C.UTF-8' } };
		const initdb = spawnSync(
			join(postgresBin, 'initdb'),
			['-D', pgData, '-U', DB_USER, '--auth=trust', '-E', 'UTF8', '--no-sync'],
			{ ...asUser, encoding: 'utf8' },
		);
		if (initdb.status !== 0) throw new Error(`initdb failed:\n${initdb.stdout}\n${initdb.stderr}`);

		const postgresPort = await freePort();
		// A throwaway database: durability off, TCP on 127.0.0.1 only, no Unix socket.
		const postgres = startProcess(
			join(postgresBin, 'postgres'),
			[
				'-D',
				pgData,
				'-p',
				String(postgresPort),
				'-c',
				'listen_addresses=127.0.0.1',
				'-c',
				'unix_socket_directories=',
				'-c',
				'fsync=off',
				'-c',
				'synchronous_commit=off',
				'-c',
				'full_page_writes=off',
			],
			// SIGINT is PostgreSQL's fast shutdown: it ends open sessions instead of waiting for them.
			{ ...asUser, signal: 'SIGINT', ownGroup: true },
		);
		stops.push(postgres.stop);
		await waitForPort('PostgreSQL', postgres, postgresPort, 30_000);

		const psql = (database: string, statement: string) => {
			const result = spawnSync(
				join(postgresBin, 'psql'),
				[
					'-h',
					'127.0.0.1',
					'-p',
					String(postgresPort),
					'-U',
					DB_USER,
					'-d',
					database,
					'-At',
					'-v',
					'ON_ERROR_STOP=1',
					'-c',
					statement,
				],
				{ encoding: 'utf8' },
			);
			if (result.status !== 0) throw new Error(`psql failed: ${result.stderr}`);
			return result.stdout
				.split('\n')
				.filter((line) => line !== '')
				.map((line) => line.split('|'));
		};
		// The server accepts TCP a moment before it accepts logins.
		for (let attempt = 0; ; attempt++) {
			try {
				psql('postgres', `CREATE DATABASE ${DATABASE}`);
				break;
			} catch (error) {
				if (attempt >= 40) throw error;
				await sleep(250);
			}
		}

		const redisData = join(dir, 'redis');
		rmSync(redisData, { recursive: true, force: true });
		mkdirSync(redisData, { recursive: true });
		const redisPort = await freePort();
		const redis = startProcess(
			REDIS_SERVER,
			[
				'--port',
				String(redisPort),
				'--bind',
				'127.0.0.1',
				'--dir',
				redisData,
				'--save',
				'',
				'--appendonly',
				'no',
			],
			{ cwd: dir, env: process.env, ownGroup: true },
		);
		stops.push(redis.stop);
		await waitForPort('Redis', redis, redisPort, 30_000);
		log(`PostgreSQL on 127.0.0.1:${postgresPort}, Redis on 127.0.0.1:${redisPort}`);

		return {
			postgresPort,
			redisPort,
			env: {
				EXECUTIONS_MODE: 'queue',
				DB_TYPE: 'postgresdb',
				DB_POSTGRESDB_HOST: '127.0.0.1',
				DB_POSTGRESDB_PORT: String(postgresPort),
				DB_POSTGRESDB_DATABASE: DATABASE,
				DB_POSTGRESDB_USER: DB_USER,
				DB_POSTGRESDB_PASSWORD: '',
				QUEUE_BULL_REDIS_HOST: '127.0.0.1',
				QUEUE_BULL_REDIS_PORT: String(redisPort),
				// n8n 1.x runs manual executions on the main unless told; 2.x always offloads them.
				OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
			},
			sql: (statement) => psql(DATABASE, statement),
			stop,
		};
	} catch (error) {
		await stop();
		throw error;
	}
}
