import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { collection, nodeOptions, optionsOf } from '../../shared/options';
import { userIdOf } from '../../shared/ids';
import { getList } from '../../shared/api';
import type { PathParams, ReadName, ShortList } from '../../shared/api';
import {
	bodyOf,
	limit,
	limitOf,
	param,
	returnAll,
	workspace,
	workspaceIdOf,
} from '../fields/common';
import type { Field } from '../fields/field';
import { readFields } from '../fields/field';
import { librarySearch } from '../fields/listQuery';
import { property } from '../fields/ui';
import { InputChecks } from '../fields/checks';
import { outputProperties, outputShaper } from '../helpers/output';
import type { ListOutput } from '../helpers/output';
import type { Operation, Plan } from './resource';
import { asObject } from '../../shared/records';

/** One Get Many: the list it reads and the rows its editor shows, in the editor's order. */
type GetManyList = ListOutput & {
	/** Top-level rows after the workspace: a search (sent), or the post the list is of (its path). */
	fields?: Field[];
	filters?: Field[];
	/** Rows of the Options collection: sent in the query (Media's sort), or read by `query` (Post's Timezone). */
	options?: Field[];
	/** The query, where a filter needs more than its row (Post's dates are days in a zone). */
	query?: (this: IExecuteFunctions, itemIndex: number) => Promise<IDataObject>;
} & (
		| /** A list of the chosen workspace: shown with the workspace, Return All and Limit. */
		{ endpoint: ReadName }
		/** A list outside any workspace (workspaces, text backgrounds), read whole. */
		| { read: (ctx: IExecuteFunctions, itemIndex: number) => Promise<IDataObject[]> }
	);

/** The query from the rows: top-level fields not in the path, then Filters and Options. */
function queryOf(ctx: IExecuteFunctions, itemIndex: number, list: GetManyList): IDataObject {
	const checks = new InputChecks(ctx, itemIndex);
	const top = (list.fields ?? []).filter((field) => !field.inPath);
	const qs = bodyOf(ctx, itemIndex, top);
	const filters = asObject(ctx.getNodeParameter('filters', itemIndex, {}));
	if (list.filters) readFields(checks, list.filters, filters, '', qs);
	if (list.options) readFields(checks, list.options, optionsOf(ctx, itemIndex), '', qs);
	return qs;
}

/** Every Get Many of the node, built from its list's description. */
export function getMany(list: GetManyList): Operation {
	const { fields = [], filters, options = [] } = list;
	const description = [
		...('endpoint' in list ? [workspace, ...fields, returnAll, limit].map(property) : []),
		// The Filters collection: each filter narrows the list on the service.
		...(filters ? [collection('Filters', 'filters', 'Add Filter', filters.map(property))] : []),
		...outputProperties(list.defaultOutput),
		nodeOptions(...options.map(property)),
	];
	async function plan(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
		const shape = outputShaper(this, itemIndex, list);
		if ('read' in list) return { send: async () => (await list.read(this, itemIndex)).map(shape) };
		// A row `inPath` names a part of the request's path (the post of a comment list).
		const params = Object.fromEntries(
			fields
				.filter((field) => field.inPath)
				.map((field) => [field.name, param(this, itemIndex, field)]),
		);
		const qs = list.query ? await list.query.call(this, itemIndex) : queryOf(this, itemIndex, list);
		const where = { ...params, workspaceId: workspaceIdOf(this, itemIndex) };
		const call = { qs, itemIndex, limit: limitOf(this, itemIndex) };
		return { send: async () => await readWorkspaceList(this, list.endpoint, where, call, shape) };
	}
	return { description, plan };
}

/**
 * One of the workspace's lists, shaped. A Return All that stays short of the list's `total`
 * returns what it read, never in silence: a warning in the output pane, and `list_incomplete`
 * (read, total, message) on each record, for workflows and agents, which see no hints.
 */
async function readWorkspaceList(
	ctx: IExecuteFunctions,
	endpoint: ReadName,
	params: PathParams,
	options: { qs: IDataObject; itemIndex: number; limit?: number },
	shape: (record: IDataObject) => IDataObject,
): Promise<IDataObject[]> {
	let incomplete: ShortList | undefined;
	const records = await getList.call(ctx, endpoint, params, {
		...options,
		short: (list) => {
			incomplete = list;
			const message = `Item ${options.itemIndex}: ${list.message}`;
			ctx.addExecutionHints({ message, type: 'warning', location: 'outputPane' });
		},
	});
	const note = incomplete && { list_incomplete: { ...incomplete } };
	return note ? records.map((record) => ({ ...shape(record), ...note })) : records.map(shape);
}

/** A library record's identity: by user ID for team members (approvers take user IDs), else by ID. */
const simplifyLibraryRecord = (record: IDataObject): IDataObject => ({
	id: userIdOf(record),
	name: record.name ?? null,
	...(record.email !== undefined ? { email: record.email, role: record.role ?? null } : {}),
});

/** Get Many for a library list searched by name (labels, campaigns, content categories, team members). */
export function libraryGetMany(
	endpoint: ReadName,
	searchDescription: string,
	searchPlaceholder: string,
): Operation {
	return getMany({
		endpoint,
		fields: [librarySearch(searchDescription, searchPlaceholder)],
		simplify: simplifyLibraryRecord,
	});
}
