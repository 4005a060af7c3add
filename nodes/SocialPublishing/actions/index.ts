import type { Operation } from './types';
import * as user from './user';
import * as workspace from './workspace';

/** Every resource's operations, by the values of the Resource and Operation selectors. */
export const operationsByResource: Record<string, Record<string, Operation>> = {
	user: user.operations,
	workspace: workspace.operations,
};

export const resourceDescriptions = [...user.description, ...workspace.description];
