import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { Writer } from '../../shared/api';

/** What one item will send, once every item's plan stands. */
export interface Plan {
	/** Sends it: `out` is the only way to create, change or delete. */
	send(out: Writer): Promise<IDataObject | IDataObject[]>;
	/**
	 * Items with the same order group are sent one after another, in item order, as the service
	 * acts on them in the order they arrive (queue slots, a thread of comments).
	 */
	orderGroup?: string;
}

/** One operation: its fields, and its plan for one input item. */
export interface Operation {
	/** Its fields; the resource shows them only for this operation. */
	description: INodeProperties[];
	/** Reads the item's parameters and checks them, reading only what the checks need. */
	plan(this: IExecuteFunctions, itemIndex: number): Promise<Plan>;
}

/** One entry of a resource's Operation selector, and the operation it runs. */
type OperationRow = INodePropertyOptions & { value: string; action: string; operation: Operation };

export interface Resource {
	name: string;
	operations: Record<string, Operation>;
	description: INodeProperties[];
}

/**
 * A resource from its operations: the Operation selector is built from the rows, once, and each
 * operation's fields are shown only for it. Adding an operation is one file and one row.
 */
export function resource(
	resourceName: string,
	defaultOperation: string,
	rows: OperationRow[],
): Resource {
	const selector: INodeProperties = {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [resourceName] } },
		options: rows.map(({ name, value, description, action }) => ({
			name,
			value,
			description,
			action,
		})),
		default: defaultOperation,
	};
	return {
		name: resourceName,
		operations: Object.fromEntries(rows.map((row) => [row.value, row.operation])),
		description: [
			selector,
			...rows.flatMap(({ value, operation }) =>
				updateDisplayOptions(
					{ show: { resource: [resourceName], operation: [value] } },
					operation.description,
				),
			),
		],
	};
}
