// What an expression may hand a field beyond the field table's own cases (fields.test.cts): numbers
// at the edge of an ID, text where a number or true/false is asked, lists written as text with
// blank entries, values with spaces around them, long values quoted in errors, and groups left
// empty. Each wrong value fails with the field and sends nothing; each right one reaches the
// request as the API takes it. A whole group (Approval, a thread's items) given by expression as
// null, text or a list is not here: n8n reshapes it to the node's description before the node
// reads it (docs/development.md, Mutation testing).
import type { INodeParameters } from 'n8n-workflow';

import { DEMO } from '../../sandbox/demo-data.cts';
import { runNode } from '../harness/engine.cts';
import { useSandbox } from '../harness/sandbox.cts';
import { calls, inWorkspace } from '../library/fixtures.cts';
import { A, createdPostBody, POSTS } from '../post/fixtures.cts';

const sandbox = useSandbox();

beforeEach(async () => {
	await sandbox.control.clearRequests();
});

const post = (rest: INodeParameters) =>
	inWorkspace('post', 'create', { text: 'Hello', accounts: [A.facebook], ...rest });

const run = async (parameters: INodeParameters) =>
	await runNode({ parameters, credentials: sandbox.credentials() });

/** Runs `parameters` and expects the item refused with `message`, and nothing sent. */
async function refused(parameters: INodeParameters, message: string) {
	const { error, output } = await run(parameters);
	const field = message.split(': ')[0];
	expect({ message: error?.message, description: error?.description, output }).toEqual({
		message,
		description: `Item 0 was not sent. Correct "${field}" and run again.`,
		output: [],
	});
	expect(await calls(sandbox.control)).toEqual([]);
}

/** Runs `parameters`, expects no error, and answers the one create body sent. */
async function created(parameters: INodeParameters) {
	const { error } = await run(parameters);
	expect(error).toBeUndefined();
	return await createdPostBody(sandbox.control);
}

describe('a value quoted in an error', () => {
	test('is cut to 57 characters and "..." when longer than 60', async () => {
		// {"a":" and 80 x and "} is 86 characters.
		await refused(
			post({ text: `={{ ({ a: "${'x'.repeat(80)}" }) }}` }),
			`Text: needs text, but was given an object ({"a":"${'x'.repeat(51)}...)`,
		);
	});

	test('is quoted whole at 60 characters', async () => {
		await refused(
			post({ text: `={{ ({ a: "${'x'.repeat(52)}" }) }}` }),
			`Text: needs text, but was given an object ({"a":"${'x'.repeat(52)}"})`,
		);
	});
});

describe('an ID given as a number', () => {
	test('0 is an ID, sent as "0"', async () => {
		const { error } = await run(inWorkspace('post', 'delete', { postId: '={{ 0 }}' }));
		// The demo has no post 0: the service says so, after the request went out as asked.
		expect(error?.message).toMatch(/not found/i);
		expect(await calls(sandbox.control)).toEqual([`DELETE ${POSTS}/0`]);
	});

	test.each([
		['-1', 'the number -1'],
		['1.5', 'the number 1.5'],
	])('%s is refused', async (number, given) => {
		await refused(
			inWorkspace('post', 'delete', { postId: `={{ ${number} }}` }),
			`Post ID: needs an ID (text or a whole number), but was given ${given}`,
		);
	});
});

describe('a list written as text', () => {
	test('drops blank and space-only entries between commas', async () => {
		const body = await created(post({ accounts: `${A.facebook}, ,${A.linkedin},,` }));
		expect(body.accounts).toEqual([A.facebook, A.linkedin]);
	});

	test('a blank entry in a list given as a list is refused', async () => {
		await refused(
			post({ accounts: `={{ ["${A.facebook}", "  "] }}` }),
			'Accounts: is blank; it needs an ID',
		);
	});

	test('of only commas leaves a list that is not required unset: nothing is sent', async () => {
		const body = await created(post({ additionalFields: { labels: ',' } }));
		expect(body.labels).toBeUndefined();
	});

	test('of only commas leaves a required list empty', async () => {
		await refused(
			post({ additionalFields: { approval: { values: { approvers: ',' } } } }),
			'Approval Approvers: is required',
		);
	});
});

/** Noon UTC a week from now: always in the future, the same day in UTC and in Tokyo's evening. */
function noonUtcInAWeek(): Date {
	const at = new Date(Date.now() + 7 * 86_400_000);
	at.setUTCHours(12, 0, 0, 0);
	return at;
}

