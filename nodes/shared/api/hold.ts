import type { IHttpRequestMethods } from 'n8n-workflow';

/**
 * The check pass of a batch (SocialPublishing/actions/router.ts): every item runs up to its first
 * request that creates, changes or deletes something, which is held back instead of sent. Reads
 * (a workspace's zone, `/me`) go out, as the checks need them.
 */
const heldItems = new WeakMap<object, Set<number>>();

/** Runs `check` with the changes of `execution` held back; answers the items that reached one. */
export async function holdingChanges<T>(
	execution: object,
	check: (held: Set<number>) => Promise<T>,
): Promise<[Set<number>, T]> {
	const held = new Set<number>();
	heldItems.set(execution, held);
	const outcome = await check(held).finally(() => heldItems.delete(execution));
	return [held, outcome];
}

/** Called before every request: in a check pass, a request that changes something stops here. */
export function holdBack(execution: object, method: IHttpRequestMethods, itemIndex = 0): void {
	const held = heldItems.get(execution);
	if (!held || method === 'GET') return;
	held.add(itemIndex);
	throw new Error(`Item ${itemIndex} is checked; its ${method} request is held back`);
}
