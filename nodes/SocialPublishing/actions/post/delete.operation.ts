import type { IDataObject, IExecuteFunctions, INodeProperties, NodeApiError } from 'n8n-workflow';

import { nodeOptions } from '../../../shared/options';
import { bodyOf, postId, postParams, workspace } from '../../fields/common';
import { deleteFields } from '../../fields/post';
import { property } from '../../fields/ui';
import type { Plan } from '../resource';
import { asObject } from '../../../shared/records';

export const description: INodeProperties[] = [
	...[workspace, postId, ...deleteFields].map(property),
	nodeOptions(),
];

/** One account that could not delete, in words; a reason's own full stop is not doubled. */
function failure(account: IDataObject): string {
	const reason =
		typeof account.reason === 'string' ? account.reason.trim().replace(/[.\s]+$/, '') : '';
	return `${String(account.name ?? account.account_id)} (${String(account.platform)}): ${String(account.status)}${reason ? `, ${reason}` : ''}`;
}

/** Per-account results of a 207 answer, as a list the user can filter on `status`. */
function accountResults(accounts: IDataObject): IDataObject[] {
	return Object.entries(accounts).map(([accountId, result]) => {
		const { platform, name, status, reason = null, post_url: postUrl = null } = asObject(result);
		return { account_id: accountId, platform, name, status, reason, post_url: postUrl };
	});
}

export async function plan(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	const params = postParams(this, itemIndex);
	const body = bodyOf(this, itemIndex, deleteFields);
	// Only a deletion from the platforms is sent; account_ids narrows only that.
	if (body.delete_from_social !== true) {
		delete body.delete_from_social;
		delete body.account_ids;
	}

	const options = { body: Object.keys(body).length > 0 ? body : undefined, itemIndex };
	return {
		send: async (out) => {
			const answer = await out.send('deletePost', params, options).catch((error: NodeApiError) => {
				// A retry of an item an earlier attempt may have done: a post gone is that attempt's work.
				if (out.doubt === undefined || error.httpCode !== '404') throw error;
			});
			if (answer) return deleted(answer, params);
			const note = 'The post was already gone: an earlier attempt of this run deleted it.';
			return { deleted: true, post_id: params.postId, already_gone: true, note };
		},
	};
}

/**
 * 200: the post is gone and every requested platform deletion succeeded. 207: the post is
 * removed from the service all the same; some accounts' platform deletions failed.
 */
function deleted(answer: IDataObject, params: { postId: string }): IDataObject {
	if (answer.accounts === null || typeof answer.accounts !== 'object')
		return { deleted: true, post_id: params.postId, all_accounts_deleted: true };
	const accounts = accountResults(asObject(answer.accounts));
	const failed = accounts.filter((account) => account.status !== 'deleted');
	// Whatever else the 207 carries (the service-side outcome, a message) is passed on as is.
	const serviceResult = Object.fromEntries(
		Object.entries(answer).filter(([key]) => !['accounts', 'post_id'].includes(key)),
	);
	return {
		deleted: true,
		post_id: String(answer.post_id ?? params.postId),
		...serviceResult,
		all_accounts_deleted: failed.length === 0,
		accounts,
		hint:
			failed.length === 0
				? 'Deleted from every account.'
				: `Some platforms could not delete the post: ${failed.map(failure).join('; ')}. Delete it there by hand if it must go (post_url links to it).`,
	};
}