describe('spaces around a value', () => {
	test('are dropped from a media URL and a video URL', async () => {
		const body = await created(
			post({
				additionalFields: { video: ' https://example.com/v.mp4 ' },
				platformOptions: {
					twitterThread: { items: [{ media: '={{ [" https://example.com/a.png "] }}' }] },
				},
			}),
		);
		expect(body.content).toEqual({
			text: 'Hello',
			media: { video: 'https://example.com/v.mp4' },
		});
		expect(body.twitter_options).toEqual({
			has_threaded_tweets: true,
			threaded_tweets: [{ media: ['https://example.com/a.png'] }],
		});
	});

	test('are dropped before a media URL is checked, and from what the error quotes', async () => {
		await refused(
			post({
				platformOptions: {
					twitterThread: { items: [{ media: '={{ [" ftp://example.com/a.png "] }}' }] },
				},
			}),
			'X (Twitter) Thread item 1 Media: "ftp://example.com/a.png" is not an http(s) URL',
		);
	});

	test('are dropped from a time zone name', async () => {
		const inAWeek = noonUtcInAWeek();
		const body = await created(
			post({
				publishType: 'scheduled',
				scheduledAt: inAWeek.toISOString(),
				options: { timezone: ' Asia/Tokyo ' },
			}),
		);
		// Tokyo is UTC+9 all year: noon UTC is 21:00 there, the same day.
		const day = inAWeek.toISOString().slice(0, 10);
		expect(body.scheduling).toEqual({ publish_type: 'scheduled', scheduled_at: `${day} 21:00:00` });
	});

	test('a planned time of spaces only is no time: the draft goes without one', async () => {
		const body = await created(post({ publishType: 'draft', scheduledAt: '   ' }));
		expect(body.scheduling).toEqual({ publish_type: 'draft' });
	});

	test('a time zone of spaces only is no time zone: the workspace zone is used', async () => {
		const inAWeek = noonUtcInAWeek();
		const { error, output } = await run(
			post({
				publishType: 'scheduled',
				scheduledAt: inAWeek.toISOString(),
				options: { timezone: '   ' },
			}),
		);
		expect(error).toBeUndefined();
		expect(output[0].json.timezone).toBe(DEMO.workspaces.main.timezone);
	});
});

describe('a value of another type than the field asks', () => {
	test('a time zone given as a number', async () => {
		await refused(
			post({ options: { timezone: '={{ 42 }}' } }),
			'Timezone: the number 42 is not an IANA time zone name such as Europe/Berlin or America/New_York',
		);
	});

	test('a time zone name that is not one is quoted without its spaces', async () => {
		await refused(
			post({ options: { timezone: ' Mars/Base ' } }),
			'Timezone: "Mars/Base" is not an IANA time zone name such as Europe/Berlin or America/New_York',
		);
	});

	test('a date-time given as a number', async () => {
		await refused(
			post({ publishType: 'scheduled', scheduledAt: '={{ 42 }}' }),
			'Scheduled At: needs a date-time, but was given the number 42',
		);
	});

	test.each([
		['"true"', true],
		['"false"', false],
	])('a flag given as the text %s', async (text, sent) => {
		const body = await created(post({ additionalFields: { hideClient: `={{ ${text} }}` } }));
		expect(body.hide_client).toBe(sent);
	});

	test('a Limit given as true is refused', async () => {
		await refused(
			inWorkspace('post', 'getAll', { returnAll: false, limit: '={{ true }}' }),
			'Limit: needs a whole number of at least 1, but was given true',
		);
	});

	test.each([
		['"2"', 2],
		['" 2 "', 2],
		['"12"', 12],
	])('a Limit given as the text %s', async (text, count) => {
		const { error, output } = await run(
			inWorkspace('post', 'getAll', { returnAll: false, limit: `={{ ${text} }}` }),
		);
		expect(error).toBeUndefined();
		expect(output).toHaveLength(count);
	});

	// n8n fills the editor's default in before the node reads it; the node's own fallback is for a
	// caller that hands no value at all.
	test('an Approval without an Approve Option sends "anyone", which the API needs', async () => {
		const body = await created(
			post({ additionalFields: { approval: { values: { approvers: [DEMO.users.maya.id] } } } }),
		);
		expect(body.approval).toEqual({ approvers: [DEMO.users.maya.id], approve_option: 'anyone' });
	});
});

describe('a group left empty', () => {
	test('a thread of no items is no thread', async () => {
		const body = await created(post({ platformOptions: { twitterThread: { items: [] } } }));
		expect(body.twitter_options).toBeUndefined();
	});

	test('platform options whose fields are all empty send no options', async () => {
		const body = await created(post({ platformOptions: { pinterest: { title: '', link: '' } } }));
		expect(body.pinterest_options).toBeUndefined();
	});

	test('options the node uses itself are not sent in the body', async () => {
		const body = await created(post({ options: { timezone: 'Europe/Berlin' } }));
		expect(body).toEqual({
			content: { text: 'Hello' },
			accounts: [A.facebook],
			scheduling: { publish_type: 'draft' },
		});
	});
});
