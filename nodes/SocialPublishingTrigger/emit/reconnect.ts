import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { getList, writer } from '../../shared/api';
import { linkLines } from '../../shared/connect';
import { idOf } from '../../shared/ids';
import { CONNECT_PLATFORMS } from '../../shared/limits';
import { asList, asObject } from '../../shared/records';

const FAILED_ACCOUNT_STATUSES = ['failed', 'error'];

/**
 * The accounts a failed post did not go out on, as far as the post shows them: those whose entry
 * says it failed, when entries carry a status; otherwise every account of the post, since the post
 * as a whole failed (the list item of section 2.6 has no per-account status).
 */
export function failedAccounts(accounts: IDataObject[], post: IDataObject): IDataObject[] {
	const entries = Object.values(asObject(post.accounts)).flatMap(asList);
	const withStatus = accounts.flatMap((account) => {
		const entry = entries.find(
			(each) => String(each.account_id ?? each.id ?? each._id) === account.account_id,
		);
		const told = entry && (typeof entry.status === 'string' || typeof entry.error === 'string');
		return told ? [{ account, entry }] : [];
	});
	if (withStatus.length === 0) return accounts.map((account) => ({ ...account, error: null }));
	return withStatus
		.filter(
			({ entry }) =>
				FAILED_ACCOUNT_STATUSES.includes(String(entry.status)) || typeof entry.error === 'string',
		)
		.map(({ account, entry }) => ({
			...account,
			error: typeof entry.error === 'string' ? entry.error : null,
		}));
}

/** The connect endpoint's platform for an account of the list (2.2), or undefined when none fits. */
function connectPlatformOf(account: IDataObject): string | undefined {
	const platform = String(account.platform ?? '');
	const type = String(account.account_type ?? '');
	const key = platform === 'facebook' && type === 'profile' ? 'facebook-profile' : platform;
	if (platform === 'facebook' && type === 'group') return undefined;
	return (CONNECT_PLATFORMS as readonly string[]).includes(key) ? key : undefined;
}

/** A message for the account's owner: what failed, the link, and how long it works. */
function messageFor(account: IDataObject, session: IDataObject): string {
	const name = String(account.account_name ?? session.account_name ?? 'the account');
	return [
		`A post could not be published to ${name} (${String(account.platform)}): the account needs to be connected again.`,
		...linkLines(session, 'reconnect it'),
	].join('\n');
}

type Fix = Pick<IDataObject, 'account_status' | 'reconnect' | 'reconnect_note'>;

/** What one failing account needs: nothing when active, else a reconnect session or why there is none. */
async function fixFor(
	ctx: IPollFunctions,
	workspaceId: string,
	account: IDataObject | undefined,
): Promise<Fix> {
	const fix = (reconnect: IDataObject | null, note: string | null = null): Fix => ({
		account_status: account?.status ?? null,
		reconnect,
		reconnect_note: note,
	});
	if (!account) return fix(null, 'The account is no longer in the workspace.');
	if (account.status === 'active') return fix(null);
	const platform = connectPlatformOf(account);
	if (!platform)
		return fix(
			null,
			`A ${String(account.platform)} account is not reconnected through a link; add it to the workspace again.`,
		);
	try {
		const session = await writer(ctx).send(
			'connect',
			{ workspaceId, platform },
			{ qs: { process: 'reconnect', account_id: idOf(account) || String(account.account_id) } },
		);
		return fix({
			authorization_url: session.authorization_url ?? null,
			expires_at: session.expires_at ?? null,
			expires_in_minutes: asObject(session.security).expires_in_minutes ?? null,
			message: messageFor(account, session),
		});
	} catch (error) {
		// The event is not lost for want of a link (a key that may not connect accounts, for one).
		return fix(null, `No reconnect link: ${(error as Error).message}`);
	}
}

/**
 * Adds to each failed account of the items its status in the workspace and, when it is not active, a
 * reconnect link ready to send: the accounts list once (all pages), then one connect session per
 * account that needs one, however many posts it failed on.
 */
export async function addReconnectLinks(
	ctx: IPollFunctions,
	workspaceId: string,
	items: IDataObject[],
): Promise<void> {
	const failing = items.flatMap((item) => item.failed_accounts as IDataObject[]);
	if (failing.length === 0) return;
	const listed = await getList.call(ctx, 'accounts', { workspaceId });
	const byId = new Map(listed.map((account) => [idOf(account), account]));
	const fixes = new Map<string, Fix>();
	for (const id of new Set(failing.map((account) => String(account.account_id))))
		fixes.set(id, await fixFor(ctx, workspaceId, byId.get(id)));
	for (const item of items) {
		item.failed_accounts = (item.failed_accounts as IDataObject[]).map((account) => ({
			...account,
			...fixes.get(String(account.account_id)),
		}));
	}
}
