// Every limit and rule of the issue is checked before anything is sent: a NodeOperationError that
// names the field, the limit and the item, and an empty request log.
import type { INodeParameters } from 'n8n-workflow';

import { binaryItem, runNode } from '../harness/engine.cts';
import { useSandbox } from '../harness/sandbox.cts';
import { DEMO } from '../../sandbox/demo-data.cts';

import { limitOf, MEDIA_IDS_PER_POST, THREAD_ITEMS } from '../fields/description-limits.cts';
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

const escaped = (text: string) => text.replace(/[()]/g, '\\$&');
const tooLong = (label: string, max: number) =>
	new RegExp(`^${escaped(label)}: is ${max + 1} characters long; the limit is ${max}$`);
const tooMany = (label: string, max: number) =>
	new RegExp(`^${escaped(label)}: has ${max + 1} entries; the limit is ${max}$`);
/** The description's limit of a Create Post field (test/fields/description-limits.cts). */
const max = (label: string, operation = 'post.create') => limitOf(operation, label).max as number;
const text = max('Text');
const images = max('Image URLs');
const labels = max('Labels');
const firstComment = max('First Comment Message');
const notes = max('Approval Notes');
const comment = max('Comment', 'post.approve');
const threadMedia = max('X (Twitter) Thread item 1 Media');
const tag = limitOf('post.create', 'YouTube Tags').entryMax as number;

const CASES: Array<[string, INodeParameters, RegExp]> = [
	[`text over ${text}`, post({ text: 'x'.repeat(text + 1) }), tooLong('Text', text)],
	[
		`more than ${images} images`,
		post({
			additionalFields: {
				images: many(images + 1, (n) => `https://images.demo.social/${n}.png`),
			},
		}),
		tooMany('Image URLs', images),
	],
	[
		`more than ${MEDIA_IDS_PER_POST} media_ids`,
		post({ additionalFields: { mediaIds: many(MEDIA_IDS_PER_POST + 1, (n) => `media-${n}`) } }),
		tooMany('Media Library Items and Input Binary Fields', MEDIA_IDS_PER_POST),
	],
	[
		`more than ${labels} labels`,
		post({ additionalFields: { labels: many(labels + 1, (n) => `label-${n}`) } }),
		tooMany('Labels', labels),
	],
	[
		`first comment over ${firstComment}`,
		post({
			additionalFields: {
				firstComment: {
					values: { message: 'x'.repeat(firstComment + 1), accounts: [A.facebook] },
				},
			},
		}),
		tooLong('First Comment Message', firstComment),
	],
	[
		`approval notes over ${notes}`,
		post({
			additionalFields: {
				approval: { values: { approvers: [DEMO.users.maya.id], notes: 'x'.repeat(notes + 1) } },
			},
		}),
		tooLong('Approval Notes', notes),
	],
	[
		`approval comment over ${comment}`,
		inWorkspace('post', 'approve', {
			postId: DEMO.posts.pendingForMaya1,
			comment: 'x'.repeat(comment + 1),
		}),
		tooLong('Comment', comment),
	],
	[
		`more than ${THREAD_ITEMS} X thread items`,
		post({ platformOptions: { twitterThread: thread(THREAD_ITEMS + 1) } }),
		tooMany('X (Twitter) Thread', THREAD_ITEMS),
	],
	[
		`more than ${THREAD_ITEMS} Threads thread items`,
		post({ platformOptions: { threadsThread: thread(THREAD_ITEMS + 1) } }),
		tooMany('Threads Thread', THREAD_ITEMS),
	],
	[
		`more than ${threadMedia} media in a thread item`,
		post({ platformOptions: { twitterThread: thread(1, threadMedia + 1) } }),
		tooMany('X (Twitter) Thread item 1 Media', threadMedia),
	],
	[
		`more than ${threadMedia} media in a Threads thread item`,
		post({ platformOptions: { threadsThread: thread(1, threadMedia + 1) } }),
		tooMany('Threads Thread item 1 Media', threadMedia),
	],
	...(['gmb', 'youtube', 'pinterest'] as const).map(
		(platform): [string, INodeParameters, RegExp] => {
			const label = { gmb: 'Google Business Profile', youtube: 'YouTube', pinterest: 'Pinterest' }[
				platform
			];
			const limit = max(`${label} Title`);
			return [
				`${label} title over ${limit}`,
				post({ platformOptions: { [platform]: { title: 'x'.repeat(limit + 1) } } }),
				tooLong(`${label} Title`, limit),
			];
		},
	),
	[
		`a YouTube tag over ${tag}`,
		post({ platformOptions: { youtube: { tags: `ok, ${'x'.repeat(tag + 1)}` } } }),
		tooLong('YouTube Tags (tag 2)', tag),
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
		items: [{ json: { text: 'fine' } }, { json: { text: 'x'.repeat(text + 1) } }],
		credentials: sandbox.credentials(),
	});
	expect(error?.message).toBe(`Text: is ${text + 1} characters long; the limit is ${text}`);
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

test(`binary files count toward the ${MEDIA_IDS_PER_POST} media_ids`, async () => {
	const files = Object.fromEntries(
		many(2, (n) => `file${n}`).map((name) => [
			name,
			{ data: Buffer.from('png'), fileName: `${name}.png`, mimeType: 'image/png' },
		]),
	);
	const { error } = await runNode({
		parameters: post({
			additionalFields: {
				binaryPropertyNames: 'file0, file1',
				mediaIds: many(MEDIA_IDS_PER_POST - 1, (n) => `m-${n}`),
			},
		}),
		items: [binaryItem({}, files)],
		credentials: sandbox.credentials(),
	});
	expect(error?.message).toBe(
		`Media Library Items and Input Binary Fields: has ${MEDIA_IDS_PER_POST + 1} entries; the limit is ${MEDIA_IDS_PER_POST}`,
	);
	expect(await calls(sandbox.control)).toEqual([]);
});
