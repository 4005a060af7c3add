import type { IDataObject } from 'n8n-workflow';

import { idOf } from '../../../shared/ids';
import { mediaFilters, mediaSort } from '../../fields/listQuery';
import { getMany } from '../getMany';

/** The fields an agent or a message needs. */
const simplifyMedia = (media: IDataObject): IDataObject => ({
	id: idOf(media),
	name: media.name ?? null,
	type: media.type ?? null,
	url: media.url ?? null,
});

export const { description, plan } = getMany({
	endpoint: 'media',
	filters: mediaFilters,
	options: [mediaSort],
	simplify: simplifyMedia,
	defaultOutput: 'raw',
});
