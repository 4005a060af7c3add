import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { Out } from '../../shared/api';

/** What one item will send, once every item's plan stands. */
export interface Plan {
	/** Sends it: `out` is the only way to create, change or delete. */
	send(out: Out): Promise<IDataObject | IDataObject[]>;
	/** Items of one lane are sent one after another, in item order: the service acts by arrival. */
	lane?: string;
}

/** One operation: its fields, and its plan for one input item. */
export interface Operation {
	/** Its fields; the resource shows them only for this operation. */
	description: INodeProperties[];
	/** Reads the item's parameters and checks them, reading only what the checks need. */
	plan(this: IExecuteFunctions, itemIndex: number): Promise<Plan>;
}

/** One entry of a resource's Operation selector, and the operation it runs. */
type OperationRow = INodePropertyOptions & { value: string; action: string; does: Operation };

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
		operations: Object.fromEntries(rows.map((row) => [row.value, row.does])),
		description: [
			selector,
			...rows.flatMap(({ value, does }) =>
				updateDisplayOptions(
					{ show: { resource: [resourceName], operation: [value] } },
					does.description,
				),
			),
		],
	};
}
