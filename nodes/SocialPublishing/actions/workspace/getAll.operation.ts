import type { IExecuteFunctions } from 'n8n-workflow';

import { readWorkspaces } from '../../../shared/workspaces';
import { picking } from '../../helpers/output';
import { getMany } from '../getMany';

export const { description, plan } = getMany({
	async read(this: IExecuteFunctions, itemIndex: number) {
		return await readWorkspaces(this, itemIndex);
	},
	simplify: picking('id', 'name', 'timezone'),
});
