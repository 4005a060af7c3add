import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { firstId, idOf } from '../ids';
import { PER_PAGE_MAX } from '../limits';
import { boundsOf } from '../options';
import { asList, asObject } from '../records';
import { notEnvelopeError } from '../transport/errors';
import type { Answer, ApiContext, CallOptions } from '../transport/request';
import { credentialOf, request } from '../transport/request';
import type { Endpoint, EndpointName, PathParams, ReadName, WriteName } from './endpoints';
import { ENDPOINTS } from './endpoints';

export type { PathParams, ReadName, WriteName } from './endpoints';
export { parallelRequestsOf } from '../options';
export { multipartBody } from '../transport/multipart';
export { serviceNow } from '../transport/request';
export const quotaPerMinute = async (ctx: ApiContext) => (await credentialOf(ctx)).gate.perMinute();

/**
 * The API layer both nodes stand on: get a list (one page, all pages, or up to a limit) or one
 * record (`/me`), from any context; create, change or delete only through a `Writer`. Each call
 * names an endpoint of endpoints.ts; the envelope is checked by the transport and unwrapped here,
 * so no operation handles `status` or `data` itself.
 */

export interface Page {
	items: IDataObject[];
	/** Whether the answer says a further page exists. */
	hasMore: boolean;
	/** The list's size as the answer gives it (`total`), when it does. */
	total?: number;
	/** The page size the service used, when it says. */
	perPage?: number;
	/** The number of the last page, when the answer says. */
	lastPage?: number;
	/** The service's clock when it answered (its Date header), in ms since the epoch. */
	serviceTime?: number;
}

async function call(
	ctx: ApiContext,
	name: EndpointName,
	params: PathParams,
	options: CallOptions,
): Promise<Answer> {
	const endpoint: Endpoint = ENDPOINTS[name];
	const endpointCall = {
		...options,
		method: endpoint.method,
		path: endpoint.path(params),
		expect: endpoint.data,
		dataStatuses: endpoint.dataStatuses,
		creates: endpoint.creates?.noun,
		hints: endpoint.hints,
	};
	return await request.call(ctx, endpointCall, boundsOf(ctx, options.itemIndex));
}

/** The answer without the envelope's fields named. */
const without = (body: IDataObject, fields: string[]): IDataObject =>
	Object.fromEntries(Object.entries(body).filter(([key]) => !fields.includes(key)));

/**
 * What may create, change or delete. The router makes one only once every item's plan stands
 * (SocialPublishing/actions/router.ts), and hands it to the plans' sends; the trigger makes its own.
 */
export interface Writer<C extends ApiContext = IExecuteFunctions> {
	ctx: C;
	send(name: WriteName, params: PathParams, options?: CallOptions): Promise<IDataObject>;
	/**
	 * Set on a repeat of a run (a retry) for an item an earlier attempt may have done: since when,
	 * by n8n's clock. Such an item looks before it writes (SocialPublishing/actions/journal.ts).
	 */
	doubt?: number;
}

/** A `Writer` for `ctx`; `sent` is told of each request before it goes. */
export const writer = <C extends ApiContext>(
	ctx: C,
	sent = () => {},
	doubt?: number,
): Writer<C> => ({
	ctx,
	doubt,
	send: async (name, params, options = {}) => {
		sent();
		return await answerOf(ctx, name, params, options);
	},
});

/** One record that is only read (`/me`). */
export const getRecord = async (ctx: ApiContext, name: ReadName, options: CallOptions = {}) =>
	await answerOf(ctx, name, {}, options);

/**
 * What an endpoint answers: for a record endpoint, the record (with any fields the answer put
 * beside `data`); for the others, the answer without its `status`. A create whose answer names no
 * created record is an error, never an empty success.
 */
async function answerOf(
	ctx: ApiContext,
	name: EndpointName,
	params: PathParams,
	options: CallOptions,
): Promise<IDataObject> {
	const endpoint: Endpoint = ENDPOINTS[name];
	const { body } = await call(ctx, name, params, options);
	if (endpoint.data !== 'object') return without(body, ['status']);
	// Fields beside the envelope's own (a create's `warning`) stay with the record.
	const record = { ...without(body, ['status', 'message', 'data']), ...asObject(body.data) };
	const creates = endpoint.creates;
	if (creates && firstId(record, creates.idFields) === '') {
		const { baseUrl } = await credentialOf(ctx);
		throw notEnvelopeError(
			ctx.getNode(),
			{
				baseUrl,
				method: endpoint.method,
				path: endpoint.path(params),
				itemIndex: options.itemIndex,
			},
			200,
			body,
			`it does not name the created ${creates.noun} (no ${creates.idFields.join(', ')})`,
			creates.noun,
		);
	}
	return record;
}

const integerOf = (value: unknown): number | undefined => {
	const number = Number(value);
	return value !== undefined && value !== null && Number.isInteger(number) ? number : undefined;
};

