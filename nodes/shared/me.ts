import { getRecord } from './api';
import { firstId, userIdOf } from './ids';
import { oncePerContext } from './transport/request';

/** The user the API key belongs to, as `/me` tells it (its shape is not described). */
interface Me {
	/** The user ID approvers and filters take: `user_id`, else the record's ID. */
	userId: string;
	/** Every ID the record gives the user by, to recognise the user in a list. */
	ids: string[];
}

/** `GET /api/v1/me`, read once per execution (or poll). */
export const readMe = oncePerContext(async (ctx, itemIndex?: number): Promise<Me> => {
	const record = await getRecord(ctx, 'me', { itemIndex });
	const ids = ['user_id', '_id', 'id'].map((key) => firstId(record, [key])).filter(Boolean);
	return { userId: userIdOf(record), ids: [...new Set(ids)] };
});
