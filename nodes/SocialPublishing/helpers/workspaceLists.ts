import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { Operation } from '../actions/types';
import { nodeOptions, returnAllOrLimit, workspaceLocator } from '../descriptions/common';
import { property } from '../fields/ui';
import { apiRequestAllItems, paths } from '../transport';
import { bodyOf, limitOf, param, workspace } from '../fields/common';
import { librarySearch } from '../fields/lists';

/** The chosen workspace's ID, checked before anything workspace-scoped is sent. */
export function workspaceIdOf(ctx: IExecuteFunctions, itemIndex: number): string {
	return param(ctx, itemIndex, workspace) as string;
}

/** Get Many over one of the workspace's lists, honouring Return All / Limit. */
export async function getManyInWorkspace(
	this: IExecuteFunctions,
	itemIndex: number,
	segment: string,
	qs: IDataObject,
): Promise<IDataObject[]> {
	const workspaceId = workspaceIdOf(this, itemIndex);
	const limit = limitOf(this, itemIndex);
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
			property(librarySearch(searchDescription, searchPlaceholder)),
			...returnAllOrLimit(),
			nodeOptions(),
		]),
		async execute(this: IExecuteFunctions, itemIndex: number) {
			const qs = bodyOf(this, itemIndex, [librarySearch(searchDescription, searchPlaceholder)]);
			return await getManyInWorkspace.call(this, itemIndex, segment, qs);
		},
	};
}
