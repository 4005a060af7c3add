import { DEMO, MAIN, useSandboxApi, ws } from './api.cts';

const api = useSandboxApi();

const names = (body: { data: { name?: string; account_name?: string }[] }) =>
	body.data.map((each) => each.name ?? each.account_name);

describe('accounts (4.2)', () => {
	it('lists accounts on all 12 platforms with the fields of 2.2', async () => {
		const { status, body } = await api.get(ws('/accounts'), { query: { per_page: 100 } });
		expect(status).toBe(200);
		expect(new Set(body.data.map((each: { platform: string }) => each.platform)).size).toBe(12);
		for (const account of body.data) {
			expect(Object.keys(account).sort()).toEqual([
				'_id',
				'account_name',
				'connected_at',
				'expires_at',
				'platform',
				'profile_picture',
				'status',
			]);
		}
		expect(
			body.data.find((each: { _id: string }) => each._id === DEMO.accounts.expiredLinkedin).status,
		).toBe('expired');
	});

	it('filters by one or several platforms and by name', async () => {
		const one = await api.get(ws('/accounts'), { query: { platform: 'twitter' } });
		expect(one.body.data.map((each: { _id: string }) => each._id)).toEqual([DEMO.accounts.twitter]);
		const several = await api.get(ws('/accounts'), { query: { platform: 'tiktok,youtube' } });
		expect(several.body.data.map((each: { platform: string }) => each.platform).sort()).toEqual([
			'tiktok',
			'youtube',
		]);
		const search = await api.get(ws('/accounts'), { query: { search: 'COFFEE TV' } });
		expect(names(search.body)).toEqual(['Acme Coffee TV']);
	});
});

describe('labels and campaigns (4.7, 4.8)', () => {
	it.each(['labels', 'campaigns'])(
		'sorts %s by name and searches case-insensitively',
		async (path) => {
			const { body } = await api.get(ws(`/${path}`));
			const sorted = [...names(body)].sort((a, b) =>
				String(a).localeCompare(String(b), 'en', { sensitivity: 'base' }),
			);
			expect(names(body)).toEqual(sorted);
			expect(body.data[0]).toEqual({
				_id: expect.any(String),
				name: expect.any(String),
				color: expect.stringMatching(/^color_\d+$/),
			});
		},
	);

	it('finds by partial name', async () => {
		expect(names((await api.get(ws('/campaigns'), { query: { search: 'FRI' } })).body)).toEqual([
			'Black Friday',
		]);
		expect(names((await api.get(ws('/labels'), { query: { search: 'launch' } })).body)).toEqual([
			'Product launch',
		]);
	});
});

