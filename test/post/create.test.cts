// Post > Create through the real engine: every field of 4.14 reaching the API as the request log
// shows it, options left unset not sent, binary files uploaded then attached, and the output.
import { binaryItem, expectNoSecret, runNode } from '../harness/engine.cts';
import type { BinaryMode } from '../harness/engine.cts';
import { useSandbox } from '../harness/sandbox.cts';
import { DEMO } from '../../sandbox/demo-data.cts';

import { byId, calls, inWorkspace } from '../library/fixtures.cts';
import {
	A,
	bodiesSent,
	createdPostBody,
	MEDIA,
	NEXT_YEAR,
	POSTS,
	storedPostId,
} from './fixtures.cts';

const sandbox = useSandbox();

beforeEach(async () => {
	await sandbox.control.clearRequests();
});

const FUTURE = `${NEXT_YEAR}-06-15T10:00:00Z`;

/** The next POST to `path` is answered 201 with `body`, as other deployments of the API answer. */
async function answerOnce(path: string, body: Record<string, unknown>) {
	await sandbox.control.fault({ method: 'POST', path, times: 1, status: 201, body });
}

describe('Create', () => {
	test('a draft with only text and accounts sends nothing else', async () => {
		const { output, error } = await runNode({
			parameters: inWorkspace('post', 'create', { text: 'Just text', accounts: [A.facebook] }),
			credentials: sandbox.credentials(),
			timezone: 'Europe/Berlin',
		});
		expect(error).toBeUndefined();
		expect(await createdPostBody(sandbox.control)).toEqual({
			content: { text: 'Just text' },
			accounts: [A.facebook],
			scheduling: { publish_type: 'draft' },
		});
		expect(output).toHaveLength(1);
		expect(output[0].json).toMatchObject({
			id: await storedPostId(sandbox.url, 'Just text'),
			publish_type: 'draft',
			scheduled_at: null,
			// No time was sent, so no zone was read or used.
			timezone: null,
			timezone_source: null,
		});
		expect(output[0].pairedItem).toEqual({ item: 0 });
	});

	test('every field of 4.14 reaches the API', async () => {
		const { output, error } = await runNode({
			parameters: inWorkspace('post', 'create', {
				text: 'Flat white Friday',
				accounts: [A.facebook, A.youtube, A.tiktok, A.twitter, A.threads, A.pinterest, A.gmb],
				publishType: 'scheduled',
				scheduledAt: FUTURE,
				additionalFields: {
					images: ['https://images.demo.social/a.png', 'https://images.demo.social/b.png'],
					video: 'https://images.demo.social/clip.mp4',
					mediaIds: [DEMO.media.latteArt],
					contentCategoryId: byId(DEMO.contentCategories.tips),
					postType: 'feed+reel',
					postVideoTitle: 'Our roastery',
					hideClient: true,
					firstComment: { values: { message: 'Menu in the comments', accounts: [A.facebook] } },
					labels: [DEMO.labels.promo, DEMO.labels.launch],
					campaignId: byId(DEMO.campaigns.spring),
					approval: {
						values: {
							approvers: [DEMO.users.maya.id, DEMO.users.jordan.id],
							approveOption: 'everyone',
							notes: 'Check the price',
						},
					},
				},
				platformOptions: {
					gmb: {
						topic_type: 'EVENT',
						title: 'Cupping night',
						start_date: `${NEXT_YEAR}-06-20T00:00:00`,
						end_date: `${NEXT_YEAR}-06-21`,
						action_type: 'BOOK',
						cta_link: 'https://acme.example/cupping',
					},
					youtube: {
						title: 'Roastery tour',
						privacy_status: 'private',
						category: 'EDUCATION',
						tags: 'coffee, roastery',
						license: 'creativeCommon',
						made_for_kids: false,
					},
					tiktok: { privacy_level: 'SELF_ONLY', disable_duet: true, is_aigc: false },
					twitterThread: {
						items: [
							{ message: 'Part two', media: '' },
							{
								message: 'Part three',
								media: `https://images.demo.social/c.png, ${DEMO.media.storeFront}`,
							},
						],
					},
					threadsThread: { items: [{ message: 'More on Threads', media: DEMO.media.pourGif }] },
					pinterest: { title: 'Roastery', link: 'https://acme.example/pin' },
				},
				options: { timezone: 'Europe/Berlin' },
			}),
			credentials: sandbox.credentials(),
		});
		expect(error).toBeUndefined();
		expect(await createdPostBody(sandbox.control)).toEqual({
			content: {
				text: 'Flat white Friday',
				media: {
					images: ['https://images.demo.social/a.png', 'https://images.demo.social/b.png'],
					video: 'https://images.demo.social/clip.mp4',
					media_ids: [DEMO.media.latteArt],
				},
			},
			accounts: [A.facebook, A.youtube, A.tiktok, A.twitter, A.threads, A.pinterest, A.gmb],
			content_category_id: DEMO.contentCategories.tips,
			post_type: 'feed+reel',
			post_video_title: 'Our roastery',
			hide_client: true,
			scheduling: { publish_type: 'scheduled', scheduled_at: `${NEXT_YEAR}-06-15 12:00:00` },
			first_comment: { message: 'Menu in the comments', accounts: [A.facebook] },
			labels: [DEMO.labels.promo, DEMO.labels.launch],
			campaign_id: DEMO.campaigns.spring,
			approval: {
				approvers: [DEMO.users.maya.id, DEMO.users.jordan.id],
				approve_option: 'everyone',
				notes: 'Check the price',
			},
			gmb_options: {
				topic_type: 'EVENT',
				title: 'Cupping night',
				start_date: `${NEXT_YEAR}-06-20`,
				end_date: `${NEXT_YEAR}-06-21`,
				action_type: 'BOOK',
				cta_link: 'https://acme.example/cupping',
			},
			youtube_options: {
				title: 'Roastery tour',
				privacy_status: 'private',
				category: 'EDUCATION',
				tags: ['coffee', 'roastery'],
				license: 'creativeCommon',
				made_for_kids: false,
			},
			tiktok_options: { privacy_level: 'SELF_ONLY', disable_duet: true, is_aigc: false },
			twitter_options: {
				has_threaded_tweets: true,
				threaded_tweets: [
					{ message: 'Part two' },
					{
						message: 'Part three',
						media: ['https://images.demo.social/c.png', DEMO.media.storeFront],
					},
				],
			},
			threads_options: {
				has_multi_threads: true,
				multi_threads: [{ message: 'More on Threads', media: [DEMO.media.pourGif] }],
			},
			pinterest_options: { title: 'Roastery', link: 'https://acme.example/pin' },
		});
		// The creator check asks who the key's user is once, before the post is sent.
		expect(await calls(sandbox.control)).toEqual(['GET /api/v1/me', `POST ${POSTS}`]);
		expect(output[0].json).toMatchObject({
			id: await storedPostId(sandbox.url, 'Flat white Friday'),
			publish_type: 'scheduled',
			scheduled_at: `${NEXT_YEAR}-06-15 12:00:00`,
			timezone: 'Europe/Berlin',
		});
		expectNoSecret(output, DEMO.keys.full);
	});

	test('a platform option set alone is sent alone, without the defaults of the others', async () => {
		const { error } = await runNode({
			parameters: inWorkspace('post', 'create', {
				text: 'Behind the bar',
				accounts: [A.tiktok],
				platformOptions: {
					tiktok: { privacy_level: 'MUTUAL_FOLLOW_FRIENDS' },
					youtube: { title: 'Clip' },
				},
			}),
			credentials: sandbox.credentials(),
		});
		expect(error).toBeUndefined();
		const body = await createdPostBody(sandbox.control);
		expect(body.tiktok_options).toEqual({ privacy_level: 'MUTUAL_FOLLOW_FRIENDS' });
		expect(body.youtube_options).toEqual({ title: 'Clip' });
		expect(
			Object.keys(body)
				.filter((key) => key.endsWith('_options'))
				.sort(),
		).toEqual(['tiktok_options', 'youtube_options']);
	});

	test('a Facebook text background on a plain-text post', async () => {
		const { error } = await runNode({
			parameters: inWorkspace('post', 'create', {
				text: 'Coffee?',
				accounts: [A.facebook],
				platformOptions: { facebookBackgroundId: DEMO.textBackgrounds.sunset },
			}),
			credentials: sandbox.credentials(),
		});
		expect(error).toBeUndefined();
		expect((await createdPostBody(sandbox.control)).facebook_options).toEqual({
			facebook_background_id: DEMO.textBackgrounds.sunset,
		});
	});

	// n8n shows every field that depends on Publish Type once it is an expression (an assistant
	// that picks it per item): Scheduled At is then on screen for drafts too, and must not be asked for.
	test('Publish Type from an expression: a draft and a queued post need no Scheduled At; a scheduled one does', async () => {
		const parameters = inWorkspace('post', 'create', {
			text: '={{ $json.text }}',
			accounts: [A.facebook],
			publishType: '={{ $json.type }}',
		});
		const { output, error } = await runNode({
			parameters,
			items: ['draft', 'queued'].map((type) => ({ json: { text: `A ${type} post`, type } })),
			credentials: sandbox.credentials(),
		});
		expect(error).toBeUndefined();
		expect(output.map((item) => item.json.publish_type)).toEqual(['draft', 'queued']);
		const sent = (await bodiesSent(sandbox.control, 'POST', POSTS)) as Array<{
			scheduling: object;
		}>;
		expect(sent.map((body) => body.scheduling)).toEqual([
			{ publish_type: 'draft' },
			{ publish_type: 'queued' },
		]);

		await sandbox.control.clearRequests();
		const scheduled = await runNode({
			parameters,
			items: [{ json: { text: 'A scheduled post', type: 'scheduled' } }],
			credentials: sandbox.credentials(),
		});
		expect(scheduled.error?.message).toBe(
			'Scheduled At: is required when Publish Type is "Scheduled"',
		);
		expect(await calls(sandbox.control)).toEqual([]);
	});

	test('accounts by expression, as a comma-separated string, and a content category alone', async () => {
		const { error } = await runNode({
			parameters: inWorkspace('post', 'create', {
				text: 'From an expression',
				accounts: `={{ "${A.facebook}, ${A.linkedin}" }}`,
				publishType: 'queued',
			}),
			credentials: sandbox.credentials(),
		});
		expect(error).toBeUndefined();
		expect((await createdPostBody(sandbox.control)).accounts).toEqual([A.facebook, A.linkedin]);

		await sandbox.control.clearRequests();
		const byCategory = await runNode({
			parameters: inWorkspace('post', 'create', {
				text: 'Tip of the day',
				publishType: 'content_category',
				additionalFields: { contentCategoryId: byId(DEMO.contentCategories.tips) },
			}),
			credentials: sandbox.credentials(),
		});
		expect(byCategory.error).toBeUndefined();
		expect(await createdPostBody(sandbox.control)).toEqual({
			content: { text: 'Tip of the day' },
			content_category_id: DEMO.contentCategories.tips,
			scheduling: { publish_type: 'content_category' },
		});
	});

	test.each<BinaryMode>(['memory', 'filesystem'])(
		'binary files (%s mode) are uploaded to the media library first, then attached by media_ids',
		async (binaryMode) => {
			const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
			const { output, error } = await runNode({
				parameters: inWorkspace('post', 'create', {
					text: 'Fresh from the camera',
					accounts: [A.instagram],
					additionalFields: {
						binaryPropertyNames: 'photo, second',
						mediaIds: [DEMO.media.latteArt],
					},
				}),
				items: [
					binaryItem(
						{},
						{
							photo: { data: png, fileName: 'photo.png', mimeType: 'image/png' },
							second: { data: png, fileName: 'second.png', mimeType: 'image/png' },
						},
					),
				],
				credentials: sandbox.credentials(),
				binaryMode,
			});
			expect(error).toBeUndefined();
			expect(await calls(sandbox.control)).toEqual([
				`POST ${MEDIA}`,
				`POST ${MEDIA}`,
				`POST ${POSTS}`,
			]);
			const uploaded = output[0].json.uploaded_media as Array<{
				binary_property: string;
				_id: string;
				name: string;
			}>;
			expect(uploaded.map((asset) => [asset.binary_property, asset.name])).toEqual([
				['photo', 'photo.png'],
				['second', 'second.png'],
			]);
			expect(uploaded.every((asset) => asset._id !== '')).toBe(true);
			const body = await createdPostBody(sandbox.control);
			expect(body.content).toEqual({
				text: 'Fresh from the camera',
				media: { media_ids: [DEMO.media.latteArt, uploaded[0]._id, uploaded[1]._id] },
			});
		},
	);

	test('an upload answered without a media ID stops the item before the post is sent', async () => {
		await answerOnce(MEDIA, { status: true, data: { name: 'photo.png' } });
		const { error } = await runNode({
			parameters: inWorkspace('post', 'create', {
				text: 'Photo',
				accounts: [A.instagram],
				additionalFields: { binaryPropertyNames: 'photo' },
				options: { onServerError: 'fail' },
			}),
			items: [
				binaryItem(
					{},
					{ photo: { data: Buffer.from('png'), fileName: 'photo.png', mimeType: 'image/png' } },
				),
			],
			credentials: sandbox.credentials(),
		});
		expect(error?.message).toBe(
			`The service answered POST ${MEDIA} with HTTP 200 but not in the API's form: it does not name the created media item (no _id, id)`,
		);
		expect(await bodiesSent(sandbox.control, 'POST', POSTS)).toEqual([]);
	});

	test('a warning in the answer reaches the output', async () => {
		await answerOnce(POSTS, {
			status: true,
			message: 'Post created',
			warning: 'Instagram needs an image',
			data: { _id: 'abc123', post_url: 'https://x' },
		});
		const { output, error } = await runNode({
			parameters: inWorkspace('post', 'create', { text: 'No image', accounts: [A.instagram] }),
			credentials: sandbox.credentials(),
		});
		expect(error).toBeUndefined();
		expect(output[0].json).toMatchObject({ id: 'abc123', warning: 'Instagram needs an image' });
	});

	test('the answer may name the new post `post_id`', async () => {
		await answerOnce(POSTS, { status: true, data: { post_id: 'p-77' } });
		const { output } = await runNode({
			parameters: inWorkspace('post', 'create', { text: 'Hi', accounts: [A.facebook] }),
			credentials: sandbox.credentials(),
		});
		expect(output[0].json.id).toBe('p-77');
	});

	test('the creator is asked for once per execution, and only when there are approvers', async () => {
		const approval = { values: { approvers: [DEMO.users.maya.id] } };
		const { output, error } = await runNode({
			parameters: inWorkspace('post', 'create', {
				text: '={{ $json.text }}',
				accounts: [A.facebook],
				additionalFields: { approval },
			}),
			items: [{ json: { text: 'one' } }, { json: { text: 'two' } }],
			credentials: sandbox.credentials(),
		});
		expect(error).toBeUndefined();
		expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(await calls(sandbox.control)).toEqual([
			'GET /api/v1/me',
			`POST ${POSTS}`,
			`POST ${POSTS}`,
		]);
	});
});

