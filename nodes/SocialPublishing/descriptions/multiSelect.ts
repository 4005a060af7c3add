import type { INodeProperties } from 'n8n-workflow';

/** n8n's wording for a list that also takes IDs by expression (its lint expects it). */
export const CHOOSE_OR_EXPRESSION =
	'Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.';

/**
 * A multi-select over one of the chosen workspace's lists (methods/loadOptions/), reloaded when
 * the workspace (or another field in `dependsOn`) changes.
 */
export function workspaceMultiSelect(
	field: Pick<INodeProperties, 'displayName' | 'name' | 'description'>,
	loadOptionsMethod: string,
	dependsOn: string[] = [],
): INodeProperties {
	return {
		...field,
		description: `${field.description} ${CHOOSE_OR_EXPRESSION}`,
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod, loadOptionsDependsOn: ['workspaceId.value', ...dependsOn] },
		default: [],
	};
}
