import type { IExecuteFunctions } from 'n8n-workflow';

import { getList } from '../../../shared/api';
import { picking } from '../../helpers/output';
import { getMany } from '../getMany';

export const { description, plan } = getMany({
	async read(this: IExecuteFunctions, itemIndex: number) {
		return await getList.call(this, 'textBackgrounds', {}, { itemIndex });
	},
	simplify: picking('id', 'description', 'type'),
});
