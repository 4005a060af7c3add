import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { apiRequestAllItems, paths } from '../../transport';

/** The workspace chosen in the node; the lists below depend on it. */
export function currentWorkspaceId(ctx: ILoadOptionsFunctions): string {
	const workspaceId = ctx.getCurrentNodeParameter('workspaceId', { extractValue: true });
	if (typeof workspaceId !== 'string' || workspaceId.trim() === '') {
		throw new NodeOperationError(ctx.getNode(), 'Choose a workspace first', {
			description:
				'This list shows records of the chosen workspace. Set the Workspace field, then open the list again.',
		});
	}
	return workspaceId.trim();
}

export function byName(a: INodePropertyOptions, b: INodePropertyOptions): number {
	return a.name.localeCompare(b.name);
}

/**
 * Every record of one of the workspace's lists (accounts, labels, team-members, media), walked
 * page by page so that lists past one page stay complete, as options sorted by name.
 */
export async function workspaceOptions(
	ctx: ILoadOptionsFunctions,
	list: string,
	toOption: (record: IDataObject) => INodePropertyOptions,
): Promise<INodePropertyOptions[]> {
	const records = (await apiRequestAllItems.call(
		ctx,
		paths.workspace(currentWorkspaceId(ctx), list),
		{},
	)) as IDataObject[];
	return records
		.map(toOption)
		.filter((option) => option.value !== '')
		.sort(byName);
}
