// Every row of the node's field table, through the real engine against the sandbox: a valid value
// (at the limit where the row has one) reaches the request unchanged; one past the limit, and every
// wrong type given by expression, fails with the field, the rule and the item, and sends nothing.
// Every row of the built table has a site written out in sites.cts, and every site a row.
import { runNode } from '../harness/engine.cts';
import { useSandbox } from '../harness/sandbox.cts';
import { DEMO } from '../../sandbox/demo-data.cts';
import type { LoggedRequest } from '../../sandbox/runtime.cts';

import type { Case, Outcome } from './cases.cts';
import { casesOf } from './cases.cts';
import type { Limit } from './description-limits.cts';
import { DESCRIPTION_LIMITS, limitOf } from './description-limits.cts';
import type { Site } from './sites.cts';
import { createSites, operationSites, unsentSites } from './sites.cts';

// The built table gives only the list of rows: each must have a site written out in sites.cts,
// whose label, path and limits are the description's, not the package's.
import * as account from '../../dist/nodes/SocialPublishing/fields/account.js';
import type { Field, Group } from '../../dist/nodes/SocialPublishing/fields/field.js';
import * as lists from '../../dist/nodes/SocialPublishing/fields/listQuery.js';
import * as platformOptions from '../../dist/nodes/SocialPublishing/fields/platformOptions.js';
import * as post from '../../dist/nodes/SocialPublishing/fields/post.js';
import * as upload from '../../dist/nodes/SocialPublishing/fields/upload.js';

const TABLE = [account, lists, platformOptions, post, upload];

const sandbox = useSandbox();

beforeEach(async () => {
	await sandbox.control.clearRequests();
});

const fail = (label: string, problem: string): Outcome => ({ error: `${label}: ${problem}` });
const NO_ACCOUNTS = fail(
	'Accounts',
	'needs at least one account, or a Content Category whose accounts are used',
);

/** Where a rule across fields speaks before the row's own "not set". */
const OVERRIDES: Record<string, Parameters<typeof casesOf>[1]> = {
	'First Comment Accounts': {
		array: fail(
			'First Comment Accounts',
			"must be a subset of the post's accounts; a, b are not among them",
		),
	},
	Accounts: {
		empty: NO_ACCOUNTS,
		whitespace: fail('Accounts', 'is blank; give a value or leave it empty'),
	},
	'X (Twitter) Thread item 1 Message': {
		empty: fail('X (Twitter) Thread item 1', 'needs a message or media'),
		whitespace: fail('X (Twitter) Thread item 1', 'needs a message or media'),
	},
	'Threads Thread item 1 Message': {
		empty: fail('Threads Thread item 1', 'needs a message or media'),
		whitespace: fail('Threads Thread item 1', 'needs a message or media'),
	},
};

/** Valid values that a rule across fields needs to be something else than the kind's default. */
const VALID: Record<string, unknown> = { 'Publish Type': 'queued', Process: 'connect' };

/** A locator field holds its value as the editor stores a picked ID. */
function inField(site: Site, value: unknown): unknown {
	return site.field.locator ? { __rl: true, mode: 'id', value } : value;
}

/** Query and form values are text on the wire; a list may arrive repeated or joined. */
function wire(site: Site, value: unknown): unknown {
	const asText =
		site.method === 'GET' || site.path.includes('/connect/') || site.path.endsWith('/media');
	return asText && Array.isArray(value) ? value.map(String).join(',') : value;
}

async function run(site: Site, { value, outcome }: Case) {
	const { error, output } = await runNode({
		parameters: site.parameters(inField(site, value)),
		credentials: sandbox.credentials(),
	});
	const requests = await sandbox.control.requests();
	if ('error' in outcome) {
		expect({ message: error?.message, description: error?.description, output }).toEqual({
			message: outcome.error,
			description: `Item 0 was not sent. Correct "${outcome.error.split(': ')[0]}" and run again.`,
			output: [],
		});
		expect(requests).toEqual([]);
		return;
	}
	if ('pathHas' in outcome) {
		expect(requests.map((request) => request.path.includes(outcome.pathHas))).toEqual([true]);
		return;
	}
	const request = requests.find(
		(logged: LoggedRequest) => logged.method === site.method && logged.path === site.path,
	);
	expect(request).toBeDefined();
	const sent = site.sent(request as LoggedRequest);
	if ('notSent' in outcome) expect(sent).toBeUndefined();
	else expect(wire(site, sent)).toEqual(wire(site, outcome.sent));
}

const table = (sites: Site[]) =>
	sites.flatMap((site) => {
		const withValid =
			VALID[site.label] !== undefined ? { ...site, valid: VALID[site.label] } : site;
		return casesOf(withValid, OVERRIDES[site.label]).map(
			(entry) => [`${site.label}: ${entry.name}`, withValid, entry] as const,
		);
	});

