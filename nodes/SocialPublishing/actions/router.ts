import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { parallelRequestsOf, writer } from '../../shared/api';
import { claimedIn } from '../../shared/api/exactlyOnce';
import { idOf } from '../../shared/ids';
import { operationsByResource } from './index';
import { journalOf } from './journal';
import type { Plan } from './resource';

type NodeError = NodeApiError | NodeOperationError;

/**
 * The item loop: pairing, Continue On Fail and error wrapping live here, not in operations.
 *
 * Every item is planned (its parameters read and checked) before anything is sent, through the one
 * `Writer` that can create, change or delete: a bad item fails the node before anything is sent,
 * or, with Continue On Fail, becomes an error item while the good ones are sent.
 *
 * Items go up to Options > Parallel Requests at a time, except that items of one order group go one
 * after another in item order (the service acts on them by arrival). Output keeps item order.
 * A failure from the service stops the batch: no item starts after it, the items under way finish,
 * and the error names the items already sent. A retry of the run gives those back as they were,
 * from the journal of this run (journal.ts), and sends the rest.
 */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const outputs: INodeExecutionData[][] = [];
	const plans: Plan[] = [];
	const all = this.getInputData().map((_, itemIndex) => [itemIndex]);

	// Resource and Operation take no expressions: item 0's are every item's.
	const resource = this.getNodeParameter('resource', 0) as string;
	const operation = this.getNodeParameter('operation', 0) as string;
	const handler = operationsByResource[resource]?.[operation];
	// The items that sent something: a failure names them, not those that only read.
	const wrote = new Set<number>();
	const journal = journalOf(this);
	const planItem = async (itemIndex: number): Promise<void> => {
		const done = journal.done(itemIndex);
		// Done by an earlier attempt of this run (a retry): its output again, and nothing sent.
		if (done) {
			// Its records are not another item's to find.
			for (const json of done)
				[idOf(json), idOf(json, 'account_id')].forEach((id) => claimedIn(this).add(id));
			wrote.add(itemIndex);
			plans[itemIndex] = { send: async () => done };
			return;
		}
		if (!handler)
			throw new NodeOperationError(
				this.getNode(),
				`The operation "${operation}" is not known for the resource "${resource}"`,
				{ itemIndex },
			);
		plans[itemIndex] = await handler.plan.call(this, itemIndex);
	};
	const sendItem = async (itemIndex: number): Promise<void> => {
		const out = writer(this, () => wrote.add(itemIndex), journal.doubt(itemIndex));
		const result = [await plans[itemIndex].send(out)].flat();
		journal.record(itemIndex, result);
		outputs[itemIndex] = result.map((json) => ({ json, pairedItem: { item: itemIndex } }));
	};
	/** A failed item that sent something may have been done (one in doubt already stays so). */
	const failed = (itemIndex: number) => {
		if (wrote.has(itemIndex)) journal.record(itemIndex, 'doubt');
	};
	const nodeErrorOf = (error: unknown, itemIndex: number): NodeError => {
		const nodeError =
			error instanceof NodeApiError || error instanceof NodeOperationError
				? error
				: new NodeOperationError(this.getNode(), error as Error, { itemIndex });
		if (nodeError.context.itemIndex === undefined) nodeError.context.itemIndex = itemIndex;
		return nodeError;
	};
	// The first failure in item order; no item is started once one is known. Under Continue On
	// Fail the run ends without a failure, so it keeps nothing for a retry (journal.close).
	let failure: { itemIndex: number; error: NodeError } | undefined;
	const onError = this.continueOnFail()
		? (itemIndex: number, error: unknown) => {
				outputs[itemIndex] = [errorItem(this, nodeErrorOf(error, itemIndex), itemIndex)];
			}
		: (itemIndex: number, error: unknown) => {
				failed(itemIndex);
				if (!failure || itemIndex < failure.itemIndex)
					failure = { itemIndex, error: nodeErrorOf(error, itemIndex) };
			};
	/** Runs `step` on each run of items, up to Parallel Requests runs at once, a run's items in turn. */
	const run = async (runs: number[][], step: (itemIndex: number) => Promise<void>) => {
		let next = 0;
		const worker = async () => {
			while (next < runs.length && !failure) {
				for (const itemIndex of runs[next++]) {
					if (failure) break;
					await step(itemIndex).catch((error: unknown) => onError(itemIndex, error));
				}
			}
		};
		const parallel = Math.min(parallelRequestsOf(this), Math.max(1, runs.length));
		await Promise.all(Array.from({ length: parallel }, worker));
		return failure?.error;
	};

	const refused = await run(all, planItem);
	// An input check failed: the other items are said to be held back too.
	if (refused)
		throw withLine(
			refused,
			all.length > 1 && refused instanceof NodeOperationError ? NOTHING_SENT : '',
		);
	const sent = all.flat().filter((itemIndex) => plans[itemIndex]);
	// An order group's items are one run, where its first item stands; any other item runs alone.
	const runs = new Map<string | number, number[]>();
	for (const itemIndex of sent) {
		const group = plans[itemIndex].orderGroup ?? itemIndex;
		runs.set(group, [...(runs.get(group) ?? []), itemIndex]);
	}
	const stopped = await run([...runs.values()], sendItem);
	if (stopped) {
		const done = sent
			.filter((itemIndex) => outputs[itemIndex] && wrote.has(itemIndex))
			.map((itemIndex) => {
				const id = idOf(outputs[itemIndex][0]?.json ?? {}, 'account_id', 'session_id');
				return `item ${itemIndex}${id === '' ? '' : ` (ID ${id})`}`;
			});
		const pronoun = done.length === 1 ? 'it' : 'them';
		throw withLine(
			stopped,
			done.length === 0
				? ''
				: `Done before this failure: ${done.join(', ')}. A retry is safe: Retry On Fail, or a retry from the Executions list, gives ${pronoun} back as done and sends only the rest (a new run would send ${pronoun} again).`,
		);
	}
	journal.close();
	return [outputs.flat()];
}

const NOTHING_SENT = 'No item was sent: every item is checked before any is sent.';

/** The error with `line` added to its description. */
function withLine(error: NodeError, line: string): NodeError {
	error.description = [error.description, line].filter(Boolean).join('\n');
	return error;
}

/** A failed item's output under Continue On Fail, or for the error output. */
function errorItem(ctx: IExecuteFunctions, error: NodeError, item: number): INodeExecutionData {
	const json: IDataObject = { error: error.message };
	if (error.description) json.description = error.description;
	if (error instanceof NodeApiError && error.httpCode) json.httpCode = error.httpCode;
	// With "Continue (using error output)" the engine routes an item by its `error`, and
	// keeps only the message in its JSON; the whole error stays on the item.
	const toErrorOutput = ctx.getNode().onError === 'continueErrorOutput';
	return { json, pairedItem: { item }, ...(toErrorOutput ? { error } : {}) };
}
