// Every limit and rule of the issue is checked before anything is sent: a NodeOperationError that
// names the field, the limit and the item, and an empty request log.
import type { INodeParameters } from 'n8n-workflow';

import { binaryItem, runNode } from '../harness/engine.cts';
import { useSandbox } from '../harness/sandbox.cts';
import { DEMO } from '../../sandbox/demo-data.cts';

import { calls, inWorkspace } from '../library/fixtures.cts';
import { A } from './fixtures.cts';

const sandbox = useSandbox();

beforeEach(async () => {
	await sandbox.control.clearRequests();
});

const many = (count: number, make: (n: number) => string) =>
	Array.from({ length: count }, (_, n) => make(n));
const thread = (items: number, media = 0) => ({
	items: many(items, (n) => `Item ${n}`).map((message) => ({
		message,
		media: many(media, (n) => `https://images.demo.social/${n}.png`).join(','),
	})),
});
const post = (rest: INodeParameters) =>
	inWorkspace('post', 'create', { text: 'Hello', accounts: [A.facebook], ...rest });

const CASES: Array<[string, INodeParameters, RegExp]> = [
	[
		'text over 5000',
		post({ text: 'x'.repeat(5001) }),
		/^Text: is 5001 characters long; the limit is 5000$/,
	],
	[
		'more than 10 images',
		post({ additionalFields: { images: many(11, (n) => `https://images.demo.social/${n}.png`) } }),
		/^Image URLs: has 11 entries; the limit is 10$/,
	],
	[
		'more than 10 media_ids',
		post({ additionalFields: { mediaIds: many(11, (n) => `media-${n}`) } }),
		/^Media Library Items and Input Binary Fields: has 11 entries; the limit is 10$/,
	],
	[
		'more than 20 labels',
		post({ additionalFields: { labels: many(21, (n) => `label-${n}`) } }),
		/^Labels: has 21 entries; the limit is 20$/,
	],
	[
		'first comment over 2000',
		post({
			additionalFields: {
				firstComment: { values: { message: 'x'.repeat(2001), accounts: [A.facebook] } },
			},
		}),
		/^First Comment Message: is 2001 characters long; the limit is 2000$/,
	],
	[
		'approval notes over 1000',
		post({
			additionalFields: {
				approval: { values: { approvers: [DEMO.users.maya.id], notes: 'x'.repeat(1001) } },
			},
		}),
		/^Approval Notes: is 1001 characters long; the limit is 1000$/,
	],
	[
		'approval comment over 1000',
		inWorkspace('post', 'approve', {
			postId: DEMO.posts.pendingForMaya1,
			comment: 'x'.repeat(1001),
		}),
		/^Comment: is 1001 characters long; the limit is 1000$/,
	],
	[
		'more than 10 X thread items',
		post({ platformOptions: { twitterThread: thread(11) } }),
		/^X \(Twitter\) Thread: has 11 entries; the limit is 10$/,
	],
	[
		'more than 10 Threads thread items',
		post({ platformOptions: { threadsThread: thread(11) } }),
		/^Threads Thread: has 11 entries; the limit is 10$/,
	],
	[
		'more than 10 media in a thread item',
		post({ platformOptions: { twitterThread: thread(1, 11) } }),
		/^X \(Twitter\) Thread item 1 Media: has 11 entries; the limit is 10$/,
	],
	[
		'Google Business Profile title over 100',
		post({ platformOptions: { gmb: { title: 'x'.repeat(101) } } }),
		/^Google Business Profile Title: is 101 characters long; the limit is 100$/,
	],
	[
		'YouTube title over 100',
		post({ platformOptions: { youtube: { title: 'x'.repeat(101) } } }),
		/^YouTube Title: is 101 characters long; the limit is 100$/,
	],
	[
		'Pinterest title over 100',
		post({ platformOptions: { pinterest: { title: 'x'.repeat(101) } } }),
		/^Pinterest Title: is 101 characters long; the limit is 100$/,
	],
	[
		'a YouTube tag over 30',
		post({ platformOptions: { youtube: { tags: `ok, ${'x'.repeat(31)}` } } }),
		/^YouTube Tags \(tag 2\): is 31 characters long; the limit is 30$/,
	],
	[
		'a Facebook background together with media',
		post({
			additionalFields: { mediaIds: [DEMO.media.latteArt] },
			platformOptions: { facebookBackgroundId: DEMO.textBackgrounds.ocean },
		}),
		/^Facebook Background: applies only to plain-text posts/,
	],
	[
		"first-comment accounts outside the post's accounts",
		post({
			additionalFields: {
				firstComment: { values: { message: 'Hi', accounts: [A.facebook, A.twitter] } },
			},
		}),
		new RegExp(
			`^First Comment Accounts: must be a subset of the post's accounts; ${A.twitter} is not among them$`,
		),
	],
	[
		'a scheduled time in the past',
		post({
			publishType: 'scheduled',
			scheduledAt: '2020-01-01T09:00:00Z',
			options: { timezone: 'Europe/Berlin' },
		}),
		/^Scheduled At: 2020-01-01 10:00:00 \(Europe\/Berlin\) is in the past; a scheduled post needs a time in the future/,
	],
	[
		// n8n itself refuses an empty required field; an expression that comes out empty reaches the node.
		'a scheduled post whose time comes out empty',
		post({ publishType: 'scheduled', scheduledAt: '={{ $json.missing }}' }),
		/^Scheduled At: is required when Publish Type is "Scheduled"$/,
	],
	[
		'a time that is not a date',
		post({ publishType: 'scheduled', scheduledAt: 'next tuesday' }),
		/^Scheduled At: "next tuesday" is not a date-time/,
	],
	[
		'an unknown time zone',
		post({ options: { timezone: 'Mars/Olympus' } }),
		/^Timezone: "Mars\/Olympus" is not an IANA time zone name/,
	],
	[
		'no accounts and no content category',
		post({ accounts: [] }),
		/^Accounts: needs at least one account, or a Content Category/,
	],
	[
		'publish type content category without a category',
		post({ publishType: 'content_category' }),
		/^Content Category: is required when Publish Type is "Content Category"$/,
	],
	[
		'an image that is not a URL',
		post({ additionalFields: { images: ['photo.png'] } }),
		/^Image URLs: "photo.png" is not a URL/,
	],
	[
		'approval without approvers',
		post({ additionalFields: { approval: { values: { approvers: [], notes: 'hi' } } } }),
		/^Approval Approvers: is required$/,
	],
];

