import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { idOf } from '../../../shared/ids';
import { workspaceOptions } from '../../../shared/lists';

/** The workspace's labels, for the Labels multi-select of a post. */
export async function getLabels(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return await workspaceOptions(this, 'labels', (label) => {
		const id = idOf(label);
		return { name: String(label.name ?? id), value: id };
	});
}
