import type { IDataObject } from 'n8n-workflow';

/** A post's `accounts` is keyed by platform (section 2.6); flattened, it lists one entry each. */
export function flattenAccounts(post: IDataObject): IDataObject[] {
	const byPlatform = post.accounts;
	if (byPlatform === null || typeof byPlatform !== 'object' || Array.isArray(byPlatform)) return [];
	return Object.entries(byPlatform as IDataObject).flatMap(([platform, accounts]) =>
		(Array.isArray(accounts) ? (accounts as IDataObject[]) : []).map((account) => ({
			account_id: String(account.account_id ?? account.id ?? account._id ?? ''),
			account_name: account.account_name ?? account.name ?? null,
			platform: String(account.platform ?? platform),
		})),
	);
}