test.each(CASES)('%s is refused before sending', async (_name, parameters, message) => {
	const { error, output } = await runNode({ parameters, credentials: sandbox.credentials() });
	expect(output).toEqual([]);
	expect(error?.message).toMatch(message);
	expect(error?.description).toMatch(/^Item 0 was not sent\. Correct ".+" and run again\.$/);
	expect(error?.itemIndex).toBe(0);
	expect(await calls(sandbox.control)).toEqual([]);
});

test('the error names the item that broke the limit', async () => {
	const { error } = await runNode({
		parameters: post({ text: '={{ $json.text }}' }),
		items: [{ json: { text: 'fine' } }, { json: { text: 'x'.repeat(5001) } }],
		credentials: sandbox.credentials(),
	});
	expect(error?.message).toBe('Text: is 5001 characters long; the limit is 5000');
	expect(error?.description).toMatch(/^Item 1 was not sent/);
	expect(error?.itemIndex).toBe(1);
});

test('an approver list with the creator is refused after asking /me, and nothing is posted', async () => {
	const { error } = await runNode({
		parameters: post({
			additionalFields: {
				approval: { values: { approvers: [DEMO.users.maya.id, DEMO.users.alex.id] } },
			},
		}),
		credentials: sandbox.credentials('full'),
	});
	expect(error?.message).toBe(
		`Approval Approvers: may not include the post's creator (${DEMO.users.alex.id}, the user of this API key); choose other team members`,
	);
	expect(await calls(sandbox.control)).toEqual(['GET /api/v1/me']);
});

test('a missing binary property is refused before any upload', async () => {
	const { error } = await runNode({
		parameters: post({ additionalFields: { binaryPropertyNames: 'data, missing' } }),
		items: [
			binaryItem(
				{},
				{ data: { data: Buffer.from('png'), fileName: 'a.png', mimeType: 'image/png' } },
			),
		],
		credentials: sandbox.credentials(),
	});
	expect(error?.message).toMatch(/missing/);
	expect(await calls(sandbox.control)).toEqual([]);
});

test('binary files count toward the 10 media_ids', async () => {
	const files = Object.fromEntries(
		many(2, (n) => `file${n}`).map((name) => [
			name,
			{ data: Buffer.from('png'), fileName: `${name}.png`, mimeType: 'image/png' },
		]),
	);
	const { error } = await runNode({
		parameters: post({
			additionalFields: { binaryPropertyNames: 'file0, file1', mediaIds: many(9, (n) => `m-${n}`) },
		}),
		items: [binaryItem({}, files)],
		credentials: sandbox.credentials(),
	});
	expect(error?.message).toBe(
		'Media Library Items and Input Binary Fields: has 11 entries; the limit is 10',
	);
	expect(await calls(sandbox.control)).toEqual([]);
});
