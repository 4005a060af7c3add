// What goes over the wire under the profile's `ids` style (profile.cts). The store keeps one
// shape (DEMO's identifiers); only answers are renamed or aliased, and requests carrying an
// alias are read back to the store's identifier at the gate.
import { createHash } from 'node:crypto';

import type { Profile } from './profile.cts';
import type { Store } from './state.cts';

const NUMERIC = /^\d+$/;

/** A stable numeric-string stand-in for an account ID that is not one already. */
export function numericAlias(id: string): string {
	if (NUMERIC.test(id)) return id;
	const hash = BigInt(`0x${createHash('sha256').update(id).digest('hex').slice(0, 15)}`);
	return String(900000000000n + (hash % 99999999999n));
}

export class Wire {
	/** The key of records the description gives an `_id` (accounts, labels, media, comments...). */
	readonly idKey: '_id' | 'id';
	private readonly numeric: boolean;

	constructor(
		profile: Pick<Profile, 'ids'>,
		private readonly store: Store,
	) {
		this.idKey = profile.ids === 'id' ? 'id' : '_id';
		this.numeric = profile.ids === 'numeric';
	}

	/** `{_id: value}` or `{id: value}`, to spread where a record names itself. */
	named(value: string): Record<string, string> {
		return { [this.idKey]: value };
	}

	/** An account ID as answered. */
	account(id: string): string {
		return this.numeric ? numericAlias(id) : id;
	}

	/** An account ID as requested (alias or the store's own) back to the store's. */
	accountIn(id: unknown): unknown {
		if (!this.numeric || typeof id !== 'string') return id;
		return this.store.data.accounts.find((each) => numericAlias(each.id) === id)?.id ?? id;
	}

	accountsIn(ids: unknown): unknown {
		return Array.isArray(ids) ? ids.map((id) => this.accountIn(id)) : ids;
	}

	/**
	 * Reads the account IDs of a request (a post's accounts and first comment's, a delete's
	 * account_ids, connect's account_id) back to the store's, in place, before validation.
	 */
	readRequest(body: unknown, query: unknown, multipart: boolean): void {
		if (body && typeof body === 'object' && !multipart) {
			const fields = body as Record<string, unknown>;
			if ('accounts' in fields) fields.accounts = this.accountsIn(fields.accounts);
			if ('account_ids' in fields) fields.account_ids = this.accountsIn(fields.account_ids);
			const comment = fields.first_comment as Record<string, unknown> | null | undefined;
			if (comment && typeof comment === 'object' && 'accounts' in comment)
				comment.accounts = this.accountsIn(comment.accounts);
		}
		const params = query as Record<string, unknown>;
		if (typeof params.account_id === 'string')
			params.account_id = this.accountIn(params.account_id);
	}
}
