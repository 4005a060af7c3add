import type { IDataObject } from 'n8n-workflow';

/** A field that should hold an object, or an empty one when it does not. */
export const asObject = (value: unknown): IDataObject =>
	value !== null && typeof value === 'object' && !Array.isArray(value)
		? (value as IDataObject)
		: {};

/** A field that should hold a list of records, or an empty list when it does not. */
export const asList = (value: unknown): IDataObject[] =>
	Array.isArray(value) ? (value as IDataObject[]) : [];
