// Imported before n8n-core: its instance settings and binary-data store read these on load.
// Without them the engine would write to ~/.n8n; everything goes to one temp folder instead.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const userFolder = mkdtempSync(join(tmpdir(), 'sp-n8n-'));
// Jest loads this once per test file: the folder goes when the file's tests are done.
const removeUserFolder = () => rmSync(userFolder, { recursive: true, force: true });
if (typeof afterAll === 'function') afterAll(removeUserFolder);
else process.once('exit', removeUserFolder);

process.env.N8N_USER_FOLDER = userFolder;
process.env.N8N_BINARY_DATA_STORAGE_PATH = join(userFolder, 'binaryData');
process.env.N8N_ENCRYPTION_KEY ??= 'test-only-encryption-key';
process.env.N8N_DIAGNOSTICS_ENABLED = 'false';
process.env.N8N_LOG_LEVEL ??= 'silent';
