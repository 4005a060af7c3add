import type { IDataObject, IDisplayOptions } from 'n8n-workflow';

import { isZone, placeIn, readTime } from '../../shared/time';
import type { InputChecks } from './checks';
import { asObject, isPlainObject } from '../../shared/records';

/**
 * What a value must be:
 * - `text`: a string, length counted in code points; sent as given (blank means not set);
 * - `id`: text or a whole number (sent as its decimal string), trimmed, never blank; in a path
 *   (`inPath`) never `/`, `?` or `#`;
 * - `ids`, `texts`, `urls`, `enums`, `media`: lists, given as an array or comma-separated text;
 *   a `media` entry is an http(s) URL or a media library ID;
 * - `url`: an absolute http(s) URL; `enum`: one of `values`; `boolean`: true or false;
 * - `date`: a calendar day in the zone of the times sent; `time`: a date-time, an instant or a
 *   wall-clock time (placed in a zone by its operation); `zone`: an IANA time zone name;
 * - `count`: a whole number of at least `min` (1 when not given), e.g. Limit.
 */
export type Kind = ListKind | 'text' | 'id' | 'url' | 'enum' | 'boolean' | TimeKind | 'count';
type ListKind = 'ids' | 'texts' | 'urls' | 'enums' | 'media';
type TimeKind = 'date' | 'time' | 'zone';

/** One body or query field of the API: where it goes, what it must be, and how the editor shows it. */
export interface Field {
	/** The node parameter (inside its collection). */
	name: string;
	/** The field in the UI's words; errors name it so. */
	label: string;
	/** Where the value goes, dotted (e.g. `youtube_options.category`), when not at its name; '' for a value the node uses itself. */
	path?: string;
	kind: Kind;
	values?: readonly string[];
	/** Editor names of enum values, when title case does not read well. */
	valueNames?: Record<string, string>;
	valueDescriptions?: Record<string, string>;
	/** Length in characters for text and IDs; number of entries for lists. */
	min?: number;
	max?: number;
	/** An ID that goes into the request's path (workspace, post), so never `/`, `?` or `#`. */
	inPath?: boolean;
	/** Length of each entry of a `texts` list, and what an entry is called in errors. */
	entryMax?: number;
	entryNoun?: string;
	required?: boolean;
	/** Only where the description says "or null": null means not set. */
	nullable?: boolean;
	/** A list sent as one text, its entries joined by this (e.g. `platform=a,b`). */
	join?: string;
	/** Sent when the user leaves the field out (e.g. approve_option, which the API needs). */
	fallback?: string;
	/** Applied to text after the type check, before the limits (e.g. drop a leading @). */
	normalize?: (value: string) => string;
	/** The editor's words and shape; `description` gets the limits appended. */
	ui: FieldUi;
}

export interface FieldUi {
	description: string;
	displayName?: string;
	default?: string | boolean | string[];
	placeholder?: string;
	rows?: number;
	password?: boolean;
	hint?: string;
	/** A multi-select (or, for one ID, an options list) filled by this loadOptions method. */
	loadOptions?: string;
	loadOptionsDependsOn?: string[];
	/** A single ID chosen in a searchable list (fields/ui.ts `locators`). */
	locator?: 'workspace' | 'account' | 'campaign' | 'contentCategory';
	/** A list field typed as repeated single values rather than comma-separated text. */
	multipleValues?: string;
	/** Shown only while other parameters hold these values. */
	show?: IDisplayOptions['show'];
}

/** A group of fields sent as one object: a platform's options, the approval, a thread item. */
export interface Group {
	name: string;
	label: string;
	/** Where the object goes, dotted; '' when its fields sit at the top of the body. */
	path: string;
	fields: Field[];
	/** How the editor stores it: a collection holds the values itself, a fixed collection under `values`. */
	shape: 'collection' | 'fixedCollection' | 'list';
	/** For `list`: the most items. */
	max?: number;
	/** Sent with the object whenever it is (e.g. `has_threaded_tweets: true`). */
	constant?: IDataObject;
	/** A rule across the fields of one object; returns the problem, or undefined. */
	rule?: (value: IDataObject) => string | undefined;
	ui: { description: string; itemName?: string; addButton?: string };
}

export const LIST_KINDS: readonly Kind[] = ['ids', 'texts', 'urls', 'enums', 'media'];

/** A true/false field, sent at `path` (at its name when not given). */
export function flag(name: string, label: string, description: string, path?: string): Field {
	return { name, label, path, kind: 'boolean', ui: { description } };
}

/** A calendar day: every date is read in the Timezone option's zone, and says so. */
export function day(name: string, label: string, what: string, path?: string): Field {
	const description = `${what}, in the Timezone option's zone`;
	return { name, label, path, kind: 'date', ui: { description } };
}

