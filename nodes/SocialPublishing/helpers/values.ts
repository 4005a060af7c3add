import type { IDataObject } from 'n8n-workflow';

/**
 * A list field's values: an array from a multi-select or an expression, or a comma- or
 * line-separated string typed by hand. Blank entries are dropped.
 */
export function toList(value: unknown): string[] {
	const entries = Array.isArray(value)
		? value.flat()
		: typeof value === 'string'
			? value.split(/[,\n]/)
			: [];
	return entries
		.filter((entry) => entry !== undefined && entry !== null)
		.map((entry) =>
			(typeof entry === 'object'
				? String((entry as IDataObject).value ?? '')
				: String(entry)
			).trim(),
		)
		.filter((entry) => entry !== '');
}
