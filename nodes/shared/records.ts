import type { IDataObject } from 'n8n-workflow';

/** Whether a value is a JSON object: not null, not a list, not a file's bytes. */
export const isPlainObject = (value: unknown): value is IDataObject =>
	value !== null && typeof value === 'object' && !Array.isArray(value) && !Buffer.isBuffer(value);

/** A field that should hold an object, or an empty one when it does not. */
export const asObject = (value: unknown): IDataObject => (isPlainObject(value) ? value : {});

/** A field that should hold a list of records, or an empty list when it does not. */
export const asList = (value: unknown): IDataObject[] => (Array.isArray(value) ? value : []);