/** What was given, for an error message: the value, shortened, with its type where it is not text. */
export function given(value: unknown): string {
	const json = (v: unknown) => {
		const text = JSON.stringify(v) ?? String(v);
		return text.length > 60 ? `${text.slice(0, 57)}...` : text;
	};
	if (value === null) return 'null';
	if (value === undefined) return 'undefined';
	if (Array.isArray(value)) return `a list (${json(value)})`;
	if (typeof value === 'object') return `an object (${json(value)})`;
	if (typeof value === 'number') return `the number ${value}`;
	if (typeof value === 'boolean') return `${value}`;
	return json(value);
}

const isLocator = (value: unknown): value is { value: unknown } => asObject(value).__rl === true;

const isBlank = (value: unknown) => typeof value === 'string' && value.trim() === '';

/** One ID: text or a whole number, trimmed, never blank; in a path, never a character that changes it. */
function readId(checks: InputChecks, label: string, value: unknown, inPath = false): string {
	const isWhole = typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
	if (typeof value !== 'string' && !isWhole)
		return checks.fail(
			label,
			`needs an ID (text or a whole number), but was given ${given(value)}`,
		);
	const id = String(value).trim();
	if (id === '') checks.fail(label, 'is blank; it needs an ID');
	// Account IDs may hold a slash (Google Business Profile `locations/...`); a path segment may not.
	const bad = inPath && ['/', '?', '#'].find((character) => id.includes(character));
	if (bad) checks.fail(label, `"${id}" contains "${bad}"; an ID never contains "/", "?" or "#"`);
	return id;
}

/** A list: an array, or text separated by commas or new lines (blank entries dropped). */
export function listOf(value: unknown): unknown[] | undefined {
	if (typeof value === 'string') return value.split(/[,\n]/).filter((entry) => entry.trim() !== '');
	return Array.isArray(value) ? value.flat() : undefined;
}

function readText(checks: InputChecks, field: Field, label: string, value: unknown): string {
	if (typeof value !== 'string')
		return checks.fail(label, `needs text, but was given ${given(value)}`);
	const text = field.normalize ? field.normalize(value) : value;
	if (field.max !== undefined) checks.maxLength(label, text, field.max);
	if (field.min !== undefined) checks.minLength(label, text, field.min);
	return text;
}

function readEnum(checks: InputChecks, label: string, value: unknown, values: readonly string[]) {
	if (typeof value !== 'string' || !values.includes(value)) {
		const allowed = values.map((each) => `"${each}"`).join(', ');
		checks.fail(label, `${given(value)} is not one of ${allowed}`);
	}
	return value;
}

function readEntry(checks: InputChecks, field: Field, label: string, value: unknown): unknown {
	switch (field.kind) {
		case 'id':
		case 'ids':
			return readId(checks, label, value, field.inPath);
		case 'media':
			if (typeof value === 'string' && value.includes('://')) {
				checks.url(label, value.trim());
				return value.trim();
			}
			return readId(checks, label, value);
		case 'url':
		case 'urls': {
			if (typeof value !== 'string')
				checks.fail(label, `needs a URL, but was given ${given(value)}`);
			const url = value.trim();
			checks.url(label, url);
			return url;
		}
		case 'enum':
		case 'enums':
			return readEnum(checks, label, value, field.values ?? []);
		case 'texts': {
			if (typeof value !== 'string')
				checks.fail(label, `needs text, but was given ${given(value)}`);
			const text = value.trim();
			if (field.entryMax !== undefined) checks.maxLength(label, text, field.entryMax);
			return text;
		}
		default:
			return readText(checks, field, label, value);
	}
}

/**
 * One field's value, checked, in the form the API takes; undefined when it is not set (and
 * then not sent). An item with a wrong value fails here, before any request.
 */
