import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { WriteName } from '../../../shared/api';
import { createOnce } from '../../../shared/api/exactlyOnce';
import { workspaceIdOf } from '../../fields/common';
import { accountLookup } from '../../helpers/recovery';
import type { Plan } from '../resource';

/** Adding an account, sent once; `account` is how the workspace's list will name it. */
export function addAccount(
	ctx: IExecuteFunctions,
	itemIndex: number,
	endpoint: WriteName,
	body: IDataObject,
	account: { platform: string; name: string },
): Plan {
	const workspaceId = workspaceIdOf(ctx, itemIndex);
	const lookup = accountLookup(ctx, workspaceId, account, itemIndex);
	return {
		// The workspace's account cap and duplicate names go to the first to arrive.
		orderGroup: `accounts of ${workspaceId}`,
		send: async (out) =>
			await createOnce.call(out, endpoint, { workspaceId }, { body, itemIndex }, lookup),
	};
}