describe('content categories (4.9)', () => {
	it('excludes global categories and resolves accounts', async () => {
		const { body } = await api.get(ws('/content-categories'));
		expect(body.data.map((each: { _id: string }) => each._id)).not.toContain(
			DEMO.contentCategories.global,
		);
		const tips = body.data.find(
			(each: { _id: string }) => each._id === DEMO.contentCategories.tips,
		);
		expect(tips).toEqual({
			_id: DEMO.contentCategories.tips,
			name: 'Coffee tips',
			color: expect.stringMatching(/^color_/),
			state: 'active',
			accounts: [
				{ _id: DEMO.accounts.facebook, platform: 'facebook', name: 'Acme Coffee' },
				{ _id: DEMO.accounts.linkedin, platform: 'linkedin', name: 'Acme Coffee Co.' },
			],
			slots_count: 3,
			posts_count: 0,
			color_code: expect.stringMatching(/^#[0-9A-F]{6}$/i),
		});
	});

	it('searches with comma-separated terms', async () => {
		const { body } = await api.get(ws('/content-categories'), {
			query: { search: 'tips, scenes' },
		});
		expect(names(body).sort()).toEqual(['Behind the scenes', 'Coffee tips']);
	});
});

describe('team members (4.19)', () => {
	it('lists the six members of the demo team with a membership id and the user id', async () => {
		const { body } = await api.get(ws('/team-members'));
		expect(body.total).toBe(6);
		const maya = body.data.find((each: { user_id: string }) => each.user_id === DEMO.users.maya.id);
		expect(maya).toEqual({
			_id: expect.not.stringMatching(DEMO.users.maya.id),
			user_id: DEMO.users.maya.id,
			name: 'Maya Approver',
			email: DEMO.users.maya.email,
			profile_picture: expect.any(String),
			role: 'approver',
			membership: 'team',
		});
	});

	it('searches name or email', async () => {
		expect(
			names((await api.get(ws('/team-members'), { query: { search: 'priya@' } })).body),
		).toEqual(['Priya Admin']);
		expect(
			names((await api.get(ws('/team-members'), { query: { search: 'SAM V' } })).body),
		).toEqual(['Sam Viewer']);
	});
});

describe('media library (4.11)', () => {
	it('filters by type and sorts', async () => {
		const videos = await api.get(ws('/media'), { query: { type: 'videos' } });
		expect(videos.body.data.map((each: { _id: string }) => each._id)).toEqual([
			DEMO.media.baristaVideo,
		]);
		const images = await api.get(ws('/media'), { query: { type: 'images' } });
		expect(images.body.data.map((each: { type: string }) => each.type).sort()).toEqual([
			'gif',
			'image',
			'image',
		]);
		const recent = await api.get(ws('/media'));
		expect(recent.body.data[0]._id).toBe(DEMO.media.pourGif);
		const oldest = await api.get(ws('/media'), { query: { sort: 'oldest' } });
		expect(oldest.body.data[0]._id).toBe(DEMO.media.latteArt);
		const size = await api.get(ws('/media'), { query: { sort: 'size' } });
		expect(size.body.data[0]._id).toBe(DEMO.media.baristaVideo);
		const a2z = await api.get(ws('/media'), { query: { sort: 'a2z' } });
		expect(names(a2z.body)).toEqual([
			'barista-intro.mp4',
			'Coffee pour.gif',
			'latte-art.png',
			'store-front.jpg',
		]);
		const z2a = await api.get(ws('/media'), { query: { sort: 'z2a' } });
		expect(names(z2a.body)).toEqual([...names(a2z.body)].reverse());
	});

	it('searches by name and rejects a search over 255 characters', async () => {
		expect(names((await api.get(ws('/media'), { query: { search: 'LATTE' } })).body)).toEqual([
			'latte-art.png',
		]);
		const long = await api.get(ws('/media'), { query: { search: 'x'.repeat(256) } });
		expect(long.status).toBe(400);
		expect(long.body.errors.search).toEqual([
			'The search field must not be greater than 255 characters.',
		]);
	});

	it('rejects an unknown type or sort', async () => {
		const { status, body } = await api.get(ws('/media'), {
			query: { type: 'audio', sort: 'random' },
		});
		expect(status).toBe(400);
		expect(Object.keys(body.errors).sort()).toEqual(['sort', 'type']);
	});
});

describe('pagination (sections 2.1 and 8)', () => {
	it('answers an empty list with from/to null and last_page 1', async () => {
		const { body } = await api.get(ws('/labels'), { query: { search: 'no such label' } });
		expect(body).toEqual({
			status: true,
			message: expect.any(String),
			data: [],
			current_page: 1,
			per_page: 20,
			total: 0,
			last_page: 1,
			from: null,
			to: null,
		});
	});

	it('pages through 250 seeded posts to the last page', async () => {
		const demoPosts = (await api.get(ws('/posts'))).body.total;
		await api.control.seed({ workspace_id: MAIN, resource: 'posts', count: 250 });
		const first = await api.get(ws('/posts'));
		expect(first.body).toMatchObject({ current_page: 1, per_page: 10, from: 1, to: 10 });
		const total = first.body.total;
		expect(total).toBe(demoPosts + 250);
		const last = await api.get(ws('/posts'), { query: { per_page: 100, page: 3 } });
		expect(last.body).toMatchObject({
			current_page: 3,
			per_page: 100,
			last_page: 3,
			from: 201,
			to: total,
		});
		expect(last.body.data).toHaveLength(total - 200);
		const beyond = await api.get(ws('/posts'), { query: { per_page: 100, page: 4 } });
		expect(beyond.body).toMatchObject({ data: [], from: null, to: null, last_page: 3 });
	});

	it('accepts per_page 100 and rejects 101, 0 and page 0 with 400 and an errors map', async () => {
		await api.control.seed({ workspace_id: MAIN, resource: 'accounts', count: 120 });
		const hundred = await api.get(ws('/accounts'), { query: { per_page: 100 } });
		expect(hundred.status).toBe(200);
		expect(hundred.body.data).toHaveLength(100);
		expect(hundred.body.last_page).toBe(2);
		for (const path of [
			'/accounts',
			'/posts',
			'/media',
			'/labels',
			'/campaigns',
			'/content-categories',
			'/team-members',
			`/posts/${DEMO.posts.pendingForAlex1}/comments`,
		]) {
			const over = await api.get(ws(path), { query: { per_page: 101 } });
			expect(over.status).toBe(400);
			expect(over.body).toEqual({
				status: false,
				message: expect.any(String),
				errors: { per_page: ['The per_page field must not be greater than 100.'] },
			});
		}
		expect((await api.get(ws('/labels'), { query: { per_page: 0 } })).body.errors.per_page).toEqual(
			['The per_page field must be at least 1.'],
		);
		expect((await api.get(ws('/labels'), { query: { page: 0 } })).body.errors.page).toEqual([
			'The page field must be at least 1.',
		]);
		expect((await api.get(ws('/labels'), { query: { page: 'two' } })).body.errors.page).toEqual([
			'The page field must be an integer.',
		]);
	});

	it('uses the per_page defaults of section 8', async () => {
		const defaults: [string, number][] = [
			['/posts', 10],
			['/media', 20],
			[`/posts/${DEMO.posts.pendingForAlex1}/comments`, 20],
			['/accounts', 20],
			['/labels', 20],
		];
		for (const [path, perPage] of defaults)
			expect((await api.get(ws(path))).body.per_page).toBe(perPage);
	});
});
