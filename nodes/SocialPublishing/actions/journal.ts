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
const RETRY_LOOKBACK_MS = 24 * 3600_000;

/**
 * Per item, its output or its doubt. By item index: n8n repeats a run on the input it had (Retry
 * On Fail on the same, a retried execution on what the node before it saved).
 */
type Entry = { json?: IDataObject[]; doubt?: boolean } | null;
type Run = { began: number; items: Entry[] };

export function journalOf(ctx: IExecuteFunctions) {
	const runs = (ctx.getContext('node').runs ??= {}) as Record<string, Run>;
	// A node in a loop runs more than once in an execution; each run keeps its own.
	const runIndex = String(ctx.getWorkflowDataProxy(0).$runIndex);
	const unknown = ctx.getMode() === 'retry' && !runs[runIndex];
	// Not in n8n 1.x; a context the retry made itself (source "retry") began with the retry.
	const context = unknown ? ctx.getExecutionContext?.() : undefined;
	const run = (runs[runIndex] ??= {
		began: !unknown
			? Date.now()
			: context && context.source !== 'retry'
				? context.establishedAt
				: Date.now() - RETRY_LOOKBACK_MS,
		items: [],
	});
	// Each item stays in doubt until it is done: a crashed attempt may have done any of them.
	if (unknown) run.items = ctx.getInputData().map(() => ({ doubt: true }));
	return {
		/** The output an earlier attempt gave the item, when it was done. */
		done: (itemIndex: number) => run.items[itemIndex]?.json,
		/** When an earlier attempt may have done the item: since when, by n8n's clock. */
		doubt: (itemIndex: number) => (run.items[itemIndex]?.doubt ? run.began : undefined),
		record(itemIndex: number, outcome: IDataObject[] | 'doubt') {
			run.items[itemIndex] = outcome === 'doubt' ? { doubt: true } : { json: outcome };
		},
		/** The run is over without a failure: nothing is kept. */
		close: () => delete runs[runIndex],
	};
}
