import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { idOf } from '../../../shared/ids';
import { workspaceOptions } from '../../../shared/lists';

/** The workspace's media library, for attaching library items to a post by `media_ids`. */
export async function getMediaItems(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return await workspaceOptions(this, 'media', (asset) => {
		const id = idOf(asset);
		const name = String(asset.name ?? id);
		return { name: asset.type ? `${name} (${String(asset.type)})` : name, value: id };
	});
}
