// `npm run sandbox [-- --port 4010] [--rate-limit 100/60|off]`: starts the sandbox and says how to use it.
import { parseArgs } from 'node:util';

import { DEMO } from './demo-data.cts';
import { demoData } from './demo-data.cts';
import { LIVE_RATE_LIMIT } from './limits.cts';
import { describeProfile, parseProfile } from './profile.cts';
import { startSandbox } from './server.cts';

function rateLimitOf(value: string): { limit: number; windowSeconds: number } | null {
	if (value === 'off') return null;
	const match = /^(\d+)\/(\d+)$/.exec(value);
	if (!match)
		throw new Error(`--rate-limit takes "requests/seconds" (e.g. 100/60) or "off", not "${value}"`);
	return { limit: Number(match[1]), windowSeconds: Number(match[2]) };
}

async function main() {
	const { values } = parseArgs({
		options: {
			port: { type: 'string', default: '4010' },
			profile: { type: 'string', default: process.env.SANDBOX_PROFILE ?? 'default' },
			'rate-limit': {
				type: 'string',
				default: `${LIVE_RATE_LIMIT.limit}/${LIVE_RATE_LIMIT.windowSeconds}`,
			},
		},
	});
	const rateLimit = rateLimitOf(values['rate-limit']);
	const profile = parseProfile(values.profile);
	const sandbox = await startSandbox({
		port: Number(values.port),
		rateLimit,
		profile,
		quiet: false,
	});
	const keys = demoData(new Date()).keys;
	const width = Math.max(...keys.map((key) => key.value.length));
	console.log(`Social Publishing API sandbox listening on ${sandbox.url}`);
	console.log('');
	console.log(
		`Credential "Social Publishing API": Base URL = ${sandbox.url}  (the API is under /api/v1)`,
	);
	console.log('API keys (header X-API-Key):');
	for (const key of keys) console.log(`  ${key.value.padEnd(width)}  ${key.description}`);
	console.log('');
	console.log(
		`Workspaces: ${DEMO.workspaces.main.id} (${DEMO.workspaces.main.name}), ${DEMO.workspaces.second.id} (${DEMO.workspaces.second.name})`,
	);
	console.log(
		`Rate limit: ${rateLimit ? `${rateLimit.limit} requests per ${rateLimit.windowSeconds} s per key` : 'off'}`,
	);
	console.log(`Profile: ${describeProfile(profile)}`);
	console.log(
		`Control surface: ${sandbox.url}/__sandbox/ (reset, requests, elsewhere, faults, random-faults, latency, rate-limit, credits, profile, ids, workspace-timezone, clock, simulate, seed)`,
	);
	const stop = () => void sandbox.stop().then(() => process.exit(0));
	process.once('SIGINT', stop);
	process.once('SIGTERM', stop);
}

main().catch((error: Error) => {
	console.error(error.message);
	process.exit(1);
});
