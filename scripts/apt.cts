// Debian packages the demo and the tests need (chromium, postgresql, redis-server), installed with
// apt-get when missing: CI machines start fresh, and we run as root there.
import { execFileSync } from 'node:child_process';

let updated = false;

/** `apt-get install` of the packages named, after one `apt-get update` per process. */
export function aptInstall(packages: string[], log: (line: string) => void): void {
	log(`Installing Debian ${packages.join(' and ')} (apt-get)...`);
	const apt = (...args: string[]) =>
		execFileSync('apt-get', args, {
			stdio: 'inherit',
			timeout: 10 * 60_000,
			env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
		});
	if (!updated) apt('update', '-qq');
	updated = true;
	apt('install', '-y', '-qq', ...packages);
}
