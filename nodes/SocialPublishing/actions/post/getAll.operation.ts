import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { workspaceIdOf } from '../../fields/common';
import { readField, readFields } from '../../fields/field';
import { InputChecks } from '../../fields/checks';
import { postFilters } from '../../fields/listQuery';
import { timezone } from '../../fields/post';
import { flattenAccounts } from '../../../shared/accounts';
import { idOf } from '../../../shared/ids';
import { optionsOf } from '../../../shared/options';
import { resolveTimezone } from '../../helpers/workspaceZone';
import { getMany } from '../getMany';
import { asObject } from '../../../shared/records';

/** The fields people use, flattened: accounts as one list, times and approval status at the top. */
function simplifyPost(post: IDataObject): IDataObject {
	const [content, scheduling, approval] = [post.content, post.scheduling, post.approval].map(
		asObject,
	);
	return {
		id: idOf(post),
		status: scheduling.status ?? null,
		text: content.text ?? null,
		accounts: flattenAccounts(post),
		scheduled_at: scheduling.scheduled_at ?? null,
		published_at: scheduling.published_at ?? null,
		timezone: scheduling.timezone ?? null,
		approval_status: approval.status ?? null,
	};
}

/** Post's query: its dates need the workspace's zone, so the rows alone do not make it. */
async function query(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const checks = new InputChecks(this, itemIndex);
	const filters = asObject(this.getNodeParameter('filters', itemIndex, {}));
	const options = optionsOf(this, itemIndex);
	// Dates are days in the workspace's zone: every filter is checked first (in a stand-in zone
	// when the option is empty), and the workspace's zone is read only when a date is given.
	const queryIn = (zone: string) => readFields(checks, postFilters, filters, zone);
	const chosen = readField(checks, timezone, options.timezone, 'UTC') as string | undefined;
	const checked = queryIn(chosen ?? 'UTC');
	const zoneOf = async () =>
		(await resolveTimezone(this, chosen, workspaceIdOf(this, itemIndex), itemIndex)).zone;
	const qs = checked.date_from || checked.date_to ? queryIn(await zoneOf()) : checked;
	if (qs.date_from && qs.date_to && String(qs.date_from) > String(qs.date_to))
		checks.fail('Date From', `(${String(qs.date_from)}) is after Date To (${String(qs.date_to)})`);
	return qs;
}

export const { description, plan } = getMany({
	endpoint: 'posts',
	filters: postFilters,
	options: [timezone],
	query,
	simplify: simplifyPost,
	defaultOutput: 'simplified',
});
