// Child process of the executions-at-once figure: one execution in an n8n process of its own, so
// that it shares no rate-limit gate with the others (as on separate n8n instances). It loads the
// package, says it is ready, runs the node when told to go, and answers the node's error, if any.
import '../../test/harness/env.cts';

import type { RunNodeOptions } from '../../test/harness/engine.cts';
import { loadPackage, runNode } from '../../test/harness/engine.cts';

const send = (message: unknown) => process.send?.(message);

process.on('message', (job: RunNodeOptions) => {
	runNode(job).then(
		(result) => {
			send({ error: result.error?.message ?? null });
			process.exit(0);
		},
		(thrown: unknown) => {
			send({ error: thrown instanceof Error ? thrown.message : String(thrown) });
			process.exit(1);
		},
	);
});

loadPackage().then(
	() => send('ready'),
	(thrown: unknown) => {
		console.error(thrown);
		process.exit(1);
	},
);
