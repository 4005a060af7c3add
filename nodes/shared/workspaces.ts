import type { IDataObject } from 'n8n-workflow';

import { getList } from './api';
import { idOf } from './ids';
import type { ApiContext } from './transport/request';

/** One reading of `/workspaces` per execution (or editor call): the context is the key. */
const readings = new WeakMap<object, Promise<IDataObject[]>>();

/**
 * Every workspace the key reaches, whether the service pages `/workspaces` or answers one plain
 * list (section 4.1 shows neither). Read once per execution; a failed reading is not remembered.
 */
export async function readWorkspaces(ctx: ApiContext, itemIndex?: number): Promise<IDataObject[]> {
	let reading = readings.get(ctx);
	if (!reading) {
		reading = getList.call(ctx, 'workspaces', {}, { itemIndex });
		readings.set(ctx, reading);
		reading.catch(() => readings.delete(ctx));
	}
	return await reading;
}

/** The workspace's `timezone` as its record gives it (api-notes.md); undefined when it has none. */
export async function workspaceTimezone(
	ctx: ApiContext,
	workspaceId: string,
	itemIndex?: number,
): Promise<string | undefined> {
	const workspace = (await readWorkspaces(ctx, itemIndex)).find(
		(record) => idOf(record) === workspaceId,
	);
	const zone = workspace?.timezone;
	return typeof zone === 'string' && zone.trim() !== '' ? zone.trim() : undefined;
}
