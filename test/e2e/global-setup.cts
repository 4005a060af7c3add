// Before any end-to-end file: installs the pinned n8n on the first run (minutes). Its progress goes
// straight to stderr, since jest holds a test file's console output until the file is done.
import { ensureN8n } from '../../scripts/n8n-runtime.cts';

export default async function globalSetup(): Promise<void> {
	await ensureN8n((line) => process.stderr.write(`[e2e] ${line}\n`));
}
