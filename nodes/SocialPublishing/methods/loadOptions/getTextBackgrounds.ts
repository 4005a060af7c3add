import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { getList } from '../../../shared/api';
import { idOf } from '../../../shared/ids';

/** Facebook text background presets (not paged, not per workspace). */
export async function getTextBackgrounds(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const presets = await getList.call(this, 'textBackgrounds');
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
