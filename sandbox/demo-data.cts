// The demo world: who exists, what they may do, and the records tests and the demo start from.
// DEMO names the identifiers; demoData() builds the records afresh (on start and on reset).
import { wallClockInZone } from './clock.cts';
import type { Platform, PostStatus } from './limits.cts';
import type { Account, Approval, Comment, Data, Post, Tag } from './state.cts';
import { nativePostUrl, objectId } from './state.cts';

const user = (n: number, name: string, email: string) => ({ id: objectId('64a1', n), name, email });

const users = {
	alex: user(1, 'Alex Demo', 'alex@demo.social'),
	maya: user(2, 'Maya Approver', 'maya@demo.social'),
	sam: user(3, 'Sam Viewer', 'sam@demo.social'),
	priya: user(4, 'Priya Admin', 'priya@demo.social'),
	jordan: user(5, 'Jordan Reviewer', 'jordan@demo.social'),
	lee: user(6, 'Lee Writer', 'lee@demo.social'),
} as const;

export const DEMO = {
	keys: {
		full: 'demo-full-0c1e2a',
		workspace: 'demo-workspace-5b7d19',
		viewer: 'demo-viewer-3f8a44',
		noApi: 'demo-noapi-9e2c07',
		revoked: 'demo-revoked-1d6b88',
	},
	users,
	workspaces: {
		main: { id: objectId('64b2', 1), name: 'Acme Coffee', timezone: 'Europe/Berlin' },
		second: { id: objectId('64b2', 2), name: 'Acme Coffee US', timezone: 'America/New_York' },
	},
	accounts: {
		facebook: '171639455029',
		facebookGroup: '402918374655123',
		instagram: '17841405822304914',
		twitter: '1456789012345678901',
		linkedin: '78431906',
		expiredLinkedin: '81234567',
		tiktok: '7012345678901234567',
		youtube: 'UCx9AcmeCoffeeDemoChannel',
		pinterest: '987654321012345678',
		gmb: 'locations/4829301847562910',
		tumblr: 'acmecoffee',
		threads: '26112345678901234',
		bluesky: 'did:plc:acmecoffee4demo7xq2',
		telegram: '-1001234567890',
		secondFacebook: '171639455777',
		secondInstagram: '17841405822309999',
		secondTwitter: '1456789012345670000',
	},
	/** The second workspace's connected-account cap, already reached by its demo accounts. */
	secondAccountCap: 3,
	labels: {
		promo: objectId('64c3', 1),
		launch: objectId('64c3', 2),
		evergreen: objectId('64c3', 3),
		holiday: objectId('64c3', 4),
		usOnly: objectId('64c3', 5),
	},
	campaigns: {
		spring: objectId('64d4', 1),
		blackFriday: objectId('64d4', 2),
		awareness: objectId('64d4', 3),
	},
	contentCategories: {
		tips: objectId('64e5', 1),
		behindTheScenes: objectId('64e5', 2),
		global: objectId('64e5', 3),
	},
	media: {
		latteArt: objectId('64f6', 1),
		storeFront: objectId('64f6', 2),
		baristaVideo: objectId('64f6', 3),
		pourGif: objectId('64f6', 4),
	},
	posts: {
		draft: objectId('6501', 1),
		scheduled: objectId('6501', 2),
		published: objectId('6501', 3),
		publishedSimple: objectId('6501', 4),
		failed: objectId('6501', 5),
		rejected: objectId('6501', 6),
		missedReview: objectId('6501', 7),
		partial: objectId('6501', 8),
		inProgress: objectId('6501', 9),
		notificationSent: objectId('6501', 10),
		notificationDeclined: objectId('6501', 11),
		/** Created by Maya, waiting for Alex (anyone). */
		pendingForAlex1: objectId('6501', 12),
		pendingForAlex2: objectId('6501', 13),
		/** Created by Maya, waiting for Alex and Jordan (all must approve). */
		pendingForAlexAndJordan: objectId('6501', 14),
		/** Created by Alex, waiting for Maya. */
		pendingForMaya1: objectId('6501', 15),
		pendingForMaya2: objectId('6501', 16),
		secondScheduled: objectId('6501', 17),
	},
	/** Facebook text background presets (4.10). */
	textBackgrounds: {
		sunset: '1881421442117417',
		ocean: '365653833956649',
		hearts: '618093735238824',
	},
} as const;

const hour = 3600 * 1000;
const { main, second } = DEMO.workspaces;
const a = DEMO.accounts;

