import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { Operation } from '../actions/types';
import { nodeOptions, returnAllOrLimit, workspaceLocator } from '../descriptions/common';
import { apiRequestAllItems, paths } from '../transport';
import { InputChecks } from './checks';

/** The chosen workspace's ID, required before anything workspace-scoped is sent. */
export function workspaceIdOf(ctx: IExecuteFunctions, itemIndex: number): string {
	const value = ctx.getNodeParameter('workspaceId', itemIndex, '', { extractValue: true });
	const workspaceId = String(value ?? '').trim();
	new InputChecks(ctx, itemIndex).required('Workspace', workspaceId);
	return workspaceId;
}

/** Get Many over one of the workspace's lists, honouring Return All / Limit. */
export async function getManyInWorkspace(
	this: IExecuteFunctions,
	itemIndex: number,
	segment: string,
	qs: IDataObject,
): Promise<IDataObject[]> {
	const workspaceId = workspaceIdOf(this, itemIndex);
	const returnAll = this.getNodeParameter('returnAll', itemIndex, false) as boolean;
	const limit = returnAll ? undefined : (this.getNodeParameter('limit', itemIndex, 50) as number);
	const path = paths.workspace(workspaceId, segment);
	return (await apiRequestAllItems.call(this, path, { qs, itemIndex, limit })) as IDataObject[];
}

interface LibraryList {
	resource: string;
	/** The list's path segment under the workspace, e.g. `labels`. */
	segment: string;
	searchDescription: string;
	searchPlaceholder: string;
}

/** Get Many for a library list searched by name (labels, campaigns, content categories, team members). */
export function libraryGetMany({
	resource,
	segment,
	searchDescription,
	searchPlaceholder,
}: LibraryList): Operation {
	return {
		description: updateDisplayOptions({ show: { resource: [resource], operation: ['getAll'] } }, [
			workspaceLocator,
			{
				displayName: 'Search',
				name: 'search',
				type: 'string',
				default: '',
				placeholder: searchPlaceholder,
				description: searchDescription,
			},
			...returnAllOrLimit(),
			nodeOptions(),
		]),
		async execute(this: IExecuteFunctions, itemIndex: number) {
			const search = String(this.getNodeParameter('search', itemIndex, '')).trim();
			return await getManyInWorkspace.call(this, itemIndex, segment, search ? { search } : {});
		},
	};
}
