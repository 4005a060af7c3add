// The limits and value sets of the API description (sections 4 and 8), written once as data.
// Route schemas and rules read them from here; nothing else spells a number or an enum.

export const PLATFORMS = [
	'facebook',
	'twitter',
	'linkedin',
	'pinterest',
	'instagram',
	'gmb',
	'youtube',
	'tiktok',
	'tumblr',
	'threads',
	'bluesky',
	'telegram',
] as const;
export type Platform = (typeof PLATFORMS)[number];

/** Path values of 4.6; bluesky and facebook-group connect through /add instead. */
export const CONNECT_PLATFORMS = [
	'facebook',
	'facebook-profile',
	'instagram',
	'instagram-via-facebook',
	'twitter',
	'linkedin',
	'pinterest',
	'tiktok',
	'youtube',
	'threads',
	'gmb',
	'tumblr',
] as const;
export type ConnectPlatform = (typeof CONNECT_PLATFORMS)[number];

/** The account platform a connect path value creates. */
export const CONNECT_PLATFORM_ACCOUNT: Record<ConnectPlatform, Platform> = {
	facebook: 'facebook',
	'facebook-profile': 'facebook',
	instagram: 'instagram',
	'instagram-via-facebook': 'instagram',
	twitter: 'twitter',
	linkedin: 'linkedin',
	pinterest: 'pinterest',
	tiktok: 'tiktok',
	youtube: 'youtube',
	threads: 'threads',
	gmb: 'gmb',
	tumblr: 'tumblr',
};

export const CONNECT_PROCESSES = ['connect', 'reconnect'] as const;

export const POST_TYPES = [
	'feed',
	'feed+reel',
	'reel',
	'carousel',
	'story',
	'feed+story',
	'feed+reel+story',
	'reel+story',
	'carousel+story',
	'video',
	'shorts',
] as const;

export const PUBLISH_TYPES = ['scheduled', 'draft', 'queued', 'content_category'] as const;

export const POST_STATUSES = [
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
] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** `status[]` filter values (section 3) and the list-item status each one selects. */
export const FILTER_STATUSES: Record<string, PostStatus> = {
	draft: 'draft',
	scheduled: 'scheduled',
	published: 'published',
	failed: 'failed',
	rejected: 'rejected',
	under_review: 'under_review',
	review: 'under_review',
	missed_review: 'missed_review',
	partial: 'partial',
	partially_failed: 'partial',
	in_progress: 'in_progress',
};

export const APPROVE_OPTIONS = ['anyone', 'everyone', 'all'] as const;
export const APPROVAL_ACTIONS = ['approve', 'reject'] as const;

export const GMB_TOPIC_TYPES = ['STANDARD', 'EVENT', 'OFFER'] as const;
export const GMB_ACTION_TYPES = ['BOOK', 'ORDER', 'LEARN_MORE'] as const;
export const YOUTUBE_PRIVACY = ['public', 'private'] as const;
export const YOUTUBE_CATEGORIES = [
	'CARS_VEHICLES',
	'COMEDY',
	'EDUCATION',
	'ENTERTAINMENT',
	'FILM_ANIMATION',
	'GAMING',
	'HOW_TO_STYLE',
	'MUSIC',
	'NEWS_POLITICS',
	'NON_PROFITS_ACTIVISM',
	'PEOPLE_BLOGS',
	'PETS_ANIMALS',
	'SCIENCE_TECHNOLOGY',
	'SPORT',
	'TRAVEL_EVENTS',
] as const;
export const YOUTUBE_LICENSES = ['youtube', 'creativeCommon'] as const;
export const TIKTOK_PRIVACY = ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'] as const;
export const TIKTOK_FLAGS = [
	'disable_comment',
	'disable_duet',
	'disable_stitch',
	'auto_add_music',
	'brand_content_toggle',
	'brand_organic_toggle',
	'disclose_commercial_content',
	'is_aigc',
] as const;

export const MEDIA_TYPES = ['images', 'videos'] as const;
export const MEDIA_SORTS = ['recent', 'oldest', 'size', 'a2z', 'z2a'] as const;

export const LIMITS = {
	perPageMax: 100,
	textLength: 5000,
	images: 10,
	mediaIds: 10,
	threadItems: 10,
	threadItemMedia: 10,
	labels: 20,
	firstCommentLength: 2000,
	approvalNotesLength: 1000,
	approvalCommentLength: 1000,
	titleLength: 100,
	youtubeTagLength: 30,
	blueskyHandleLength: 255,
	facebookGroupNameMin: 3,
	facebookGroupNameMax: 255,
	mediaSearchLength: 255,
	/** Connect sessions: `security.expires_in_minutes`. */
	connectSessionMinutes: 15,
	/** Upload size the sandbox accepts; the description gives none. Read as it streams in. */
	uploadBytes: 2 * 1024 * 1024 * 1024,
} as const;

/** per_page defaults of section 8; lists not named there use `other`. */
export const PER_PAGE_DEFAULT = { posts: 10, media: 20, comments: 20, other: 20 } as const;

/** Rate limit seen on the live API (api-notes.md), the CLI's default. */
export const LIVE_RATE_LIMIT = { limit: 100, windowSeconds: 60 } as const;

/** Platforms whose posts cannot be deleted natively (4.15, api-notes.md). */
export const DELETE_NOT_SUPPORTED = ['instagram', 'tiktok', 'facebook-group'] as const;

/** Team roles that may connect and add accounts. */
export const CONNECTING_ROLES = ['owner', 'admin', 'collaborator', 'approver'] as const;

/** Form of a bluesky app password as Bluesky issues them. */
export const BLUESKY_APP_PASSWORD = /^[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}$/;
/** Handles under this TLD are reserved (RFC 6761) and never resolve: the sandbox's unknown handles. */
export const BLUESKY_UNKNOWN_HANDLE_SUFFIX = '.invalid';