function account(
	id: string,
	platform: Platform,
	name: string,
	options: { workspaceId?: string; type?: string; status?: string; handle?: string } = {},
) {
	return (now: number): Account => ({
		id,
		workspaceId: options.workspaceId ?? main.id,
		platform,
		account_type: options.type ?? 'page',
		account_name: name,
		handle: options.handle ?? null,
		profile_picture: `https://avatars.demo.social/${platform}/${encodeURIComponent(id)}.png`,
		status: options.status ?? 'active',
		connected_at: new Date(now - 90 * 24 * hour).toISOString(),
		expires_at: new Date(now + (options.status === 'expired' ? -2 : 60) * 24 * hour).toISOString(),
	});
}

const accounts = [
	account(a.facebook, 'facebook', 'Acme Coffee'),
	account(a.facebookGroup, 'facebook', 'Acme Coffee Lovers', { type: 'group' }),
	account(a.instagram, 'instagram', 'acme.coffee', { type: 'business' }),
	account(a.twitter, 'twitter', '@acmecoffee', { type: 'profile' }),
	account(a.linkedin, 'linkedin', 'Acme Coffee Co.'),
	account(a.expiredLinkedin, 'linkedin', 'Alex Demo', { type: 'profile', status: 'expired' }),
	account(a.tiktok, 'tiktok', '@acme.coffee', { type: 'profile' }),
	account(a.youtube, 'youtube', 'Acme Coffee TV', { type: 'channel' }),
	account(a.pinterest, 'pinterest', 'Acme Coffee Boards', { type: 'profile' }),
	account(a.gmb, 'gmb', 'Acme Coffee Berlin Mitte', { type: 'location' }),
	account(a.tumblr, 'tumblr', 'acmecoffee', { type: 'blog' }),
	account(a.threads, 'threads', 'acme.coffee', { type: 'profile' }),
	account(a.bluesky, 'bluesky', 'Acme Coffee', {
		type: 'profile',
		handle: 'acmecoffee.bsky.social',
	}),
	account(a.telegram, 'telegram', 'Acme Coffee News', { type: 'channel' }),
	account(a.secondFacebook, 'facebook', 'Acme Coffee US', { workspaceId: second.id }),
	account(a.secondInstagram, 'instagram', 'acme.coffee.us', {
		workspaceId: second.id,
		type: 'business',
	}),
	account(a.secondTwitter, 'twitter', '@acmecoffeeus', { workspaceId: second.id, type: 'profile' }),
];

const tag = (id: string, name: string, color: string, workspaceId: string = main.id): Tag => ({
	id,
	workspaceId,
	name,
	color,
});

interface PostSeed {
	id: string;
	status: PostStatus;
	text: string;
	accounts: string[];
	by: string;
	/** Hours from now of the scheduled time (negative: past); omitted for unscheduled posts. */
	at?: number;
	/** Hours ago the post was created; its last change is an hour later, capped at now. */
	age: number;
	published?: string[];
	labels?: string[];
	campaign?: string;
	images?: string[];
	video?: string;
	approval?: Omit<Approval, 'approvers'> & {
		approvers: [string, 'pending' | 'approve' | 'reject'][];
	};
	workspaceId?: string;
}

const pending = (approvers: string[], option: 'anyone' | 'all', notes: string | null = null) => ({
	status: 'pending_approval' as const,
	approve_option: option,
	notes,
	wasDraft: false,
	approvers: approvers.map((id): [string, 'pending'] => [id, 'pending']),
});

const p = DEMO.posts;
const u = users;
const img = (name: string) => `https://images.demo.social/${name}`;

