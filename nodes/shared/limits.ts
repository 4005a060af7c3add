/**
 * The API description's limits and value sets, written once. The node's checks and its UI
 * (maxValue, options lists) both read from here.
 */

export const PER_PAGE_MAX = 100;

export const LIMITS = {
	textLength: 5000,
	images: 10,
	mediaIds: 10,
	labels: 20,
	firstCommentLength: 2000,
	approvalNotesLength: 1000,
	approvalCommentLength: 1000,
	threadItems: 10,
	threadItemMedia: 10,
	titleLength: 100,
	youtubeTagLength: 30,
	blueskyHandleLength: 255,
	facebookGroupNameMin: 3,
	facebookGroupNameMax: 255,
	mediaSearchLength: 255,
} as const;

// prettier-ignore
export const PLATFORMS = [
	'bluesky', 'facebook', 'gmb', 'instagram', 'linkedin', 'pinterest', 'telegram', 'threads',
	'tiktok', 'tumblr', 'twitter', 'youtube',
] as const;

// prettier-ignore
export const CONNECT_PLATFORMS = [
	'facebook', 'facebook-profile', 'gmb', 'instagram', 'instagram-via-facebook', 'linkedin',
	'pinterest', 'threads', 'tiktok', 'tumblr', 'twitter', 'youtube',
] as const;

// prettier-ignore
export const POST_TYPES = [
	'feed', 'feed+reel', 'reel', 'carousel', 'story', 'feed+story', 'feed+reel+story', 'reel+story',
	'carousel+story', 'video', 'shorts',
] as const;

export const PUBLISH_TYPES = ['scheduled', 'draft', 'queued', 'content_category'] as const;

/** Values the posts list accepts in `status[]` (section 3). */
// prettier-ignore
export const POST_FILTER_STATUSES = [
	'draft', 'failed', 'in_progress', 'missed_review', 'partial', 'partially_failed', 'published',
	'rejected', 'review', 'scheduled', 'under_review',
] as const;

export const APPROVE_OPTIONS = ['anyone', 'everyone'] as const;
export const APPROVAL_ACTIONS = ['approve', 'reject'] as const;

export const MEDIA_TYPES = ['images', 'videos'] as const;
export const MEDIA_SORTS = ['recent', 'oldest', 'size', 'a2z', 'z2a'] as const;

export const GMB_TOPIC_TYPES = ['STANDARD', 'EVENT', 'OFFER'] as const;
export const GMB_ACTION_TYPES = ['BOOK', 'ORDER', 'LEARN_MORE'] as const;
export const YOUTUBE_PRIVACY = ['public', 'private'] as const;
export const YOUTUBE_LICENSES = ['youtube', 'creativeCommon'] as const;
// prettier-ignore
export const YOUTUBE_CATEGORIES = [
	'CARS_VEHICLES', 'COMEDY', 'EDUCATION', 'ENTERTAINMENT', 'FILM_ANIMATION', 'GAMING',
	'HOW_TO_STYLE', 'MUSIC', 'NEWS_POLITICS', 'NON_PROFITS_ACTIVISM', 'PEOPLE_BLOGS', 'PETS_ANIMALS',
	'SCIENCE_TECHNOLOGY', 'SPORT', 'TRAVEL_EVENTS',
] as const;
export const TIKTOK_PRIVACY_LEVELS = [
	'PUBLIC_TO_EVERYONE',
	'MUTUAL_FOLLOW_FRIENDS',
	'SELF_ONLY',
] as const;
