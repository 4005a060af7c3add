// The cases every row of the field table is run with: valid values at its limits, one past them,
// and each wrong type given by expression. Expected messages are written out here in full.
import { limitOf } from './description-limits.cts';
import type { Field, Site } from './sites.cts';

export type Outcome =
	| { error: string }
	| { sent: unknown }
	| { notSent: true }
	/** An ID given as a number goes out as its decimal text, here in the request's path. */
	| { pathHas: string };

export interface Case {
	name: string;
	value: unknown;
	outcome: Outcome;
}

/** Exactly `length` code points of emoji, combining marks and right-to-left script, no edge spaces. */
export function worldText(length: number): string {
	const pieces = ['😀', 'e\u0301', 'שלום', ' ', 'مرحبا', '👩🏽‍💻', 'x'];
	const points: string[] = [];
	while (points.length < length) points.push(...[...pieces.join('')]);
	const text = points.slice(0, length);
	// Keep the text free of edge spaces and of a leading @, which some fields drop.
	if (text[0] === ' ') text[0] = 'x';
	if (text[length - 1] === ' ') text[length - 1] = 'x';
	return text.join('');
}

const WRONG = {
	null: '={{ null }}',
	object: '={{ ({ "a": 1 }) }}',
	array: '={{ ["a", "b"] }}',
	number: '={{ 42 }}',
	empty: '={{ "" }}',
	whitespace: '={{ "   " }}',
	unknown: '={{ "foo" }}',
	'a list with null in it': '={{ [null] }}',
} as const;
type Wrong = keyof typeof WRONG;

const GIVEN: Record<Exclude<Wrong, 'empty' | 'whitespace' | 'a list with null in it'>, string> = {
	null: 'null',
	object: 'an object ({"a":1})',
	array: 'a list (["a","b"])',
	number: 'the number 42',
	unknown: '"foo"',
};

const LIST_KINDS = ['ids', 'texts', 'urls', 'enums', 'media'];
const quoted = (values: readonly string[] = []) => values.map((value) => `"${value}"`).join(', ');

/** What each wrong value does to a field of this kind. */
function wrongOutcome(site: Site, wrong: Wrong): Outcome | undefined {
	const { field, label } = site;
	const fail = (problem: string): Outcome => ({ error: `${label}: ${problem}` });
	const unset: Outcome = field.required ? fail('is required') : { notSent: true };
	if (wrong === 'empty') return unset;
	if (wrong === 'whitespace') {
		if (field.required || field.kind === 'text') return unset;
		return fail('is blank; give a value or leave it empty');
	}
	if (wrong === 'null' && field.nullable) return { notSent: true };
	const isList = LIST_KINDS.includes(field.kind);
	if (wrong === 'a list with null in it') {
		if (!isList) return undefined;
		if (field.entryNoun) {
			return { error: `${label} (${field.entryNoun} 1): needs text, but was given null` };
		}
		if (field.kind === 'enums') return fail(`null is not one of ${quoted(field.values)}`);
		if (field.kind === 'urls') return fail('needs a URL, but was given null');
		if (field.kind === 'texts') return fail('needs text, but was given null');
		return fail('needs an ID (text or a whole number), but was given null');
	}
	const given = GIVEN[wrong];
	if (isList) {
		if (wrong === 'unknown') {
			return field.kind === 'enums'
				? fail(`"foo" is not one of ${quoted(field.values)}`)
				: undefined;
		}
		if (wrong !== 'array') {
			return fail(`needs a list, or entries separated by commas, but was given ${given}`);
		}
		if (field.kind === 'enums') return fail(`"a" is not one of ${quoted(field.values)}`);
		if (field.kind === 'urls') {
			return fail('"a" is not a URL; use a full address such as https://example.com/image.png');
		}
		return { sent: ['a', 'b'] };
	}
	switch (field.kind) {
		case 'enum':
			return fail(`${given} is not one of ${quoted(field.values)}`);
		case 'boolean':
			return fail(`${given} is not one of true, false`);
		case 'id':
			if (wrong === 'unknown') return undefined;
			if (wrong === 'number')
				return site.path.includes('/42') ? { pathHas: '/42' } : { sent: '42' };
			return fail(`needs an ID (text or a whole number), but was given ${given}`);
		case 'url':
			if (wrong === 'unknown') {
				return fail('"foo" is not a URL; use a full address such as https://example.com/image.png');
			}
			return fail(`needs a URL, but was given ${given}`);
		case 'date':
			if (wrong === 'unknown') {
				return fail(
					'"foo" is not a date-time; use ISO 8601 such as 2026-05-04T09:30:00 or 2026-05-04T09:30:00+02:00',
				);
			}
			return fail(`needs a date, but was given ${given}`);
		default:
			if (wrong === 'unknown') return undefined;
			return fail(`needs text, but was given ${given}`);
	}
}