describe('errors from the API', () => {
	test('continueOnFail turns a refusal into an error item with the API message and status', async () => {
		const { output, error } = await runNode({
			parameters: inWorkspace('post', 'create', {
				text: '={{ $json.text }}',
				accounts: ['no-such-account'],
			}),
			items: [{ json: { text: 'one' } }],
			credentials: sandbox.credentials(),
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(output).toHaveLength(1);
		expect(output[0].json).toEqual({
			error: 'The selected accounts.0 is invalid. (HTTP 400)',
			description:
				'accounts.0: The selected accounts.0 is invalid.\nThe service rejected the request. Correct the fields listed and try again.',
			httpCode: '400',
		});
		expect(output[0].pairedItem).toEqual({ item: 0 });
		expectNoSecret(output, DEMO.keys.full);
	});

	test('the error output takes the failed item; the good one goes on', async () => {
		const { output, errorOutput } = await runNode({
			parameters: inWorkspace('post', 'create', {
				text: '={{ $json.text }}',
				accounts: [A.facebook],
			}),
			items: [{ json: { text: 'fine' } }, { json: { text: 'x'.repeat(5001) } }],
			credentials: sandbox.credentials(),
			errorOutput: true,
		});
		expect(output).toHaveLength(1);
		expect(output[0].pairedItem).toEqual({ item: 0 });
		expect(errorOutput).toHaveLength(1);
		expect(errorOutput?.[0].json.error).toMatch(/Text: is 5001 characters long; the limit is 5000/);
		expect(errorOutput?.[0].pairedItem).toEqual({ item: 1 });
		expect(await bodiesSent(sandbox.control, 'POST', POSTS)).toHaveLength(1);
	});
});