const postSeeds: PostSeed[] = [
	{
		id: p.draft,
		status: 'draft',
		text: 'Draft: our winter blend is coming soon.',
		accounts: [a.facebook, a.instagram],
		by: u.lee.id,
		age: 200,
		labels: [DEMO.labels.launch],
	},
	{
		id: p.scheduled,
		status: 'scheduled',
		text: 'Flat white Friday! Two for one until noon.',
		accounts: [a.facebook, a.twitter, a.linkedin],
		by: u.alex.id,
		at: 48,
		age: 180,
		labels: [DEMO.labels.promo],
		campaign: DEMO.campaigns.spring,
	},
	{
		id: p.published,
		status: 'published',
		text: 'Our new Berlin store is open.',
		accounts: [a.facebook, a.instagram, a.linkedin],
		by: u.alex.id,
		at: -100,
		age: 170,
		published: [a.facebook, a.instagram, a.linkedin],
		images: [img('store-front.jpg')],
		campaign: DEMO.campaigns.awareness,
	},
	{
		id: p.publishedSimple,
		status: 'published',
		text: 'Good morning, Berlin.',
		accounts: [a.facebook, a.twitter],
		by: u.priya.id,
		at: -90,
		age: 160,
		published: [a.facebook, a.twitter],
	},
	{
		id: p.failed,
		status: 'failed',
		text: 'Latte art contest: send us your best shot.',
		accounts: [a.tiktok],
		by: u.lee.id,
		at: -80,
		age: 150,
		video: img('barista-intro.mp4'),
	},
	{
		id: p.rejected,
		status: 'rejected',
		text: 'Coffee is just bean soup.',
		accounts: [a.twitter],
		by: u.lee.id,
		at: 30,
		age: 140,
		approval: {
			status: 'rejected_approval',
			approve_option: 'anyone',
			notes: 'Too edgy?',
			wasDraft: false,
			approvers: [[u.alex.id, 'reject']],
		},
	},
	{
		id: p.missedReview,
		status: 'missed_review',
		text: 'Happy International Coffee Day!',
		accounts: [a.facebook, a.threads],
		by: u.lee.id,
		at: -70,
		age: 130,
		approval: { ...pending([u.priya.id], 'anyone'), approvers: [[u.priya.id, 'pending']] },
	},
	{
		id: p.partial,
		status: 'partial',
		text: 'Weekend hours: 8am to 6pm.',
		accounts: [a.facebook, a.gmb, a.pinterest],
		by: u.priya.id,
		at: -60,
		age: 120,
		published: [a.facebook],
	},
	{
		id: p.inProgress,
		status: 'in_progress',
		text: 'Live now: cupping session with our roasters.',
		accounts: [a.youtube, a.linkedin],
		by: u.alex.id,
		at: 0,
		age: 110,
	},
	{
		id: p.notificationSent,
		status: 'notification_sent',
		text: 'Story: behind the bar.',
		accounts: [a.instagram],
		by: u.lee.id,
		at: 2,
		age: 100,
	},
	{
		id: p.notificationDeclined,
		status: 'notification_declined',
		text: 'Story: meet our roaster.',
		accounts: [a.instagram],
		by: u.lee.id,
		at: -3,
		age: 95,
	},
	{
		id: p.pendingForAlex1,
		status: 'under_review',
		text: 'Pumpkin spice is back. Yes, really.',
		accounts: [a.instagram, a.facebook],
		by: u.maya.id,
		at: 72,
		age: 50,
		labels: [DEMO.labels.holiday],
		approval: pending([u.alex.id], 'anyone', 'Please check the tone.'),
	},
	{
		id: p.pendingForAlex2,
		status: 'under_review',
		text: 'Free refill Monday for members.',
		accounts: [a.twitter, a.bluesky, a.threads],
		by: u.maya.id,
		at: 96,
		age: 40,
		campaign: DEMO.campaigns.blackFriday,
		approval: pending([u.alex.id], 'anyone'),
	},
	{
		id: p.pendingForAlexAndJordan,
		status: 'under_review',
		text: 'Black Friday: 30% off all beans.',
		accounts: [a.facebook, a.linkedin, a.pinterest],
		by: u.maya.id,
		at: 120,
		age: 30,
		labels: [DEMO.labels.promo],
		campaign: DEMO.campaigns.blackFriday,
		approval: pending([u.alex.id, u.jordan.id], 'all', 'Legal wants both of you to sign off.'),
	},
	{
		id: p.pendingForMaya1,
		status: 'under_review',
		text: 'Meet Ana, our head barista.',
		accounts: [a.instagram, a.tiktok],
		by: u.alex.id,
		at: 60,
		age: 20,
		approval: pending([u.maya.id], 'anyone'),
	},
	{
		id: p.pendingForMaya2,
		status: 'under_review',
		text: 'New opening hours from December.',
		accounts: [a.facebook, a.gmb],
		by: u.alex.id,
		at: 84,
		age: 10,
		approval: pending([u.maya.id, u.priya.id], 'anyone'),
	},
	{
		id: p.secondScheduled,
		status: 'scheduled',
		text: 'Hello New York!',
		accounts: [a.secondFacebook, a.secondTwitter],
		by: u.alex.id,
		at: 24,
		age: 5,
		workspaceId: second.id,
	},
];

