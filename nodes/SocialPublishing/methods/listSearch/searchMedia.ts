import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { idOf } from '../../../shared/ids';
import { LIMITS } from '../../../shared/limits';
import { searchWorkspaceList } from '../../../shared/lists';

export async function searchMedia(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	if ((filter ?? '').trim().length > LIMITS.mediaSearchLength) {
		throw new NodeOperationError(
			this.getNode(),
			`The search text is longer than ${LIMITS.mediaSearchLength} characters`,
			{
				description: 'Shorten the search text: the media library matches on part of the name.',
			},
		);
	}
	return await searchWorkspaceList.call(this, {
		endpoint: 'media',
		filter,
		paginationToken,
		toResult: (media) => {
			const name = String(media.name ?? idOf(media));
			return {
				name: media.type ? `${name} (${String(media.type)})` : name,
				value: idOf(media),
				url: typeof media.url === 'string' ? media.url : undefined,
			};
		},
	});
}
