import type { INodeProperties } from 'n8n-workflow';

import { resourceLocator, workspaceLocator } from '../../shared/locators';
import type { LocatorField } from '../../shared/locators';
import type { Field, Group } from './field';
import { LIST_KINDS } from './field';
import { titleCase } from './names';

/** Searchable lists for fields that take one ID; each list method lives in methods/listSearch/. */
const locators = {
	account: (field: LocatorField) => resourceLocator(field, 'searchAccounts', 'e.g. 171639455029'),
	campaign: (field: LocatorField) =>
		resourceLocator(field, 'searchCampaigns', 'e.g. 64f1c2a9e4b0a1b2c3d4e5f6'),
	contentCategory: (field: LocatorField) =>
		resourceLocator(field, 'searchContentCategories', 'e.g. 64f1c2a9e4b0a1b2c3d4e5f6'),
};

/** n8n's wording for a list that also takes IDs by expression (its lint expects it). */
const CHOOSE_OR_EXPRESSION =
	'Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.';

/** The limits a user should know, said once, from the table. */
function limitText(field: Field): string | undefined {
	const isList = LIST_KINDS.includes(field.kind);
	if (field.entryMax !== undefined) return `each at most ${field.entryMax} characters`;
	if (field.min !== undefined && field.max !== undefined)
		return `${field.min} to ${field.max} characters`;
	if (field.max !== undefined) return `at most ${field.max}${isList ? '' : ' characters'}`;
	return undefined;
}

function describe(field: Field): string {
	const limit = limitText(field);
	const text = field.ui.description;
	if (!limit) return text;
	const end = text.endsWith('.') ? '.' : '';
	return `${end ? text.slice(0, -1) : text} (${limit})${end}`;
}

/** n8n's lint asks a list the editor loads to be named "<label> Name or ID" ("Names or IDs"). */
const loadedName = ({ label, kind }: Field) =>
	kind === 'ids' ? `${label.replace(/s$/, '')} Names or IDs` : `${label} Name or ID`;

/** The editor property of one field of the table, shown where its row says. */
export function property(field: Field): INodeProperties {
	const { ui } = field;
	const common = {
		displayName: ui.displayName ?? (ui.loadOptions ? loadedName(field) : field.label),
		name: field.name,
		description: describe(field),
		...(ui.hint ? { hint: ui.hint } : {}),
		...(ui.show ? { displayOptions: { show: ui.show } } : {}),
	};
	const extra: Partial<INodeProperties> = {
		...(field.required ? { required: true } : {}),
		...(ui.placeholder ? { placeholder: ui.placeholder } : {}),
	};
	if (ui.locator === 'workspace') return workspaceLocator;
	if (ui.locator) return locators[ui.locator]({ ...common, required: field.required ?? false });
	// Several IDs from one of the chosen workspace's lists (methods/loadOptions/), reloaded when
	// the workspace (or another field it depends on) changes.
	if (ui.loadOptions && field.kind === 'ids') {
		return {
			...common,
			description: `${common.description} ${CHOOSE_OR_EXPRESSION}`,
			type: 'multiOptions',
			typeOptions: {
				loadOptionsMethod: ui.loadOptions,
				loadOptionsDependsOn: ['workspaceId.value', ...(ui.loadOptionsDependsOn ?? [])],
			},
			default: [],
		};
	}
	return { ...common, ...extra, ...typed(field) };
}

/** The editor type of a field that is neither a locator nor a multi-select to load, and its default. */
function typed(
	field: Field,
): Pick<INodeProperties, 'type' | 'default' | 'options' | 'typeOptions'> {
	const { ui } = field;
	if (ui.loadOptions)
		return { type: 'options', typeOptions: { loadOptionsMethod: ui.loadOptions }, default: '' };
	const values = field.values ?? [];
	// Options lists come from the limits table, so the UI and the checks share one source.
	const options = values.map((value) => {
		const description = field.valueDescriptions?.[value];
		const name = field.valueNames?.[value] ?? titleCase(value);
		return description ? { name, value, description } : { name, value };
	});
	switch (field.kind) {
		case 'enum':
			return { type: 'options', options, default: ui.default ?? values[0] };
		case 'enums':
			return { type: 'multiOptions', options, default: [] };
		case 'boolean':
			return { type: 'boolean', default: ui.default ?? false };
		case 'date':
		case 'time':
			return { type: 'dateTime', default: '' };
		case 'count':
			// n8n's nodes start a Limit at 50.
			return { type: 'number', typeOptions: { minValue: field.min ?? 1 }, default: 50 };
	}
	if (ui.multipleValues) {
		const typeOptions = { multipleValues: true, multipleValueButtonText: ui.multipleValues };
		return { type: 'string', typeOptions, default: [] };
	}
	return {
		type: 'string',
		...(ui.rows ? { typeOptions: { rows: ui.rows } } : {}),
		...(ui.password ? { typeOptions: { password: true } } : {}),
		default: ui.default ?? '',
	};
}

/** The editor's order in a collection: by display name. */
export const byDisplayName = (a: INodeProperties, b: INodeProperties) =>
	a.displayName.localeCompare(b.displayName);

/** The editor property of a group: a collection, a fixed collection, or a list of items. */
export function groupProperty(group: Group): INodeProperties {
	const values = group.fields.map(property).sort(byDisplayName);
	const common = {
		displayName: group.label,
		name: group.name,
		description: group.ui.description,
		default: {},
	};
	if (group.shape === 'collection')
		return { ...common, type: 'collection', placeholder: 'Add Option', options: values };
	const multiple = group.shape === 'list';
	const addButton = group.ui.addButton ?? 'Add Item';
	const typeOptions = { multipleValues: true, multipleValueButtonText: addButton };
	return {
		...common,
		type: 'fixedCollection',
		...(multiple ? { typeOptions } : {}),
		options: [
			{
				displayName: group.ui.itemName ?? group.label,
				name: multiple ? 'items' : 'values',
				values,
			},
		],
	};
}