function post(seed: PostSeed, now: number): Post {
	const workspace = seed.workspaceId === second.id ? second : main;
	const created = now - seed.age * hour;
	const scheduled = seed.at === undefined ? null : new Date(now + seed.at * hour);
	// A post that went out (or tried) at its time was last changed then.
	const went = scheduled && ['published', 'failed', 'partial'].includes(seed.status);
	const updated = Math.min(now, Math.max(created + hour, went ? scheduled.getTime() : 0));
	const actionTime = new Date(updated).toISOString();
	return {
		id: seed.id,
		workspaceId: workspace.id,
		text: seed.text,
		images: seed.images ?? [],
		video: seed.video ?? null,
		accountIds: seed.accounts,
		publishedOn: Object.fromEntries(
			(seed.published ?? []).map((id) => [id, nativePostUrl(id, seed.id)]),
		),
		status: seed.status,
		scheduled_at: scheduled && wallClockInZone(scheduled, workspace.timezone),
		published_at: seed.published && scheduled ? scheduled.toISOString() : null,
		timezone: workspace.timezone,
		created_at: new Date(created).toISOString(),
		updated_at: new Date(updated).toISOString(),
		createdByUserId: seed.by,
		labelIds: seed.labels ?? [],
		campaignId: seed.campaign ?? null,
		contentCategoryId: null,
		approval: seed.approval
			? {
					...seed.approval,
					approvers: seed.approval.approvers.map(([userId, status]) => ({
						user_id: userId,
						status,
						last_action_time: status === 'pending' ? null : actionTime,
						last_action_note: status === 'reject' ? 'Not on brand.' : null,
					})),
				}
			: null,
		external_actions:
			seed.id === p.published
				? [{ name: 'Client Carla', email: 'carla@client.example', action: 'approve' }]
				: [],
		external_comments:
			seed.id === p.published
				? [
						{
							name: 'Client Carla',
							email: 'carla@client.example',
							comment: 'Love the photo!',
							reaction: [{ emoji: '👍', count: 1 }],
							is_resolved: true,
						},
					]
				: [],
		post_type: 'feed',
		hide_client: false,
	};
}

function comments(now: number): Comment[] {
	const comment = (
		n: number,
		postId: string,
		by: string,
		text: string,
		hoursAgo: number,
		extra: Partial<Comment> = {},
	): Comment => ({
		id: objectId('6502', n),
		postId,
		comment: text,
		is_note: false,
		mentionedUserIds: [],
		authorUserId: by,
		created_at: new Date(now - hoursAgo * hour).toISOString(),
		updated_at: new Date(now - hoursAgo * hour).toISOString(),
		...extra,
	});
	return [
		comment(
			1,
			p.pendingForAlex1,
			u.maya.id,
			'Draft is ready, @Alex Demo can you take a look?',
			45,
			{ mentionedUserIds: [u.alex.id] },
		),
		comment(2, p.pendingForAlex1, u.alex.id, 'Looking now.', 44),
		comment(3, p.pendingForAlex1, u.maya.id, 'Internal: legal cleared the claim.', 43, {
			is_note: true,
		}),
		comment(4, p.published, u.priya.id, 'Great reach on this one.', 90),
		comment(5, p.pendingForAlexAndJordan, u.jordan.id, 'Waiting for the final price list.', 25),
	];
}