function pageOf({ body, serviceTime }: Answer): Page {
	const current = integerOf(body.current_page);
	const last = integerOf(body.last_page);
	return {
		items: asList(body.data),
		hasMore: current !== undefined && last !== undefined && current < last,
		total: integerOf(body.total),
		perPage: integerOf(body.per_page),
		lastPage: last,
		serviceTime,
	};
}

/** One page of a list: `page` and `per_page` are sent for lists that page. */
export async function getPage(
	this: ApiContext,
	name: ReadName,
	params: PathParams,
	{ page, perPage, ...options }: CallOptions & { page: number; perPage: number },
): Promise<Page> {
	const paging = ENDPOINTS[name] as Endpoint;
	const qs = paging.paging === 'always' ? { ...options.qs, page, per_page: perPage } : options.qs;
	return pageOf(await call(this, name, params, { ...options, qs }));
}

/** A Return All whose pages did not add up to the list's `total`: how many were read of how many. */
export interface ShortList {
	read: number;
	total: number;
	/** What happened and what to do, in words for the user. */
	message: string;
}

/**
 * A whole list, or its first `limit` records. Return All asks for full pages; once the first page
 * tells `last_page`, the pages still needed are asked for at once (bounded by Parallel Requests
 * and the rate-limit gate) and their records kept in page order. A limit asks for no more than it
 * needs (a Limit of 5 is one request with per_page=5). A list that pages only when its answer
 * says so (/workspaces) is first asked without page parameters. A Return All that stays short of
 * the list's `total` is an error, unless `short` takes the records read and says so to the user.
 */
export async function getList(
	this: ApiContext,
	name: ReadName,
	params: PathParams = {},
	{
		limit,
		short,
		...options
	}: CallOptions & { limit?: number; short?: (list: ShortList) => void } = {},
): Promise<IDataObject[]> {
	const wanted = limit === undefined ? Infinity : limit;
	const endpoint: Endpoint = ENDPOINTS[name];
	const items: IDataObject[] = [];
	const take = (page: Page) => items.push(...page.items.slice(0, wanted - items.length));
	if (endpoint.paging !== 'always') {
		let page = pageOf(await call(this, name, params, options));
		take(page);
		// Pages were not asked for; follow them only where the answer shows it pages.
		for (let number = 2; page.hasMore && items.length < wanted && page.items.length > 0; number++) {
			const qs = {
				...options.qs,
				page: number,
				...(page.perPage ? { per_page: page.perPage } : {}),
			};
			page = pageOf(await call(this, name, params, { ...options, qs }));
			take(page);
		}
		return items;
	}
	const perPage = Math.min(PER_PAGE_MAX, wanted);
	const pageNumber = (number: number) =>
		getPage.call(this, name, params, { ...options, page: number, perPage });
	const first = await pageNumber(1);
	take(first);
	// More pages are known only from current_page and last_page, so last_page is there.
	if (!first.hasMore || first.items.length === 0 || items.length >= wanted) return items;
	const needed = Math.min(first.lastPage ?? 1, Math.ceil(wanted / perPage));
	const numbers = Array.from({ length: needed - 1 }, (_, i) => i + 2);
	for (const page of await Promise.all(numbers.map(pageNumber))) take(page);
	if (wanted !== Infinity || first.total === undefined) return items;
	const total = first.total;
	const { records, readings } = await wholeList(items, total, () =>
		Promise.all([1, ...numbers].map(pageNumber)),
	);
	if (records.length >= total) return records;
	const message =
		`Return All read ${records.length} of the ${total} records the service counts in this list: ` +
		`its ${needed} pages did not add up after ${readings} reading${readings === 1 ? '' : 's'} of each. ` +
		'The service listed the records in a different order for each page, or the list changed while it was read. ' +
		'Run it again, or narrow the list with filters until it fits on one page (100 records).';
	if (!short)
		throw new NodeOperationError(this.getNode(), message, { itemIndex: options.itemIndex });
	short({ read: records.length, total, message });
	return records;
}

/** Readings of a whole list after the first, when its pages did not add up to its `total`. */
const MORE_READINGS = 3;

/**
 * Return All in a list whose order is not stable between requests (section 4.13 states no order)
 * can repeat some records across pages and leave others out. The records are kept once each, by
 * their ID; while fewer than the list's `total`, the pages are read again, a few times at most,
 * and what they add is kept in the order first seen. Records without an ID cannot be told apart,
 * so they are not read again.
 */
async function wholeList(
	read: IDataObject[],
	total: number,
	readAgain: () => Promise<Page[]>,
): Promise<{ records: IDataObject[]; readings: number }> {
	if (read.some((record) => idOf(record) === '')) return { records: read, readings: 1 };
	const byId = new Map(read.map((record) => [idOf(record), record]));
	let readings = 1;
	for (; readings <= MORE_READINGS && byId.size < total; readings++) {
		for (const page of await readAgain()) {
			for (const record of page.items) {
				const id = idOf(record);
				if (!byId.has(id)) byId.set(id, record);
			}
		}
	}
	return { records: [...byId.values()], readings };
}
