import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import {
	filtersCollection,
	nodeOptions,
	returnAllOrLimit,
	workspaceLocator,
} from '../../descriptions/common';
import { readField, readFields } from '../../fields/field';
import { postFilters } from '../../fields/lists';
import { property } from '../../fields/ui';
import { InputChecks } from '../../fields/checks';
import { flattenAccounts } from '../../../shared/accounts';
import { postIdOf } from '../../../shared/ids';
import { timezone } from '../../fields/post';
import { resolveTimezone } from '../../helpers/workspaceZone';
import { getManyInWorkspace, workspaceIdOf } from '../../helpers/workspaceLists';
import { outputProperties } from '../../helpers/output';
import type { ListOutput } from '../../helpers/output';

const properties: INodeProperties[] = [
	workspaceLocator,
	...returnAllOrLimit(),
	filtersCollection(...postFilters.map(property)),
	...outputProperties('simplified'),
	nodeOptions(property(timezone)),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['post'], operation: ['getAll'] } },
	properties,
);

/** The fields people use, flattened: accounts as one list, times and approval status at the top. */
function simplifyPost(post: IDataObject): IDataObject {
	const content = (post.content ?? {}) as IDataObject;
	const scheduling = (post.scheduling ?? {}) as IDataObject;
	const approval = (post.approval ?? {}) as IDataObject;
	const accounts = flattenAccounts(post);
	return {
		id: postIdOf(post),
		status: scheduling.status ?? null,
		text: content.text ?? null,
		accounts,
		scheduled_at: scheduling.scheduled_at ?? null,
		published_at: scheduling.published_at ?? null,
		timezone: scheduling.timezone ?? null,
		approval_status: approval.status ?? null,
	};
}

export const list: ListOutput = { simplify: simplifyPost, defaultOutput: 'simplified' };

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const checks = new InputChecks(this, itemIndex);
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	// Dates are days in the workspace's zone: every filter is checked first (in a stand-in zone
	// when the option is empty), and the workspace's zone is read only when a date is given.
	const queryIn = (zone: string) => readFields(checks, postFilters, filters, zone);
	const chosen = readField(checks, timezone, options.timezone, 'UTC') as string | undefined;
	const checked = queryIn(chosen ?? 'UTC');
	const workspaceId = workspaceIdOf(this, itemIndex);
	const qs =
		checked.date_from || checked.date_to
			? queryIn((await resolveTimezone(this, chosen, workspaceId, itemIndex)).zone)
			: checked;
	if (qs.date_from && qs.date_to && String(qs.date_from) > String(qs.date_to)) {
		checks.fail('Date From', `(${String(qs.date_from)}) is after Date To (${String(qs.date_to)})`);
	}
	const posts = await getManyInWorkspace.call(this, itemIndex, 'posts', qs);
	return posts;
}