export function readField(
	checks: InputChecks,
	field: Field,
	value: unknown,
	zone: string,
	label = field.label,
): unknown {
	// A resource locator holds the chosen or typed ID (or the expression's result) in `value`.
	if (field.ui.locator && isLocator(value)) value = value.value;
	if (value === undefined && field.fallback !== undefined) value = field.fallback;
	const isList = LIST_KINDS.includes(field.kind);
	const unset =
		value === undefined ||
		value === '' ||
		(['text', 'time', 'zone'].includes(field.kind) && isBlank(value)) ||
		(value === null && field.nullable) ||
		(isList && Array.isArray(value) && value.length === 0);
	if (unset || (field.required && isBlank(value))) {
		if (field.required) checks.fail(label, 'is required');
		return undefined;
	}
	if (isBlank(value) && field.kind !== 'text')
		checks.fail(label, 'is blank; give a value or leave it empty');
	if (isList) {
		const entries =
			listOf(value) ??
			checks.fail(
				label,
				`needs a list, or entries separated by commas, but was given ${given(value)}`,
			);
		if (field.max !== undefined) checks.maxItems(label, entries, field.max);
		// Errors quote the entry; where entries are alike (tags), they also say which one.
		const noun = field.entryNoun;
		const list = entries.map((entry, index) =>
			readEntry(checks, field, noun ? `${label} (${noun} ${index + 1})` : label, entry),
		);
		if (field.required && list.length === 0) checks.fail(label, 'is required');
		if (list.length === 0) return undefined;
		return field.join !== undefined ? list.join(field.join) : list;
	}
	switch (field.kind) {
		case 'boolean':
			if (value === true || value === 'true') return true;
			if (value === false || value === 'false') return false;
			return checks.fail(label, `${given(value)} is not one of true, false`);
		case 'count': {
			const least = field.min ?? 1;
			const number = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
			if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < least)
				checks.fail(
					label,
					`needs a whole number of at least ${least}, but was given ${given(value)}`,
				);
			return number;
		}
		case 'date':
		case 'time': {
			// ISO 8601, `YYYY-MM-DD HH:MM:SS`, a Date or a DateTime; a date is a day in `zone`.
			const time = readTime(value);
			if (time) return field.kind === 'time' ? time : placeIn(time, zone).wall.slice(0, 10);
			return checks.fail(
				label,
				typeof value === 'string'
					? `"${value}" is not a date-time; use ISO 8601 such as 2026-05-04T09:30:00 or 2026-05-04T09:30:00+02:00`
					: `needs a ${field.kind === 'date' ? 'date' : 'date-time'}, but was given ${given(value)}`,
			);
		}
		case 'zone':
			if (typeof value !== 'string' || !isZone(value.trim()))
				checks.fail(
					label,
					`${typeof value === 'string' ? `"${value.trim()}"` : given(value)} is not an IANA time zone name such as Europe/Berlin or America/New_York`,
				);
			return value.trim();
		default: {
			const result = readEntry(checks, field, label, value);
			if (result === '' && field.required) checks.fail(label, 'is required');
			return result === '' ? undefined : result;
		}
	}
}

export const pathOf = (field: Field) => field.path ?? field.name;

/** Sets `value` at a dotted path of `target`, making the objects on the way. */
export function setPath(target: IDataObject, path: string, value: unknown): void {
	const keys = path.split('.');
	let node = target;
	for (const key of keys.slice(0, -1)) node = node[key] = asObject(node[key]);
	Object.assign(node, { [keys[keys.length - 1]]: value });
}

/** A group's object as the editor stores it, or undefined when the user did not add it. */
function groupEntries(
	checks: InputChecks,
	group: Group,
	value: unknown,
): IDataObject[] | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	if (!isPlainObject(value))
		return checks.fail(group.label, `needs its fields, but was given ${given(value)}`);
	if (group.shape === 'collection') return Object.keys(value).length > 0 ? [value] : undefined;
	const inner = group.shape === 'list' ? value.items : value.values;
	if (inner === undefined) return undefined;
	if (group.shape === 'fixedCollection') return [inner as IDataObject];
	if (!Array.isArray(inner))
		return checks.fail(group.label, `needs a list of items, but was given ${given(inner)}`);
	if (group.max !== undefined) checks.maxItems(group.label, inner, group.max);
	return inner.length > 0 ? (inner as IDataObject[]) : undefined;
}

/** Reads `fields` from `source` into `body`, each at its path; only what is set. */
export function readFields(
	checks: InputChecks,
	fields: Field[],
	source: IDataObject,
	zone: string,
	body: IDataObject = {},
	prefix = '',
): IDataObject {
	for (const field of fields) {
		const value = readField(checks, field, source[field.name], zone, `${prefix}${field.label}`);
		if (value !== undefined && pathOf(field) !== '') setPath(body, pathOf(field), value);
	}
	return body;
}

/** Reads a group into `body`: its object (a list of objects for a thread), checked, at its path. */
export function readGroup(
	checks: InputChecks,
	group: Group,
	value: unknown,
	zone: string,
	body: IDataObject,
): void {
	const entries = groupEntries(checks, group, value);
	if (!entries) return;
	const objects = entries.map((entry, index) => {
		const item = `${group.label} item ${index + 1}`;
		if (entry === null || typeof entry !== 'object' || Array.isArray(entry))
			return checks.fail(item, `needs its fields, but was given ${given(entry)}`);
		const label = group.shape === 'list' ? item : group.label;
		const object = readFields(checks, group.fields, entry, zone, {}, `${label} `);
		const problem = group.rule?.(object);
		if (problem) checks.fail(label, problem);
		return object;
	});
	if (group.shape !== 'list' && Object.keys(objects[0]).length === 0) return;
	setPath(body, group.path, group.shape === 'list' ? objects : objects[0]);
	for (const [key, constant] of Object.entries(group.constant ?? {})) setPath(body, key, constant);
}
