import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

const count = (n: number, noun: string, plural = `${noun}s`) => `${n} ${n === 1 ? noun : plural}`;

/** Length in Unicode code points, the way the API description and the service count characters. */
const lengthOf = (value: string): number => [...value].length;

/** Input checks against the description's limits, run before any request is sent. */
export class InputChecks {
	constructor(
		private readonly ctx: IExecuteFunctions,
		private readonly itemIndex: number,
	) {}

	fail(field: string, problem: string): never {
		throw new NodeOperationError(this.ctx.getNode(), `${field}: ${problem}`, {
			itemIndex: this.itemIndex,
			description: `Item ${this.itemIndex} was not sent. Correct "${field}" and run again.`,
		});
	}

	maxLength(field: string, value: string | undefined | null, max: number): void {
		const length = typeof value === 'string' ? lengthOf(value) : 0;
		if (length > max)
			this.fail(field, `is ${count(length, 'character')} long; the limit is ${max}`);
	}

	minLength(field: string, value: string | undefined | null, min: number): void {
		const length = typeof value === 'string' ? lengthOf(value) : min;
		if (length < min)
			this.fail(field, `is ${count(length, 'character')} long; it needs at least ${min}`);
	}

	maxItems(field: string, values: readonly unknown[] | undefined, max: number): void {
		if (values !== undefined && values.length > max)
			this.fail(field, `has ${count(values.length, 'entry', 'entries')}; the limit is ${max}`);
	}

	/** An absolute http(s) URL, as the API's URI fields need. */
	url(field: string, value: string | undefined | null): void {
		if (value === undefined || value === null || value === '') return;
		if (!URL.canParse(value))
			this.fail(
				field,
				`"${value}" is not a URL; use a full address such as https://example.com/image.png`,
			);
		const { protocol } = new URL(value);
		if (protocol !== 'http:' && protocol !== 'https:')
			this.fail(field, `"${value}" is not an http(s) URL`);
	}
}
