import { DATE_FILTERS } from '../../sandbox/profile.cts';

import { DEMO, MAIN, useSandboxApi, ws } from './api.cts';

const api = useSandboxApi();
const a = DEMO.accounts;

/** A wall-clock time in the main workspace's zone, days from now. */
function berlinWallClock(days: number): string {
	const parts = new Intl.DateTimeFormat('sv-SE', {
		timeZone: 'Europe/Berlin',
		dateStyle: 'short',
		timeStyle: 'medium',
	}).format(new Date(Date.now() + days * 86400000));
	return parts.replace('T', ' ');
}

const scheduledPost = (extra: Record<string, unknown> = {}) => ({
	content: { text: 'Fresh beans are in.' },
	accounts: [a.facebook],
	scheduling: { publish_type: 'scheduled', scheduled_at: berlinWallClock(2) },
	...extra,
});

async function listed(id: string) {
	const { body } = await api.get(ws('/posts'), { query: { per_page: 100 } });
	return body.data.find((post: { id: string }) => post.id === id);
}

describe('create post (4.14)', () => {
	it('creates a scheduled post that the list shows first, with the fields of 2.6', async () => {
		const at = berlinWallClock(3);
		const created = await api.post(
			ws('/posts'),
			scheduledPost({ scheduling: { publish_type: 'scheduled', scheduled_at: at } }),
		);
		expect(created.status).toBe(201);
		expect(created.body).toEqual({
			status: true,
			message: expect.any(String),
			data: { id: expect.any(String), post_url: `${api.url}/posts/${created.body.data.id}` },
		});
		const { body } = await api.get(ws('/posts'));
		expect(body.data[0]).toEqual({
			id: created.body.data.id,
			workspace_id: MAIN,
			content: { text: 'Fresh beans are in.', images: [], video: null },
			accounts: {
				facebook: [{ account_id: a.facebook, account_name: 'Acme Coffee', platform: 'facebook' }],
			},
			scheduling: {
				status: 'scheduled',
				scheduled_at: at,
				published_at: null,
				timezone: 'Europe/Berlin',
			},
			created_at: expect.any(String),
			updated_at: expect.any(String),
			created_by: 'Alex Demo',
			labels: [],
			campaign: {},
			approval: {},
			external_actions: [],
			external_comments: [],
		});
	});

	it.each([
		['draft', { scheduling: { publish_type: 'draft' } }, 'draft'],
		['queued', { scheduling: { publish_type: 'queued' } }, 'scheduled'],
		[
			'content category',
			{
				accounts: undefined,
				content_category_id: DEMO.contentCategories.tips,
				scheduling: { publish_type: 'content_category' },
			},
			'scheduled',
		],
		['with approval', { approval: { approvers: [DEMO.users.maya.id] } }, 'under_review'],
		[
			'draft with approval',
			{ scheduling: { publish_type: 'draft' }, approval: { approvers: [DEMO.users.maya.id] } },
			'under_review',
		],
	])('gives a %s post the status %s', async (_case, extra, status) => {
		const { body } = await api.post(ws('/posts'), scheduledPost(extra));
		expect((await listed(body.data.id)).scheduling.status).toBe(status);
	});

	it('gives queued and content-category posts the next queue slot, a whole hour apart, in the order they arrive', async () => {
		const make = async (text: string, scheduling: object, extra: object = {}) => {
			const { body } = await api.post(
				ws('/posts'),
				scheduledPost({ content: { text }, scheduling, ...extra }),
			);
			return (await listed(body.data.id)).scheduling.scheduled_at as string | null;
		};
		const first = await make('First', { publish_type: 'queued' });
		const draft = await make('Draft', { publish_type: 'draft' });
		const second = await make(
			'Second',
			{ publish_type: 'content_category' },
			{ accounts: undefined, content_category_id: DEMO.contentCategories.tips },
		);
		const third = await make('Third', { publish_type: 'queued' });
		expect(draft).toBeNull();
		const hour = (wall: string | null) => Date.parse(`${String(wall).replace(' ', 'T')}Z`);
		expect(String(first)).toMatch(/^\d{4}-\d\d-\d\d \d\d:00:00$/);
		expect(hour(first)).toBeGreaterThan(hour(berlinWallClock(0)));
		expect([hour(second) - hour(first), hour(third) - hour(second)]).toEqual([
			3_600_000, 3_600_000,
		]);
	});

	it('merges the content category accounts, resolves labels, campaign and library media, stores everyone as all', async () => {
		const { body } = await api.post(
			ws('/posts'),
			scheduledPost({
				accounts: [a.twitter, a.facebook],
				content_category_id: DEMO.contentCategories.tips,
				labels: [DEMO.labels.promo],
				campaign_id: DEMO.campaigns.spring,
				content: {
					text: 'With media',
					media: {
						images: ['https://cdn.example.com/a.png'],
						media_ids: [DEMO.media.latteArt, DEMO.media.baristaVideo],
					},
				},
				approval: {
					approvers: [DEMO.users.maya.id, DEMO.users.jordan.id],
					approve_option: 'everyone',
					notes: 'Both please',
				},
			}),
		);
		const post = await listed(body.data.id);
		expect(Object.keys(post.accounts).sort()).toEqual(['facebook', 'linkedin', 'twitter']);
		expect(post.accounts.facebook).toHaveLength(1);
		expect(post.labels).toEqual([{ id: DEMO.labels.promo, name: 'Promo', color: 'color_1' }]);
		expect(post.campaign).toEqual({
			id: DEMO.campaigns.spring,
			name: 'Spring Launch',
			color: 'color_3',
		});
		expect(post.content.images).toEqual([
			'https://cdn.example.com/a.png',
			'https://images.demo.social/latte-art.png',
		]);
		expect(post.content.video).toBe('https://images.demo.social/barista-intro.mp4');
		expect(post.approval).toEqual({
			status: 'pending_approval',
			approve_option: 'all',
			notes: 'Both please',
			approvers: [DEMO.users.maya, DEMO.users.jordan].map((user) => ({
				user_id: user.id,
				name: user.name,
				email: user.email,
				is_external: false,
				status: 'pending',
				last_action_time: null,
				last_action_note: null,
			})),
		});
	});

	const twelve = Array.from({ length: 11 }, (_, index) => `https://cdn.example.com/${index}.png`);

	it.each<[string, Record<string, unknown>, string, string]>([
		['no content', { content: undefined }, 'content', 'The content field is required.'],
		[
			'empty text',
			{ content: { text: '' } },
			'content.text',
			'The content.text field is required.',
		],
		[
			'text over 5000',
			{ content: { text: 'x'.repeat(5001) } },
			'content.text',
			'The content.text field must not be greater than 5000 characters.',
		],
		[
			'11 images',
			{ content: { text: 't', media: { images: twelve } } },
			'content.media.images',
			'The content.media.images field must not have more than 10 items.',
		],
		[
			'an image that is no URL',
			{ content: { text: 't', media: { images: ['nope'] } } },
			'content.media.images.0',
			'The content.media.images.0 field must be a valid URL.',
		],
		[
			'11 media ids',
			{ content: { text: 't', media: { media_ids: twelve } } },
			'content.media.media_ids',
			'The content.media.media_ids field must not have more than 10 items.',
		],
		['no accounts', { accounts: undefined }, 'accounts', 'The accounts field is required.'],
		[
			'empty accounts',
			{ accounts: [] },
			'accounts',
			'The accounts field must have at least 1 items.',
		],
		[
			'an unknown account',
			{ accounts: ['nope'] },
			'accounts.0',
			'The selected accounts.0 is invalid.',
		],
		[
			'an account of another workspace',
			{ accounts: [a.secondFacebook] },
			'accounts.0',
			'The selected accounts.0 is invalid.',
		],
		[
			'an unknown post type',
			{ post_type: 'tweet' },
			'post_type',
			'The selected post_type is invalid.',
		],
		['no scheduling', { scheduling: undefined }, 'scheduling', 'The scheduling field is required.'],
		[
			'an unknown publish type',
			{ scheduling: { publish_type: 'now' } },
			'scheduling.publish_type',
			'The selected scheduling.publish_type is invalid.',
		],
		[
			'scheduled without a time',
			{ scheduling: { publish_type: 'scheduled' } },
			'scheduling.scheduled_at',
			'The scheduling.scheduled_at field is required.',
		],
		[
			'an ISO time',
			{
				scheduling: {
					publish_type: 'scheduled',
					scheduled_at: `${berlinWallClock(2).slice(0, 10)}T10:00:00Z`,
				},
			},
			'scheduling.scheduled_at',
			'The scheduling.scheduled_at field must match the format Y-m-d H:i:s.',
		],
		[
			'an impossible date',
			{
				scheduling: {
					publish_type: 'scheduled',
					scheduled_at: `${new Date().getUTCFullYear() + 1}-02-30 10:00:00`,
				},
			},
			'scheduling.scheduled_at',
			'The scheduling.scheduled_at field must be a valid date.',
		],
		[
			'a past time',
			{ scheduling: { publish_type: 'scheduled', scheduled_at: berlinWallClock(-1) } },
			'scheduling.scheduled_at',
			'The scheduling.scheduled_at field must be a date in the future (workspace time zone Europe/Berlin).',
		],
		[
			'hide_client not boolean',
			{ hide_client: 'yes' },
			'hide_client',
			'The hide_client field must be true or false.',
		],
		[
			'first comment over 2000',
			{ first_comment: { message: 'x'.repeat(2001), accounts: [a.facebook] } },
			'first_comment.message',
			'The first_comment.message field must not be greater than 2000 characters.',
		],
		[
			'first comment without accounts',
			{ first_comment: { message: 'hi' } },
			'first_comment.accounts',
			'The first_comment.accounts field is required.',
		],
		[
			'first comment on another account',
			{ first_comment: { message: 'hi', accounts: [a.twitter] } },
			'first_comment.accounts.0',
			"The first_comment.accounts.0 must be one of the post's accounts.",
		],
		[
			'21 labels',
			{ labels: Array.from({ length: 21 }, () => DEMO.labels.promo) },
			'labels',
			'The labels field must not have more than 20 items.',
		],
		[
			'label objects',
			{ labels: [{ id: DEMO.labels.promo }] },
			'labels.0',
			'The labels.0 field must be a string.',
		],
		['an unknown label', { labels: ['nope'] }, 'labels.0', 'The selected labels.0 is invalid.'],
		[
			'a label of another workspace',
			{ labels: [DEMO.labels.usOnly] },
			'labels.0',
			'The selected labels.0 is invalid.',
		],
		[
			'an unknown campaign',
			{ campaign_id: 'nope' },
			'campaign_id',
			'The selected campaign_id is invalid.',
		],
		[
			'an unknown content category',
			{ content_category_id: 'nope' },
			'content_category_id',
			'The selected content_category_id is invalid.',
		],
		[
			'an unknown media id',
			{ content: { text: 't', media: { media_ids: ['nope'] } } },
			'content.media.media_ids.0',
			'The selected content.media.media_ids.0 is invalid.',
		],
		[
			'approval without approvers',
			{ approval: { approve_option: 'anyone' } },
			'approval.approvers',
			'The approval.approvers field is required.',
		],
		[
			'an approver outside the team',
			{ approval: { approvers: ['nope'] } },
			'approval.approvers.0',
			'The approval.approvers.0 must be a team member of the workspace.',
		],
		[
			'the creator as approver',
			{ approval: { approvers: [DEMO.users.alex.id] } },
			'approval.approvers.0',
			"The approval.approvers.0 may not be the post's creator.",
		],
		[
			'an unknown approve option',
			{ approval: { approvers: [DEMO.users.maya.id], approve_option: 'some' } },
			'approval.approve_option',
			'The selected approval.approve_option is invalid.',
		],
		[
			'approval notes over 1000',
			{ approval: { approvers: [DEMO.users.maya.id], notes: 'x'.repeat(1001) } },
			'approval.notes',
			'The approval.notes field must not be greater than 1000 characters.',
		],
		[
			'a gmb title over 100',
			{ gmb_options: { title: 'x'.repeat(101) } },
			'gmb_options.title',
			'The gmb_options.title field must not be greater than 100 characters.',
		],
		[
			'an unknown gmb topic',
			{ gmb_options: { topic_type: 'NEWS' } },
			'gmb_options.topic_type',
			'The selected gmb_options.topic_type is invalid.',
		],
		[
			'a gmb start date that is no date',
			{ gmb_options: { start_date: 'soon' } },
			'gmb_options.start_date',
			'The gmb_options.start_date field must be a valid date (YYYY-MM-DD).',
		],
		[
			'an unknown gmb action',
			{ gmb_options: { action_type: 'CALL' } },
			'gmb_options.action_type',
			'The selected gmb_options.action_type is invalid.',
		],
		[
			'a gmb link that is no URL',
			{ gmb_options: { cta_link: 'example' } },
			'gmb_options.cta_link',
			'The gmb_options.cta_link field must be a valid URL.',
		],
		[
			'a youtube title over 100',
			{ youtube_options: { title: 'x'.repeat(101) } },
			'youtube_options.title',
			'The youtube_options.title field must not be greater than 100 characters.',
		],
		[
			'a youtube tag over 30',
			{ youtube_options: { tags: ['x'.repeat(31)] } },
			'youtube_options.tags.0',
			'The youtube_options.tags.0 field must not be greater than 30 characters.',
		],
		[
			'an unknown youtube category',
			{ youtube_options: { category: 'COOKING' } },
			'youtube_options.category',
			'The selected youtube_options.category is invalid.',
		],
		[
			'an unknown youtube privacy',
			{ youtube_options: { privacy_status: 'unlisted' } },
			'youtube_options.privacy_status',
			'The selected youtube_options.privacy_status is invalid.',
		],
		[
			'an unknown youtube license',
			{ youtube_options: { license: 'mit' } },
			'youtube_options.license',
			'The selected youtube_options.license is invalid.',
		],
		[
			'made_for_kids not boolean',
			{ youtube_options: { made_for_kids: 'no' } },
			'youtube_options.made_for_kids',
			'The youtube_options.made_for_kids field must be true or false.',
		],
		[
			'an unknown tiktok privacy',
			{ tiktok_options: { privacy_level: 'FRIENDS' } },
			'tiktok_options.privacy_level',
			'The selected tiktok_options.privacy_level is invalid.',
		],
		[
			'a tiktok flag not boolean',
			{ tiktok_options: { is_aigc: 1 } },
			'tiktok_options.is_aigc',
			'The tiktok_options.is_aigc field must be true or false.',
		],
		[
			'tiktok without privacy level',
			{ accounts: [a.tiktok] },
			'tiktok_options.privacy_level',
			'The tiktok_options.privacy_level field is required when posting to TikTok.',
		],
		[
			'11 tweets',
			{
				twitter_options: { threaded_tweets: Array.from({ length: 11 }, () => ({ message: 'm' })) },
			},
			'twitter_options.threaded_tweets',
			'The twitter_options.threaded_tweets field must not have more than 10 items.',
		],
		[
			'a tweet with 11 media',
			{ twitter_options: { threaded_tweets: [{ message: 'm', media: twelve }] } },
			'twitter_options.threaded_tweets.0.media',
			'The twitter_options.threaded_tweets.0.media field must not have more than 10 items.',
		],
		[
			'an empty tweet',
			{ twitter_options: { threaded_tweets: [{ message: '' }] } },
			'twitter_options.threaded_tweets.0.message',
			'The twitter_options.threaded_tweets.0.message field is required when twitter_options.threaded_tweets.0.media is empty.',
		],
		[
			'a tweet mixing images and video',
			{
				twitter_options: {
					threaded_tweets: [{ media: ['https://x.example/a.png', DEMO.media.baristaVideo] }],
				},
			},
			'twitter_options.threaded_tweets.0.media',
			'The twitter_options.threaded_tweets.0.media field may hold images or one video, not both.',
		],
		[
			'a tweet with two videos',
			{
				twitter_options: {
					threaded_tweets: [{ media: ['https://x.example/a.mp4', 'https://x.example/b.mov'] }],
				},
			},
			'twitter_options.threaded_tweets.0.media',
			'The twitter_options.threaded_tweets.0.media field may hold at most one video.',
		],
		[
			'11 threads items',
			{ threads_options: { multi_threads: Array.from({ length: 11 }, () => ({ message: 'm' })) } },
			'threads_options.multi_threads',
			'The threads_options.multi_threads field must not have more than 10 items.',
		],
		[
			'an empty threads item',
			{ threads_options: { multi_threads: [{ media: [] }] } },
			'threads_options.multi_threads.0.message',
			'The threads_options.multi_threads.0.message field is required when threads_options.multi_threads.0.media is empty.',
		],
		[
			'a pinterest title over 100',
			{ pinterest_options: { title: 'x'.repeat(101) } },
			'pinterest_options.title',
			'The pinterest_options.title field must not be greater than 100 characters.',
		],
		[
			'a pinterest link that is no URL',
			{ pinterest_options: { link: 'nope' } },
			'pinterest_options.link',
			'The pinterest_options.link field must be a valid URL.',
		],
		[
			'an unknown facebook background',
			{ facebook_options: { facebook_background_id: 'nope' } },
			'facebook_options.facebook_background_id',
			'The selected facebook_options.facebook_background_id is invalid.',
		],
		[
			'a facebook background with media',
			{
				content: { text: 't', media: { media_ids: [DEMO.media.latteArt] } },
				facebook_options: { facebook_background_id: DEMO.textBackgrounds.sunset },
			},
			'facebook_options.facebook_background_id',
			'A text background applies only to posts without images, video or media_ids.',
		],
	])('rejects %s with 400 on %s', async (_case, change, field, message) => {
		const { status, body } = await api.post(ws('/posts'), scheduledPost(change));
		expect(status).toBe(400);
		expect(body.status).toBe(false);
		expect(body.errors[field]).toEqual([message]);
		expect(body.message).toContain(Object.values(body.errors as Record<string, string[]>)[0][0]);
	});

	it('accepts every option at its limit', async () => {
		const { status, body } = await api.post(
			ws('/posts'),
			scheduledPost({
				content: {
					text: 'x'.repeat(5000),
					media: {
						images: Array.from({ length: 10 }, (_, i) => `https://cdn.example.com/${i}.png`),
					},
				},
				accounts: [a.twitter, a.threads, a.tiktok, a.youtube, a.gmb, a.pinterest, a.facebook],
				post_type: 'feed+reel+story',
				first_comment: { message: 'x'.repeat(2000), accounts: [a.facebook] },
				labels: Array.from({ length: 20 }, () => DEMO.labels.promo),
				approval: {
					approvers: [DEMO.users.maya.id],
					approve_option: 'anyone',
					notes: 'x'.repeat(1000),
				},
				gmb_options: {
					topic_type: 'EVENT',
					start_date: berlinWallClock(10).slice(0, 10),
					end_date: berlinWallClock(11).slice(0, 10),
					title: 'x'.repeat(100),
					action_type: 'BOOK',
					cta_link: 'https://acme.example/book',
				},
				youtube_options: {
					title: 'x'.repeat(100),
					privacy_status: 'public',
					category: 'PETS_ANIMALS',
					tags: ['x'.repeat(30)],
					license: 'creativeCommon',
					made_for_kids: false,
				},
				tiktok_options: { privacy_level: 'SELF_ONLY', disable_duet: true, is_aigc: false },
				twitter_options: {
					has_threaded_tweets: true,
					threaded_tweets: Array.from({ length: 10 }, () => ({
						message: 'm',
						media: [DEMO.media.latteArt],
					})),
				},
				threads_options: {
					has_multi_threads: true,
					multi_threads: [
						{ message: 'm', media: ['https://x.example/a.png', 'https://x.example/b.mp4'] },
					],
				},
				pinterest_options: { title: 'x'.repeat(100), link: 'https://acme.example' },
			}),
		);
		expect(body.errors).toBeUndefined();
		expect(status).toBe(201);
	});

	it('warns that hide_client is ignored on a post that is not a draft', async () => {
		const scheduled = await api.post(ws('/posts'), scheduledPost({ hide_client: true }));
		expect(scheduled.body).toMatchObject({
			status: true,
			warning: expect.stringContaining('hide_client'),
		});
		const draft = await api.post(
			ws('/posts'),
			scheduledPost({ hide_client: true, scheduling: { publish_type: 'draft' } }),
		);
		expect(draft.body.warning).toBeUndefined();
	});

	it('accepts a facebook text background on a plain text post', async () => {
		const { status } = await api.post(
			ws('/posts'),
			scheduledPost({ facebook_options: { facebook_background_id: DEMO.textBackgrounds.ocean } }),
		);
		expect(status).toBe(201);
	});

	it('reports every failing field at once', async () => {
		const { body } = await api.post(ws('/posts'), {
			content: { text: '' },
			scheduling: { publish_type: 'later' },
			accounts: ['nope'],
		});
		expect(Object.keys(body.errors).sort()).toEqual(['content.text', 'scheduling.publish_type']);
		expect(body.message).toMatch(/\(and 1 more error\)$/);
	});

	it('refuses a field the description does not define, at any depth, naming it', async () => {
		const before = (await api.get(ws('/posts'))).body.total;
		const { status, body } = await api.post(
			ws('/posts'),
			scheduledPost({
				post_video_titel: 'Beans',
				content: { text: 'Fresh beans are in.', media: { image: ['https://example.com/a.png'] } },
				youtube_options: { privacy: 'public' },
			}),
		);
		expect(status).toBe(400);
		const refused = (field: string) => [
			`The ${field} field is not in the API description. The live service would ignore it silently; the sandbox refuses it so that a misspelt field fails.`,
		];
		expect(body.errors).toEqual({
			post_video_titel: refused('post_video_titel'),
			'content.media.image': refused('content.media.image'),
			'youtube_options.privacy': refused('youtube_options.privacy'),
		});
		expect((await api.get(ws('/posts'))).body.total).toBe(before);
	});

	it('refuses an unknown field in the bodies of delete, approval, comments and the add endpoints', async () => {
		const post = DEMO.posts.pendingForMaya1;
		const answers = await Promise.all([
			api.call('DELETE', ws(`/posts/${post}`), { json: { delete_from_socials: true } }),
			api.post(ws(`/posts/${post}/approval`), { action: 'approve', note: 'ok' }),
			api.post(ws(`/posts/${post}/comments`), { comment: 'Hi', note: true }),
			api.post(ws('/add/bluesky'), { handle: 'a.bsky.social', app_password: 'x', pin: '1' }),
			api.post(ws('/add/facebook-group'), { name: 'Acme', picture: 'https://example.com/a.png' }),
		]);
		expect(answers.map(({ status, body }) => [status, Object.keys(body.errors ?? {})])).toEqual([
			[422, ['delete_from_socials']],
			[400, ['note']],
			[400, ['note']],
			[422, ['pin']],
			[422, ['picture']],
		]);
	});

	it('answers a body that is not JSON with 400', async () => {
		const response = await fetch(`${api.url}${ws('/posts')}`, {
			method: 'POST',
			headers: { 'x-api-key': DEMO.keys.full, 'content-type': 'application/json' },
			body: '{"content":',
		});
		expect(response.status).toBe(400);
		expect(await response.json()).toEqual({
			status: false,
			message: 'The request body is not valid JSON.',
		});
	});
});

