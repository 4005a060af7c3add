import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { getList } from '../../shared/api';
import type { PathParams, ReadName, ShortList } from '../../shared/api';
import { limitOf, workspaceIdOf } from '../fields/common';
import { LIST_INCOMPLETE } from './output';

/**
 * Get Many over one of the workspace's lists, honouring Return All / Limit: both, and the
 * workspace, are read and checked now; the list is read by the function answered. A Return All that
 * stays short of the list's `total` returns what it read, never in silence: a warning in the
 * output pane, and `list_incomplete` (read, total, message) on each record, for workflows and
 * agents, which see no hints.
 */
export function getManyInWorkspace(
	this: IExecuteFunctions,
	itemIndex: number,
	endpoint: ReadName,
	qs: IDataObject,
	params: PathParams = {},
): () => Promise<IDataObject[]> {
	const workspaceId = workspaceIdOf(this, itemIndex);
	const limit = limitOf(this, itemIndex);
	return async () => {
		let shortList: ShortList | undefined;
		const records = await getList.call(
			this,
			endpoint,
			{ ...params, workspaceId },
			{
				qs,
				itemIndex,
				limit,
				short: (list) => {
					shortList = list;
					this.addExecutionHints({
						message: `Item ${itemIndex}: ${list.message}`,
						type: 'warning',
						location: 'outputPane',
					});
				},
			},
		);
		if (!shortList) return records;
		const note = { ...shortList };
		return records.map((record) => ({ ...record, [LIST_INCOMPLETE]: note }));
	};
}
