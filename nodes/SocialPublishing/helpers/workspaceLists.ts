import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { getList } from '../../shared/api';
import type { EndpointName, PathParams, ShortList } from '../../shared/api';
import { limitOf, workspaceIdOf } from '../fields/common';
import { LIST_INCOMPLETE } from './output';

/**
 * Get Many over one of the workspace's lists, honouring Return All / Limit. A Return All that
 * stays short of the list's `total` returns what it read, never in silence: a warning in the
 * output pane, and `list_incomplete` (read, total, message) on each record, for workflows and
 * agents, which see no hints.
 */
export async function getManyInWorkspace(
	this: IExecuteFunctions,
	itemIndex: number,
	endpoint: EndpointName,
	qs: IDataObject,
	params: PathParams = {},
): Promise<IDataObject[]> {
	const workspaceId = workspaceIdOf(this, itemIndex);
	let shortList: ShortList | undefined;
	const records = await getList.call(
		this,
		endpoint,
		{ ...params, workspaceId },
		{
			qs,
			itemIndex,
			limit: limitOf(this, itemIndex),
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
}
