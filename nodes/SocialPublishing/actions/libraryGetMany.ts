import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { userIdOf } from '../../shared/ids';
import type { EndpointName } from '../../shared/api';
import { nodeOptions, returnAllOrLimit, workspaceLocator } from '../descriptions/common';
import { bodyOf } from '../fields/common';
import { librarySearch } from '../fields/lists';
import { property } from '../fields/ui';
import { outputProperties } from '../helpers/output';
import { getManyInWorkspace } from '../helpers/workspaceLists';
import type { Operation } from './types';

interface LibraryList {
	resource: string;
	endpoint: EndpointName;
	searchDescription: string;
	searchPlaceholder: string;
}

/** A library record's identity: by user ID for team members (approvers take user IDs), else by ID. */
function simplifyLibraryRecord(record: IDataObject): IDataObject {
	const id = userIdOf(record);
	return {
		id,
		name: record.name ?? null,
		...(record.email !== undefined ? { email: record.email, role: record.role ?? null } : {}),
	};
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
			property(librarySearch(searchDescription, searchPlaceholder)),
			...returnAllOrLimit(),
			...outputProperties('raw'),
			nodeOptions(),
		]),
		list: { simplify: simplifyLibraryRecord, defaultOutput: 'raw' },
		async execute(this: IExecuteFunctions, itemIndex: number) {
			const qs = bodyOf(this, itemIndex, [librarySearch(searchDescription, searchPlaceholder)]);
			return await getManyInWorkspace.call(this, itemIndex, endpoint, qs);
		},
	};
}