/** Every row of the built field table that the node sends, with its label as errors give it. */
function tableRows(): Array<{ label: string; path: string } & Limit> {
	const rows = new Map<object, { label: string; path: string } & Limit>();
	const visit = (value: unknown, prefix = '', at = ''): void => {
		if (Array.isArray(value)) return value.forEach((each) => visit(each, prefix, at));
		if (value === null || typeof value !== 'object') return;
		const row = value as Field & Group;
		if (Array.isArray(row.fields)) {
			const list = row.shape === 'list';
			const label = `${row.label}${list ? ' item 1' : ''} `;
			return row.fields.forEach((field) => visit(field, label, `${row.path}${list ? '.0' : ''}.`));
		}
		// A row without a path goes at its name.
		const path = row.path ?? row.name;
		if (typeof row.kind === 'string' && path !== '' && !rows.has(row)) {
			const { min, max, entryMax } = row;
			rows.set(row, { label: `${prefix}${row.label}`, path: `${at}${path}`, min, max, entryMax });
		}
	};
	for (const module of TABLE) Object.values(module).forEach((value) => visit(value));
	return [...rows.values()];
}

/** Rows tested by their own files, where a time needs the sandbox's clock and a zone. */
const ELSEWHERE: Record<string, string> = {
	'Scheduled At': 'test/post/schedule.test.cts and test/post/timezone.test.cts',
};

describe('the field table and the sites written out here', () => {
	const sites = [...createSites, ...operationSites, ...unsentSites];

	test("every row of the built table has a site, at the same place, with the description's limits", () => {
		/** A limit as text, whatever order its keys come in. */
		const asText = ({ min, max, entryMax }: Limit) => JSON.stringify({ min, max, entryMax });
		const distinct = (limits: Limit[]) => [...new Set(limits.map(asText))].sort();
		const rows = tableRows().filter((row) => ELSEWHERE[row.label] === undefined);
		expect(rows.length).toBeGreaterThan(40);
		// Rows of several operations share a place (Search at `search`), so a place is compared as a
		// whole: the limits its rows hold against the limits written out here for its sites. The
		// expected side is the written one, and nothing in it is chosen by comparing with the code.
		for (const place of new Set(rows.map((row) => `${row.label} @ ${row.path}`))) {
			const built = rows.filter((row) => `${row.label} @ ${row.path}` === place);
			const written = sites
				.filter((site) => `${site.label} @ ${site.place}` === place)
				.map((site) => limitOf(site.operation, site.label));
			expect({ place, limits: distinct(built) }).toEqual({ place, limits: distinct(written) });
		}
	});

	test('no site tests a row the table does not have', () => {
		const places = new Set(tableRows().map((row) => `${row.label} @ ${row.path}`));
		const placed = sites.filter((site) => site.place !== '');
		expect(placed.filter((site) => !places.has(`${site.label} @ ${site.place}`))).toEqual([]);
	});

	test('every limit of the API description has a site that tests it', () => {
		const keys = sites.map((site) => `${site.operation} ${site.label}`);
		expect(Object.keys(DESCRIPTION_LIMITS).filter((key) => !keys.includes(key))).toEqual([]);
	});
});

describe('Post > Create', () => {
	test.each(table(createSites))('%s', async (_name, site, entry) => {
		await run(site, entry);
	});
});

describe('the other operations', () => {
	test.each(table(operationSites))('%s', async (_name, site, entry) => {
		await run(site, entry);
	});
});

describe('values the node uses itself', () => {
	const cases = table(unsentSites).filter(([, , entry]) => !('sent' in entry.outcome));
	test.each(cases)('%s', async (_name, site, entry) => {
		await run(site, entry);
	});

	test('a post or workspace ID with a slash, a question mark or a hash is refused', async () => {
		const postId = unsentSites[unsentSites.length - 1];
		const workspace = unsentSites.find((site) => site.label === 'Workspace') as Site;
		for (const [site, id] of [
			[postId, 'post_18/approval'],
			[postId, 'post?x=1'],
			[postId, 'post#1'],
			[workspace, 'ws_1/labels'],
			[workspace, 'ws_1?page=2'],
			[workspace, 'ws_1#top'],
		] as const) {
			const { error } = await runNode({
				parameters: site.parameters(id),
				credentials: sandbox.credentials(),
			});
			const bad = ['/', '?', '#'].find((character) => id.includes(character));
			expect(error?.message).toBe(
				`${site.label}: "${id}" contains "${bad}"; an ID never contains "/", "?" or "#"`,
			);
		}
		expect(await sandbox.control.requests()).toEqual([]);
	});

	test('a workspace ID from a list of two is refused, not sent as "a,b"', async () => {
		const workspace = unsentSites.find((site) => site.label === 'Workspace') as Site;
		const { error } = await runNode({
			parameters: workspace.parameters(`={{ ["${DEMO.workspaces.main.id}", "ws-2"] }}`),
			credentials: sandbox.credentials(),
		});
		expect(error?.message).toBe(
			`Workspace: needs an ID (text or a whole number), but was given a list (["${DEMO.workspaces.main.id}","ws-2"])`,
		);
		expect(await sandbox.control.requests()).toEqual([]);
	});
});
