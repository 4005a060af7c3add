import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { workspaceLocator } from '../../shared/locators';
import { InputChecks } from './checks';
import type { Field, FieldUi } from './field';
import { readField, readFields } from './field';

/** Fields most operations share: the workspace, a post, and Get Many's Return All / Limit. */

/** An ID of the request's path, so always needed and never sent in a body. */
function pathId(name: string, label: string, ui: FieldUi): Field {
	return { name, label, path: '', kind: 'id', required: true, inPath: true, ui };
}

export const workspace = pathId('workspaceId', 'Workspace', {
	locator: 'workspace',
	description: String(workspaceLocator.description),
});

export const postId = pathId('postId', 'Post ID', {
	description: 'ID of the post, as Post > Create and Post > Get Many return it',
	placeholder: 'e.g. 6650a1b2c3d4e5f6a7b8c9d0',
});

export const returnAll: Field = {
	name: 'returnAll',
	label: 'Return All',
	path: '',
	kind: 'boolean',
	ui: { description: 'Whether to return all results or only up to a given limit' },
};

export const limit: Field = {
	name: 'limit',
	label: 'Limit',
	path: '',
	kind: 'count',
	required: true,
	ui: { description: 'Max number of results to return', show: { returnAll: [false] } },
};

/** The node parameters named by `fields`, as they came out of their expressions ('' when absent: not set). */
export function paramsOf(ctx: IExecuteFunctions, itemIndex: number, fields: Field[]): IDataObject {
	return Object.fromEntries(
		fields.map((field) => [field.name, ctx.getNodeParameter(field.name, itemIndex, '')]),
	);
}

/** One top-level parameter, checked against its row; undefined when not set. */
export function param(
	ctx: IExecuteFunctions,
	itemIndex: number,
	field: Field,
	zone = ctx.getTimezone(),
): unknown {
	const value = ctx.getNodeParameter(field.name, itemIndex, '');
	return readField(new InputChecks(ctx, itemIndex), field, value, zone);
}

/** The chosen workspace's ID, checked before anything workspace-scoped is sent. */
export const workspaceIdOf = (ctx: IExecuteFunctions, itemIndex: number): string =>
	param(ctx, itemIndex, workspace) as string;

/** The path of an operation on one post: its workspace and its ID, both checked. */
export const postParams = (ctx: IExecuteFunctions, itemIndex: number) => ({
	workspaceId: workspaceIdOf(ctx, itemIndex),
	postId: param(ctx, itemIndex, postId) as string,
});

/** Top-level parameters read into a body (or a query), each checked against its row. */
export function bodyOf(
	ctx: IExecuteFunctions,
	itemIndex: number,
	fields: Field[],
	zone = ctx.getTimezone(),
): IDataObject {
	const checks = new InputChecks(ctx, itemIndex);
	return readFields(checks, fields, paramsOf(ctx, itemIndex, fields), zone);
}

/** Return All / Limit: undefined for all, else a whole number of at least 1. */
export function limitOf(ctx: IExecuteFunctions, itemIndex: number): number | undefined {
	if (param(ctx, itemIndex, returnAll) === true) return undefined;
	return param(ctx, itemIndex, limit) as number;
}
