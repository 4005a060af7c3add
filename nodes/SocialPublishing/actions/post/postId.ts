import type { IExecuteFunctions } from 'n8n-workflow';

import { param, postId } from '../../fields/common';
import { property } from '../../fields/ui';

/** Posts are chosen by ID (Create and Get Many output it as `id`). */
export const postIdField = property(postId);

export function postIdOfItem(ctx: IExecuteFunctions, itemIndex: number): string {
	return param(ctx, itemIndex, postId) as string;
}
