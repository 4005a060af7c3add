import { createHash } from 'crypto';
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

/**
 * What a run of the node has done, kept in n8n's execution context of the node. n8n keeps that
 * context with the execution: Retry On Fail runs the node again on it, and a retry from the
 * Executions list starts from the failed execution's saved data, context included. So a repeat of
 * the run returns each item done before as it was, without a request, and knows which items may
 * have been done (they sent something, then failed): only those look before they write.
 *
 * A worker that crashed saved no context. In a retried execution without one, every item may have
 * been done since the execution being retried began, which n8n's execution context tells when the
 * retry inherited it; where it does not, within RETRY_LOOKBACK_MS.
 */
export const RETRY_LOOKBACK_MS = 24 * 3600_000;

interface Entry {
	/** The input item it was for, hashed: a retry on other input is not a repeat. */
	key: string;
	json?: IDataObject[];
	doubt?: boolean;
}

interface Run {
	/** When the first attempt began, by n8n's clock. */
	began: number;
	items: Record<string, Entry>;
}

export interface Journal {
	/** The output an earlier attempt gave the item, when it was done. */
	done(itemIndex: number): IDataObject[] | undefined;
	/** When an earlier attempt may have done the item: since when, by n8n's clock. */
	doubt(itemIndex: number): number | undefined;
	record(itemIndex: number, outcome: IDataObject[] | 'doubt'): void;
	/** The run is over without a failure: nothing is kept. */
	close(): void;
}

/** Since when a retried execution without a journal may have written: see above. */
function retriedSince(ctx: IExecuteFunctions): number {
	// Not in n8n 1.x; a context the retry made itself (source "retry") began with the retry.
	const context = ctx.getExecutionContext?.();
	return context && context.source !== 'retry'
		? context.establishedAt
		: Date.now() - RETRY_LOOKBACK_MS;
}

export function journalOf(ctx: IExecuteFunctions): Journal {
	const runs = (ctx.getContext('node').runs ??= {}) as Record<string, Run>;
	// A node in a loop runs more than once in an execution; each run keeps its own.
	const runIndex = String(ctx.getWorkflowDataProxy(0).$runIndex);
	const earlier = runs[runIndex];
	const unknown = ctx.getMode() === 'retry' && !earlier;
	const run = (runs[runIndex] ??= {
		began: unknown ? retriedSince(ctx) : Date.now(),
		items: {},
	});
	const keys = ctx
		.getInputData()
		.map(({ json }) => createHash('sha256').update(JSON.stringify(json)).digest('base64'));
	// Each item stays in doubt until it is done: a crashed attempt may have done any of them.
	if (unknown) keys.forEach((key, itemIndex) => (run.items[itemIndex] = { key, doubt: true }));
	const entry = (itemIndex: number) =>
		run.items[itemIndex]?.key === keys[itemIndex] ? run.items[itemIndex] : undefined;
	return {
		done: (itemIndex) => entry(itemIndex)?.json,
		doubt: (itemIndex) => (entry(itemIndex)?.doubt ? run.began : undefined),
		record(itemIndex, outcome) {
			const key = keys[itemIndex];
			run.items[itemIndex] = outcome === 'doubt' ? { key, doubt: true } : { key, json: outcome };
		},
		close: () => delete runs[runIndex],
	};
}
