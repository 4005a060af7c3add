import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { idOf } from '../../shared/ids';
import { InputChecks } from '../fields/checks';
import { isPlainObject } from '../../shared/records';
import { setPath } from '../fields/field';

/**
 * The Output option of list operations (n8n's guideline for tool nodes): Simplified (the fields
 * people and agents use), Raw (the records as the API returns them), or Selected Fields.
 */
export function outputProperties(defaultOutput: 'simplified' | 'raw' = 'raw'): INodeProperties[] {
	return [
		{
			displayName: 'Output',
			name: 'output',
			type: 'options',
			options: [
				{
					name: 'Simplified',
					value: 'simplified',
					description: 'The fields most workflows and AI agents need, flattened',
				},
				{ name: 'Raw', value: 'raw', description: 'Each record exactly as the API returns it' },
				{
					name: 'Selected Fields',
					value: 'selected',
					description: 'Only the fields named in Fields',
				},
			],
			default: defaultOutput,
			description: 'How much of each record to return',
		},
		{
			displayName: 'Fields',
			name: 'fields',
			type: 'string',
			default: '',
			placeholder: 'e.g. content.text, scheduling.status',
			description:
				'Fields of the record as the API returns it, separated by commas; a dot reaches inside an object',
			displayOptions: { show: { output: ['selected'] } },
		},
	];
}

const valueAt = (record: IDataObject, path: string) =>
	path.split('.').reduce<unknown>((at, key) => (isPlainObject(at) ? at[key] : undefined), record);

/** `record` with only the fields at dotted `paths`, nested as in the record; a missing one is null. */
function selected(record: IDataObject, paths: string[]): IDataObject {
	const out: IDataObject = {};
	for (const path of paths) setPath(out, path, valueAt(record, path) ?? null);
	return out;
}

/** How a list operation's records are simplified, and which Output it shows first. */
export interface ListOutput {
	simplify: (record: IDataObject) => IDataObject;
	/** Raw unless said. */
	defaultOutput?: 'simplified';
}

/** Simplifies to these fields (`id` as idOf reads it), null where the record has none. */
export const picking =
	(...keys: string[]) =>
	(record: IDataObject): IDataObject =>
		Object.fromEntries(
			keys.map((key) => [key, key === 'id' ? idOf(record) : (record[key] ?? null)]),
		);

/** Reads the Output option (checked before anything is sent); answers how to shape a record. */
export function outputShaper(
	ctx: IExecuteFunctions,
	itemIndex: number,
	{ simplify, defaultOutput }: ListOutput,
): (record: IDataObject) => IDataObject {
	const checks = new InputChecks(ctx, itemIndex);
	const output = ctx.getNodeParameter('output', itemIndex, defaultOutput ?? 'raw');
	if (output === 'raw') return (record) => record;
	if (output === 'simplified') return simplify;
	if (output !== 'selected')
		checks.fail('Output', `"${String(output)}" is not one of "simplified", "raw", "selected"`);
	const fields = ctx.getNodeParameter('fields', itemIndex, '');
	if (typeof fields !== 'string')
		checks.fail('Fields', 'must be text: field names separated by commas');
	const paths = (fields as string)
		.split(',')
		.map((field) => field.trim())
		.filter((field) => field !== '');
	if (paths.length === 0) checks.fail('Fields', 'is required when Output is "Selected Fields"');
	return (record) => selected(record, paths);
}
