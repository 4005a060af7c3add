// An n8n process of its own for one execution (bench/lib/execution-child.cts): it shares no
// rate-limit gate with this process or another child, as on a separate n8n instance, or as n8n
// just started. Loaded before the clock starts.
import { fork } from 'node:child_process';
import { join } from 'node:path';

import type { RunNodeOptions } from '../../test/harness/engine.cts';
import { repoRoot } from './report.cts';

/** A child that has not answered within this long is stopped; the run then fails. */
const CHILD_TIMEOUT_MS = 120_000;

export interface Child {
	/** Resolves with the node's error message (null: none) once the execution ended. */
	run(job: RunNodeOptions): Promise<string | null>;
}

/** An n8n process of its own for one execution, started and loaded before the clock starts. */
export async function startChild(): Promise<Child> {
	const child = fork(join(repoRoot, 'bench', 'lib', 'execution-child.cts'), [], {
		execArgv: ['--import', 'tsx'],
		cwd: repoRoot,
	});
	const timer = setTimeout(() => child.kill(), CHILD_TIMEOUT_MS);
	const messages: unknown[] = [];
	let notify: (() => void) | undefined;
	child.on('message', (message) => {
		messages.push(message);
		notify?.();
	});
	child.on('exit', () => notify?.());
	const next = async () => {
		while (messages.length === 0) {
			if (child.exitCode !== null || child.signalCode !== null) {
				clearTimeout(timer);
				throw new Error('an execution process ended without answering');
			}
			await new Promise<void>((resolve) => (notify = resolve));
		}
		return messages.shift();
	};
	if ((await next()) !== 'ready') throw new Error('an execution process did not start');
	return {
		async run(job) {
			child.send(job);
			const answer = (await next()) as { error: string | null };
			clearTimeout(timer);
			return answer.error;
		},
	};
}
