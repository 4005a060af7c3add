/** How the editor names values: in title case, and the platforms as people write them. */
export function titleCase(value: string): string {
	return value
		.split(/[_+\s-]/)
		.filter(Boolean)
		.map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
		.join(value.includes('+') ? ' + ' : ' ');
}

/** How people write the platforms' names; keys are the API's platform and connect keys. */
const PLATFORM_NAMES: Record<string, string> = {
	'facebook-profile': 'Facebook Profile',
	gmb: 'Google Business Profile',
	'instagram-via-facebook': 'Instagram (via Facebook)',
	linkedin: 'LinkedIn',
	tiktok: 'TikTok',
	twitter: 'X (Twitter)',
	youtube: 'YouTube',
};

export const platformLabel = (key: string): string => PLATFORM_NAMES[key] ?? titleCase(key);
