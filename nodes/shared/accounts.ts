import type { IDataObject } from 'n8n-workflow';
import { asList, asObject } from './records';

/** A post's `accounts` is keyed by platform (section 2.6); flattened, it lists one entry each. */
export function flattenAccounts(post: IDataObject): IDataObject[] {
	const byPlatform = post.accounts;
	if (byPlatform === null || typeof byPlatform !== 'object' || Array.isArray(byPlatform)) return [];
	return Object.entries(asObject(byPlatform)).flatMap(([platform, accounts]) =>
		asList(accounts).map((account) => ({
			account_id: String(account.account_id ?? account.id ?? account._id ?? ''),
			account_name: account.account_name ?? account.name ?? null,
			platform: String(account.platform ?? platform),
		})),
	);
}
