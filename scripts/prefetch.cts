// `tsx scripts/prefetch.cts n8n|system`: what the end-to-end and queue tests install on first use,
// installed ahead of them. `.ci/run` starts it in the background while the unit tests run, so that on
// a fresh machine no install waits in line behind the tests (or the tests behind an install).
// - `n8n`: the n8n that N8N_E2E_VERSION names (the pinned one by default) into .demo/;
// - `system`: Debian's chromium (the editor test), PostgreSQL and Redis (queue mode).
// Each step is the one the tests call themselves, so a step that fails here is tried again there.
import { existsSync } from 'node:fs';

import { aptInstall } from './apt.cts';
import { ensureN8n } from './n8n-runtime.cts';
import { ensureQueuePackages } from './queue-services.cts';

const CHROMIUM = '/usr/bin/chromium';

async function main(what: string | undefined): Promise<void> {
	const log = (line: string) => console.log(`[prefetch ${what}] ${line}`);
	if (what === 'n8n') return await ensureN8n(log);
	if (what !== 'system') throw new Error('usage: tsx scripts/prefetch.cts n8n|system');
	if (!existsSync(CHROMIUM)) aptInstall(['chromium'], log);
	ensureQueuePackages(log);
	log('chromium, PostgreSQL and Redis are installed');
}

main(process.argv[2]).catch((error: unknown) => {
	console.error(error);
	process.exit(1);
});
