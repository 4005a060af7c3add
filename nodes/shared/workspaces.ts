import { getList } from './api';
import { idOf } from './ids';
import type { ApiContext } from './transport/request';
import { oncePerContext } from './transport/request';

/**
 * Every workspace the key reaches, whether the service pages `/workspaces` or answers one plain
 * list (section 4.1 shows neither). Read once per execution (or editor call).
 */
export const readWorkspaces = oncePerContext(
	async (ctx, itemIndex?: number) => await getList.call(ctx, 'workspaces', {}, { itemIndex }),
);

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