describe('list posts (4.13)', () => {
	const ids = (body: { data: { id: string }[] }) => body.data.map((post) => post.id);

	it('holds posts in every status of 2.6', async () => {
		const { body } = await api.get(ws('/posts'), { query: { per_page: 100 } });
		expect(
			new Set(body.data.map((post: { scheduling: { status: string } }) => post.scheduling.status)),
		).toEqual(
			new Set([
				'draft',
				'scheduled',
				'published',
				'failed',
				'rejected',
				'under_review',
				'missed_review',
				'partial',
				'in_progress',
				'notification_sent',
				'notification_declined',
			]),
		);
	});

	it('sorts by last change, newest first, the id breaking ties', async () => {
		await api.control.clock({ frozen: true });
		const first = (await api.post(ws('/posts'), scheduledPost())).body.data.id;
		const second = (await api.post(ws('/posts'), scheduledPost())).body.data.id;
		const { body } = await api.get(ws('/posts'));
		expect(ids(body).slice(0, 2)).toEqual([second, first]);
		expect(body.data[0].updated_at).toBe(body.data[1].updated_at);
		await api.control.clock({ advanceSeconds: 1 });
		await api.control.simulate({
			action: 'publish',
			workspace_id: MAIN,
			post_id: DEMO.posts.scheduled,
		});
		expect(ids((await api.get(ws('/posts'))).body)[0]).toBe(DEMO.posts.scheduled);
	});

	it('filters by status[], including the review and partially_failed aliases', async () => {
		const review = await api.get(ws('/posts'), { query: { 'status[]': ['review'] } });
		expect(review.body.total).toBe(5);
		const several = await api.get(ws('/posts'), {
			query: { 'status[]': ['partially_failed', 'failed'] },
		});
		expect(ids(several.body).sort()).toEqual([DEMO.posts.failed, DEMO.posts.partial].sort());
	});

	it('filters by approver and by requester', async () => {
		const forAlex = await api.get(ws('/posts'), {
			query: { 'status[]': ['under_review'], 'approval_assigned_to[]': [DEMO.users.alex.id] },
		});
		expect(ids(forAlex.body).sort()).toEqual(
			[
				DEMO.posts.pendingForAlex1,
				DEMO.posts.pendingForAlex2,
				DEMO.posts.pendingForAlexAndJordan,
			].sort(),
		);
		const byMaya = await api.get(ws('/posts'), {
			query: { 'approval_requested_by[]': [DEMO.users.maya.id] },
		});
		expect(
			byMaya.body.data.every((post: { created_by: string }) => post.created_by === 'Maya Approver'),
		).toBe(true);
		expect(byMaya.body.total).toBe(3);
		const either = await api.get(ws('/posts'), {
			query: {
				'status[]': ['under_review'],
				'approval_assigned_to[]': [DEMO.users.maya.id, DEMO.users.jordan.id],
			},
		});
		expect(either.body.total).toBe(3);
	});

	it('filters by the scheduled day in the workspace time zone, else the creation day', async () => {
		await api.control.profile({ dateFilter: 'scheduled' });
		// Years ahead, past every post of the demo data.
		const day = berlinWallClock(5 * 365).slice(0, 10);
		const nextDay = new Date(Date.parse(`${day}T00:00:00Z`) + 86400000).toISOString().slice(0, 10);
		const at = `${day} 23:30:00`;
		const { body } = await api.post(
			ws('/posts'),
			scheduledPost({ scheduling: { publish_type: 'scheduled', scheduled_at: at } }),
		);
		const onDay = await api.get(ws('/posts'), { query: { date_from: day, date_to: day } });
		expect(ids(onDay.body)).toEqual([body.data.id]);
		expect((await api.get(ws('/posts'), { query: { date_from: nextDay } })).body.total).toBe(0);
		const draft = (
			await api.post(ws('/posts'), scheduledPost({ scheduling: { publish_type: 'draft' } }))
		).body.data.id;
		const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(
			new Date(),
		);
		expect(
			ids(
				(
					await api.get(ws('/posts'), {
						query: { date_from: today, date_to: today, 'status[]': ['draft'] },
					})
				).body,
			),
		).toEqual([draft]);
	});

	it.each(DATE_FILTERS)(
		'under dateFilter=%s, date_from compares that date (a draft created today, failed 3 days later)',
		async (dateFilter) => {
			await api.control.profile({ dateFilter });
			const draft = (
				await api.post(ws('/posts'), scheduledPost({ scheduling: { publish_type: 'draft' } }))
			).body.data.id;
			await api.control.clock({ advanceSeconds: 3 * 86400 });
			await api.control.simulate({ action: 'fail', workspace_id: MAIN, post_id: draft });
			const failedDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(
				new Date(Date.now() + 3 * 86400000),
			);
			const failed = { 'status[]': ['failed'] };
			const since = (await api.get(ws('/posts'), { query: { ...failed, date_from: failedDay } }))
				.body;
			if (dateFilter === 'updated') expect(ids(since)).toEqual([draft]);
			else if (dateFilter === 'ignored') {
				expect(since.total).toBe((await api.get(ws('/posts'), { query: failed })).body.total);
				expect(ids(since)).toContain(draft);
			} else expect(ids(since)).not.toContain(draft);
		},
	);

	it('rejects an unknown status or a malformed date with 400 and an errors map', async () => {
		const { status, body } = await api.get(ws('/posts'), {
			query: { 'status[]': ['archived'], date_to: '15/06/2031' },
		});
		expect(status).toBe(400);
		expect(body.errors).toEqual({
			'status.0': ['The selected status.0 is invalid.'],
			date_to: ['The date_to field must be a valid date (YYYY-MM-DD).'],
		});
	});
});
