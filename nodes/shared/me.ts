import type { IDataObject } from 'n8n-workflow';

import { getRecord } from './api';
import type { ApiContext } from './transport/request';

/** The user the API key belongs to, as `/me` tells it (its shape is not described). */
interface Me {
	/** The user ID approvers and filters take: `user_id`, else `_id`, else `id`. */
	userId: string;
	/** Every ID the record gives the user by, to recognise the user in a list. */
	ids: string[];
}

function meOf(record: IDataObject): Me {
	const ids = ['user_id', '_id', 'id']
		.map((key) => record[key])
		.filter((id) => (typeof id === 'string' && id.trim() !== '') || typeof id === 'number')
		.map((id) => String(id).trim());
	return { userId: ids[0] ?? '', ids: [...new Set(ids)] };
}

/** One `/me` per execution (or poll): the context is the key. */
const readings = new WeakMap<object, Promise<Me>>();

/** Reads `GET /api/v1/me` once per execution; a failed reading is not remembered. */
export async function readMe(ctx: ApiContext, itemIndex?: number): Promise<Me> {
	let reading = readings.get(ctx);
	if (!reading) {
		reading = getRecord.call(ctx, 'me', {}, { itemIndex }).then(meOf);
		readings.set(ctx, reading);
		reading.catch(() => readings.delete(ctx));
	}
	return await reading;
}
