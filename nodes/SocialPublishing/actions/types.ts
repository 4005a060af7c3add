import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { ListOutput } from '../helpers/output';

/** One operation: its fields (shown only for it) and what it does for one input item. */
export interface Operation {
	description: INodeProperties[];
	execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject | IDataObject[]>;
	/** A list operation: its Output option (Simplified, Raw, Selected Fields) shapes the records. */
	list?: ListOutput;
}
