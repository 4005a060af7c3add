import type { IDataObject } from 'n8n-workflow';
import { asObject } from './records';

/**
 * The lines a connection link (2.11) needs wherever it is sent: where to go, and for how long the
 * link works. `what` finishes "Open this link to ...".
 */
export function linkLines(session: IDataObject, what: string): string[] {
	const security = asObject(session.security);
	const minutes = security.expires_in_minutes;
	const expiry = [
		minutes !== undefined ? `expires in ${String(minutes)} minutes` : 'expires soon',
		session.expires_at ? `(at ${String(session.expires_at)})` : '',
	]
		.filter(Boolean)
		.join(' ');
	return [
		`Open this link to ${what}: ${String(session.authorization_url)}`,
		`The link ${security.single_use === false ? '' : 'works only once and '}${expiry}.`,
	];
}
