import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { Operation } from '../actions/types';
import { nodeOptions, returnAllOrLimit, workspaceLocator } from '../descriptions/common';
import { getList } from '../../shared/api';
import type { EndpointName, PathParams } from '../../shared/api';
import { InputChecks } from './checks';

/** The chosen workspace's ID, required before anything workspace-scoped is sent. */
export function workspaceIdOf(ctx: IExecuteFunctions, itemIndex: number): string {
	const value = ctx.getNodeParameter('workspaceId', itemIndex, '', { extractValue: true });
	const workspaceId = String(value ?? '').trim();
	new InputChecks(ctx, itemIndex).required('Workspace', workspaceId);
	return workspaceId;
}

/** Return All / Limit: undefined for Return All, else the limit. */
export function limitOf(ctx: IExecuteFunctions, itemIndex: number): number | undefined {
	const returnAll = ctx.getNodeParameter('returnAll', itemIndex, false) as boolean;
	return returnAll ? undefined : (ctx.getNodeParameter('limit', itemIndex, 50) as number);
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

interface LibraryList {
	resource: string;
	endpoint: EndpointName;
	searchDescription: string;
	searchPlaceholder: string;
}

/** Get Many for a library list searched by name (labels, campaigns, content categories, team members). */
export function libraryGetMany({
	resource,
	endpoint,
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
			return await getManyInWorkspace.call(this, itemIndex, endpoint, search ? { search } : {});
		},
	};
}
