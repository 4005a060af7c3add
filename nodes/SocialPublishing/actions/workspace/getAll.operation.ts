import { readWorkspaces } from '../../../shared/workspaces';
import { picking } from '../../helpers/output';
import { getMany } from '../getMany';

export const { description, plan } = getMany({
	read: readWorkspaces,
	simplify: picking('id', 'name', 'timezone'),
});
