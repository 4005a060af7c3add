import type { IDataObject } from 'n8n-workflow';

import { idOf } from '../../../shared/ids';
import { postId } from '../../fields/common';
import { getMany } from '../getMany';
import { asObject } from '../../../shared/records';

/** The fields an agent or a message needs. */
const simplifyComment = (comment: IDataObject): IDataObject => ({
	id: idOf(comment),
	comment: comment.comment ?? null,
	is_note: comment.is_note === true,
	author: asObject(comment.author).name ?? null,
	created_at: comment.created_at ?? null,
});

export const { description, plan } = getMany({
	endpoint: 'comments',
	fields: [postId],
	simplify: simplifyComment,
});
