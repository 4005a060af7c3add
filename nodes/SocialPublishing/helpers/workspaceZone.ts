import type { IExecuteFunctions } from 'n8n-workflow';

import { isZone } from '../../shared/time';
import { workspaceTimezone } from '../../shared/workspaces';

export interface Timezone {
	zone: string;
	/** Where the zone came from: the Timezone option, the workspace, or the workflow. */
	source: 'option' | 'workspace' | 'workflow';
}

/** Notices already shown in this execution, so that each zone is named once, not per item. */
const noticesShown = new WeakMap<object, Set<string>>();

function notice(ctx: IExecuteFunctions, message: string): void {
	const shown = noticesShown.get(ctx) ?? new Set<string>();
	noticesShown.set(ctx, shown);
	if (shown.has(message)) return;
	shown.add(message);
	ctx.addExecutionHints({ message, type: 'info', location: 'outputPane' });
}

/**
 * The zone wall-clock times are written in. The API reads `scheduled_at` in the workspace's time
 * zone, so that is the default: the Timezone option when set (`chosen`, checked by its row), else
 * the workspace's zone from its record (read once per execution), else the workflow's zone, with a
 * notice that says so.
 */
export async function resolveTimezone(
	ctx: IExecuteFunctions,
	chosen: string | undefined,
	workspaceId: string,
	itemIndex: number,
): Promise<Timezone> {
	if (chosen !== undefined) return { zone: chosen, source: 'option' };
	const fromWorkspace = await workspaceTimezone(ctx, workspaceId, itemIndex);
	if (fromWorkspace !== undefined && isZone(fromWorkspace)) {
		notice(ctx, `Times are sent in ${fromWorkspace}, the workspace's time zone.`);
		return { zone: fromWorkspace, source: 'workspace' };
	}
	const zone = ctx.getTimezone();
	notice(
		ctx,
		`The workspace's record ${fromWorkspace === undefined ? 'gives no time zone' : `gives "${fromWorkspace}", which is not a time zone`}, so times are sent in the workflow's time zone, ${zone}. If the workspace uses another zone, set it under Options > Timezone.`,
	);
	return { zone, source: 'workflow' };
}
