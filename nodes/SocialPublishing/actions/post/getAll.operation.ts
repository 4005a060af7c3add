import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import {
	filtersCollection,
	nodeOptions,
	returnAllOrLimit,
	toOptions,
	workspaceLocator,
} from '../../descriptions/common';
import { workspaceMultiSelect } from '../../descriptions/multiSelect';
import { InputChecks } from '../../helpers/checks';
import { flattenAccounts } from '../../../shared/accounts';
import { postIdOf } from '../../../shared/ids';
import { resolveTimezone, toDate, ZONE_FOR_CHECKS, zoneOption } from '../../helpers/schedule';
import { toList } from '../../helpers/values';
import { getManyInWorkspace, workspaceIdOf } from '../../helpers/workspaceLists';
import { POST_FILTER_STATUSES } from '../../../shared/limits';
import { timezoneOption } from './timezone';

const properties: INodeProperties[] = [
	workspaceLocator,
	...returnAllOrLimit(),
	filtersCollection(
		workspaceMultiSelect(
			{
				displayName: 'Approval Assigned To Names or IDs',
				name: 'approvalAssignedTo',
				description: 'Only posts these team members are approvers of (approval_assigned_to[]).',
			},
			'getTeamMembers',
		),
		workspaceMultiSelect(
			{
				displayName: 'Approval Requested By Names or IDs',
				name: 'approvalRequestedBy',
				description:
					'Only posts whose approval these team members requested (approval_requested_by[]).',
			},
			'getTeamMembers',
		),
		{
			displayName: 'Date From',
			name: 'dateFrom',
			type: 'dateTime',
			default: '',
			description: 'Only posts on or after this day (date_from, a date in the Timezone option)',
		},
		{
			displayName: 'Date To',
			name: 'dateTo',
			type: 'dateTime',
			default: '',
			description: 'Only posts on or before this day (date_to, a date in the Timezone option)',
		},
		{
			displayName: 'Statuses',
			name: 'statuses',
			type: 'multiOptions',
			options: toOptions(POST_FILTER_STATUSES),
			default: [],
			description:
				'Only posts in one of these states (status[]), e.g. Under Review for posts awaiting approval',
		},
	),
	{
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: true,
		description:
			'Whether to return only the post ID, status, text, accounts, scheduled and published time and approval status instead of the full post',
	},
	nodeOptions(timezoneOption),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['post'], operation: ['getAll'] } },
	properties,
);

/** The fields people use, flattened: accounts as one list, times and approval status at the top. */
function simplify(post: IDataObject): IDataObject {
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

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const checks = new InputChecks(this, itemIndex);
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const statuses = toList(filters.statuses);
	for (const status of statuses) checks.oneOf('Statuses', status, POST_FILTER_STATUSES);
	const qs: IDataObject = {};
	if (statuses.length > 0) qs.status = statuses;
	// Dates are days in the workspace's zone, read only when a date is given, and only once
	// the dates are known to be dates.
	const datesIn = (zone: string) => ({
		dateFrom: toDate(checks, 'Date From', filters.dateFrom, zone),
		dateTo: toDate(checks, 'Date To', filters.dateTo, zone),
	});
	const given = datesIn(zoneOption(checks, options.timezone) ?? ZONE_FOR_CHECKS);
	const workspaceId = workspaceIdOf(this, itemIndex);
	const { dateFrom, dateTo } =
		given.dateFrom || given.dateTo
			? datesIn(
					(await resolveTimezone(this, checks, options.timezone, workspaceId, itemIndex)).zone,
				)
			: given;
	if (dateFrom && dateTo && dateFrom > dateTo)
		checks.fail('Date From', `(${dateFrom}) is after Date To (${dateTo})`);
	if (dateFrom) qs.date_from = dateFrom;
	if (dateTo) qs.date_to = dateTo;
	const assignedTo = toList(filters.approvalAssignedTo);
	if (assignedTo.length > 0) qs.approval_assigned_to = assignedTo;
	const requestedBy = toList(filters.approvalRequestedBy);
	if (requestedBy.length > 0) qs.approval_requested_by = requestedBy;

	const posts = await getManyInWorkspace.call(this, itemIndex, 'posts', qs);
	return this.getNodeParameter('simplify', itemIndex, true) ? posts.map(simplify) : posts;
}
