import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { getList } from '../../shared/api';
import type { EndpointName, PathParams } from '../../shared/api';
import { limitOf, param, workspace } from '../fields/common';

/** The chosen workspace's ID, checked before anything workspace-scoped is sent. */
export function workspaceIdOf(ctx: IExecuteFunctions, itemIndex: number): string {
	return param(ctx, itemIndex, workspace) as string;
}

/** Get Many over one of the workspace's lists, honouring Return All / Limit. */
export async function getManyInWorkspace(
	this: IExecuteFunctions,
	itemIndex: number,
	endpoint: EndpointName,
	qs: IDataObject,
	params: PathParams = {},
): Promise<IDataObject[]> {
	const workspaceId = workspaceIdOf(this, itemIndex);
	return await getList.call(
		this,
		endpoint,
		{ ...params, workspaceId },
		{
			qs,
			itemIndex,
			limit: limitOf(this, itemIndex),
		},
	);
}
