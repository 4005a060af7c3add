// Fixed lists the service publishes: connectable platforms (4.5) and Facebook text backgrounds (4.10).
import { DEMO } from './demo-data.cts';

const oauth = (
	platform: string,
	display_name: string,
	description: string,
	account_types: string[],
	has_account_selection = true,
) => ({
	platform,
	display_name,
	connection_method: 'oauth',
	endpoint: `POST /api/v1/workspaces/{workspace_id}/connect/${platform}?process=connect`,
	has_account_selection,
	account_types,
	description,
	required_fields: null,
});

export const PLATFORM_ENTRIES = [
	oauth('facebook', 'Facebook Page', 'Connect Facebook Pages you manage.', ['page']),
	oauth(
		'facebook-profile',
		'Facebook Profile',
		'Connect a personal Facebook profile.',
		['profile'],
		false,
	),
	oauth(
		'instagram',
		'Instagram',
		'Connect an Instagram professional account with Instagram login.',
		['business', 'creator'],
		false,
	),
	oauth(
		'instagram-via-facebook',
		'Instagram (via Facebook)',
		'Connect Instagram business accounts linked to your Facebook Pages.',
		['business'],
	),
	oauth('twitter', 'X (Twitter)', 'Connect an X account.', ['profile'], false),
	oauth(
		'linkedin',
		'LinkedIn',
		'Connect a LinkedIn profile and the company pages you administer.',
		['profile', 'page'],
	),
	oauth('pinterest', 'Pinterest', 'Connect a Pinterest account and its boards.', ['profile']),
	oauth('tiktok', 'TikTok', 'Connect a TikTok account.', ['profile'], false),
	oauth('youtube', 'YouTube', 'Connect YouTube channels.', ['channel']),
	oauth('threads', 'Threads', 'Connect a Threads profile.', ['profile'], false),
	oauth('gmb', 'Google Business Profile', 'Connect Google Business Profile locations.', [
		'location',
	]),
	oauth('tumblr', 'Tumblr', 'Connect Tumblr blogs.', ['blog']),
	{
		platform: 'bluesky',
		display_name: 'Bluesky',
		connection_method: 'credentials',
		endpoint: 'POST /api/v1/workspaces/{workspace_id}/add/bluesky',
		has_account_selection: false,
		account_types: ['profile'],
		description: 'Connect a Bluesky account with its handle and an app password.',
		required_fields: {
			handle: 'Your full handle, e.g. yourname.bsky.social',
			app_password: 'An app password from Bluesky Settings > Privacy and security > App passwords',
		},
	},
	{
		platform: 'facebook-group',
		display_name: 'Facebook Group',
		connection_method: 'manual',
		endpoint: 'POST /api/v1/workspaces/{workspace_id}/add/facebook-group',
		has_account_selection: false,
		account_types: ['group'],
		description:
			'Add a Facebook group by name; posts are sent as notifications to publish manually.',
		required_fields: {
			name: 'The group name (3 to 255 characters)',
			image: 'Optional URL of the group picture',
		},
	},
];

const bg = DEMO.textBackgrounds;

export const TEXT_BACKGROUNDS = [
	{
		id: bg.sunset,
		type: 'gradient',
		background_color: 'linear-gradient(45deg, #ff0047 0%, #2c34c7 100%)',
		color: '#FFFFFF',
		description: 'Sunset gradient',
		category: 'ranked',
	},
	{
		id: bg.ocean,
		type: 'solid',
		background_color: '#0086FF',
		color: '#FFFFFF',
		description: 'Solid blue',
		category: 'popular',
	},
	{
		id: bg.hearts,
		type: 'image',
		background_color: '',
		color: '#F35369',
		description: 'Pink hearts',
		category: 'popular',
	},
	{
		id: '106018623298955',
		type: 'solid',
		background_color: '#000000',
		color: '#FFFFFF',
		description: 'Solid black',
		category: 'ranked',
	},
	{
		id: '1777259169190672',
		type: 'gradient',
		background_color: 'linear-gradient(135deg, #f9e866 0%, #f5a623 100%)',
		color: '#000000',
		description: 'Lemon gradient',
		category: 'new',
	},
	{
		id: '621731364695726',
		type: 'image',
		background_color: '',
		color: '#FFFFFF',
		description: 'Starry night',
		category: 'more',
	},
];