/** A fresh copy of the demo records, timed around `now`. */
export function demoData(now: Date): Data {
	const t = now.getTime();
	const member = (
		n: number,
		workspaceId: string,
		userId: string,
		role: string,
		membership: string | null = 'team',
	) => ({
		id: objectId('64a9', n),
		workspaceId,
		userId,
		role,
		membership,
	});
	return {
		users: Object.values(users).map((each) => ({
			...each,
			profile_picture:
				each.id === u.sam.id ? null : `https://avatars.demo.social/users/${each.id}.png`,
		})),
		keys: [
			{
				name: 'full',
				value: DEMO.keys.full,
				userId: u.alex.id,
				apiAccess: true,
				revoked: false,
				workspaceIds: null,
				description: 'Alex Demo (owner): every workspace, every operation',
			},
			{
				name: 'workspace',
				value: DEMO.keys.workspace,
				userId: u.maya.id,
				apiAccess: true,
				revoked: false,
				workspaceIds: [main.id],
				description: `Maya Approver (approver): workspace "${main.name}" only`,
			},
			{
				name: 'viewer',
				value: DEMO.keys.viewer,
				userId: u.sam.id,
				apiAccess: true,
				revoked: false,
				workspaceIds: [main.id],
				description: `Sam Viewer (viewer): workspace "${main.name}", may not connect accounts`,
			},
			{
				name: 'noApi',
				value: DEMO.keys.noApi,
				userId: u.jordan.id,
				apiAccess: false,
				revoked: false,
				workspaceIds: null,
				description: 'Jordan Reviewer: a plan without API access (403 everywhere)',
			},
			{
				name: 'revoked',
				value: DEMO.keys.revoked,
				userId: u.alex.id,
				apiAccess: true,
				revoked: true,
				workspaceIds: null,
				description: 'a revoked key (401)',
			},
		],
		workspaces: [
			{ ...main, slug: 'acme-coffee', accountCap: null },
			{ ...second, slug: 'acme-coffee-us', accountCap: DEMO.secondAccountCap },
		],
		members: [
			member(1, main.id, u.alex.id, 'owner'),
			member(2, main.id, u.maya.id, 'approver'),
			member(3, main.id, u.sam.id, 'viewer', 'client'),
			member(4, main.id, u.priya.id, 'admin'),
			member(5, main.id, u.jordan.id, 'approver'),
			member(6, main.id, u.lee.id, 'collaborator'),
			member(7, second.id, u.alex.id, 'owner'),
			member(8, second.id, u.priya.id, 'admin'),
			member(9, second.id, u.jordan.id, 'approver'),
		],
		accounts: accounts.map((build) => build(t)),
		labels: [
			tag(DEMO.labels.promo, 'Promo', 'color_1'),
			tag(DEMO.labels.launch, 'Product launch', 'color_4'),
			tag(DEMO.labels.evergreen, 'Evergreen', 'color_7'),
			tag(DEMO.labels.holiday, 'Holiday', 'color_11'),
			tag(DEMO.labels.usOnly, 'US only', 'color_2', second.id),
		],
		campaigns: [
			tag(DEMO.campaigns.spring, 'Spring Launch', 'color_3'),
			tag(DEMO.campaigns.blackFriday, 'Black Friday', 'color_9'),
			tag(DEMO.campaigns.awareness, 'brand awareness', 'color_5'),
		],
		contentCategories: [
			{
				id: DEMO.contentCategories.tips,
				workspaceId: main.id,
				name: 'Coffee tips',
				color: 'color_6',
				color_code: '#2E86AB',
				state: 'active',
				accountIds: [a.facebook, a.linkedin],
				slots_count: 3,
				global: false,
			},
			{
				id: DEMO.contentCategories.behindTheScenes,
				workspaceId: main.id,
				name: 'Behind the scenes',
				color: 'color_8',
				color_code: '#F18F01',
				state: 'active',
				accountIds: [a.instagram, a.tiktok],
				slots_count: 2,
				global: false,
			},
			{
				id: DEMO.contentCategories.global,
				workspaceId: main.id,
				name: 'Global holidays',
				color: 'color_10',
				color_code: '#C73E1D',
				state: 'active',
				accountIds: [],
				slots_count: 0,
				global: true,
			},
		],
		media: [
			{
				id: DEMO.media.latteArt,
				workspaceId: main.id,
				name: 'latte-art.png',
				url: img('latte-art.png'),
				mime_type: 'image/png',
				extension: 'png',
				size: 482113,
				type: 'image',
				folder_id: null,
				is_processing: false,
				created_at: new Date(t - 300 * hour).toISOString(),
				width: 1080,
				height: 1080,
				bytes: null,
			},
			{
				id: DEMO.media.storeFront,
				workspaceId: main.id,
				name: 'store-front.jpg',
				url: img('store-front.jpg'),
				mime_type: 'image/jpeg',
				extension: 'jpg',
				size: 1204551,
				type: 'image',
				folder_id: null,
				is_processing: false,
				created_at: new Date(t - 250 * hour).toISOString(),
				width: 1920,
				height: 1080,
				bytes: null,
			},
			{
				id: DEMO.media.baristaVideo,
				workspaceId: main.id,
				name: 'barista-intro.mp4',
				url: img('barista-intro.mp4'),
				mime_type: 'video/mp4',
				extension: 'mp4',
				size: 18874368,
				type: 'video',
				folder_id: null,
				is_processing: false,
				created_at: new Date(t - 200 * hour).toISOString(),
				width: 1080,
				height: 1920,
				bytes: null,
			},
			{
				id: DEMO.media.pourGif,
				workspaceId: main.id,
				name: 'Coffee pour.gif',
				url: img('coffee-pour.gif'),
				mime_type: 'image/gif',
				extension: 'gif',
				size: 734002,
				type: 'gif',
				folder_id: null,
				is_processing: false,
				created_at: new Date(t - 150 * hour).toISOString(),
				width: 480,
				height: 270,
				bytes: null,
			},
		],
		posts: postSeeds.map((seed) => post(seed, t)),
		comments: comments(t),
		sessions: [],
	};
}
