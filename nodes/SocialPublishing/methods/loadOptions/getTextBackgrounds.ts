import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { idOf } from '../../helpers/ids';
import { apiRequest, paths } from '../../transport';

/** Facebook text background presets (not paged, not per workspace). */
export async function getTextBackgrounds(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const response = await apiRequest.call(this, 'GET', paths.textBackgrounds());
	const presets = Array.isArray(response.data) ? (response.data as IDataObject[]) : [];
	return presets
		.map((preset) => {
			const id = idOf(preset);
			const details = [preset.type, preset.category].filter(
				(part) => typeof part === 'string' && part !== '',
			);
			const label = String(preset.description || id);
			return {
				name: details.length > 0 ? `${label} (${details.join(', ')})` : label,
				value: id,
				description:
					typeof preset.background_color === 'string' ? preset.background_color : undefined,
			};
		})
		.filter((option) => option.value !== '');
}