/** A list of `count` valid entries of the row's kind. */
function entries(field: Field, count: number): string[] {
	return Array.from({ length: count }, (_, n) =>
		field.kind === 'urls' || field.kind === 'media' ? `https://example.com/${n}.png` : `id-${n}`,
	);
}

/** Cases at the description's limits of the row (description-limits.cts), never the table's. */
function limitCases(site: Site): Case[] {
	const { field, label } = site;
	const { min, max, entryMax } = limitOf(site.operation, label);
	const fail = (problem: string): Outcome => ({ error: `${label}: ${problem}` });
	const cases: Case[] = [];
	if (field.kind === 'text' && max !== undefined) {
		const text = worldText(max);
		cases.push({
			name: `${max} characters of emoji, marks and RTL`,
			value: text,
			outcome: { sent: text },
		});
		cases.push({
			name: `${max + 1} characters`,
			value: worldText(max + 1),
			outcome: fail(`is ${max + 1} characters long; the limit is ${max}`),
		});
	}
	if (field.kind === 'text' && min !== undefined) {
		const text = worldText(min);
		cases.push({ name: `${min} characters`, value: text, outcome: { sent: text } });
		cases.push({
			name: `${min - 1} characters`,
			value: worldText(min - 1),
			outcome: fail(`is ${min - 1} characters long; it needs at least ${min}`),
		});
	}
	if (LIST_KINDS.includes(field.kind) && max !== undefined) {
		const list = entries(field, max);
		cases.push({ name: `${max} entries`, value: list, outcome: { sent: list } });
		cases.push({
			name: `${max + 1} entries`,
			value: entries(field, max + 1),
			outcome: fail(`has ${max + 1} entries; the limit is ${max}`),
		});
	}
	if (entryMax !== undefined) {
		const entry = worldText(entryMax);
		cases.push({
			name: `an entry of ${entryMax} characters`,
			value: [entry],
			outcome: { sent: [entry] },
		});
		cases.push({
			name: `an entry of ${entryMax + 1} characters`,
			value: [worldText(entryMax + 1)],
			outcome: {
				error: `${label} (${field.entryNoun} 1): is ${entryMax + 1} characters long; the limit is ${entryMax}`,
			},
		});
	}
	return cases;
}

/** Every case of one row, with per-site corrections where a rule across fields decides first. */
export function casesOf(
	site: Site,
	overrides: Partial<Record<Wrong | 'valid', Outcome>> = {},
): Case[] {
	const valid: Case = {
		name: 'a valid value',
		value: site.valid,
		outcome: overrides.valid ?? { sent: site.valid },
	};
	const wrong = (Object.keys(WRONG) as Wrong[]).flatMap((name): Case[] => {
		const outcome = overrides[name] ?? wrongOutcome(site, name);
		return outcome ? [{ name: `${name} by expression`, value: WRONG[name], outcome }] : [];
	});
	return [valid, ...limitCases(site), ...wrong];
}
