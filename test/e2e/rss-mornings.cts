// "RSS to scheduled posts" on three mornings, as the end-to-end and queue tests tell it: the feed
// each morning serves, what should become of it, and what did, read from the sandbox's log.
import type { LoggedRequest } from '../../sandbox/client.cts';
import { DEMO } from '../../sandbox/demo-data.cts';
import type { FeedStory } from '../../scripts/offline-services.cts';
import { bodyOf } from './setup.cts';

/** What one morning sent to the API. */
export interface Outcome {
	/** The images imported into the media library, by the file name of their URL: none, ever. */
	uploads: string[];
	/** The stories that became posts, in the order of their time. */
	posted: string[];
	/** Each post's time of day, tomorrow. */
	times: string[];
	/** Each post's media, in the same order, its image URLs by their path (the feed's origin varies). */
	media: unknown[];
	/** Reads of the workspace's posts: the window of posts already made, read once per morning. */
	reads: number;
	/** Requests that failed or were dropped. */
	failed: number;
}

export interface Morning {
	/** The feed that morning, in the order it lists its stories. */
	feed: FeedStory[];
	expected: Outcome & { day: number };
}

const TITLES = [
	'Harvest notes',
	'Barista diaries',
	'Cup of the week',
	'Roastery tour',
	'Oat milk test',
	'Spring menu',
];
const SLOTS = ['09:00:00', '12:00:00', '15:00:00'];

/** Six stories, an hour apart, the last the newest; dated from now, so never in the future. */
function storiesFromNow(): FeedStory[] {
	return TITLES.map((title, index) => ({
		slug: `story-${index + 1}`,
		title,
		text: `${title}: the full story on our blog.`,
		published: new Date(Date.now() - (TITLES.length - index) * 3600_000),
	}));
}

function expected(day: number, stories: FeedStory[], failed = 0): Morning['expected'] {
	return {
		day,
		uploads: [],
		posted: stories.map((story) => story.title),
		times: SLOTS.slice(0, stories.length),
		media: stories.map((story) => ({ images: [`/images/${story.slug}.jpg`] })),
		reads: 1,
		failed,
	};
}

/**
 * Day 1: five stories, listed oldest first: the newest three become posts. Day 2: a sixth, the
 * newest, listed first: only it becomes a post. Day 3: the same six in a shuffled order: nothing.
 * A new order each morning, so "newest" never rests on how the feed lists its stories.
 *
 * `refusedFirst`: the service refuses every create on day 1 (its credits used up), so day 1 posts
 * nothing, its 3 creates refused; day 2 posts the newest three, the two of day 1 still among them
 * included; day 3 nothing. The story that left the newest three (s3) is not posted.
 */
export function threeMornings({ refusedFirst = false } = {}): Morning[] {
	const [s1, s2, s3, s4, s5, s6] = storiesFromNow();
	return [
		{
			feed: [s1, s2, s3, s4, s5],
			expected: refusedFirst ? expected(1, [], 3) : expected(1, [s5, s4, s3]),
		},
		{
			feed: [s6, s5, s4, s3, s2, s1],
			expected: expected(2, refusedFirst ? [s6, s5, s4] : [s6]),
		},
		{ feed: [s3, s6, s1, s5, s2, s4], expected: expected(3, []) },
	];
}

/** What one morning sent, from the sandbox's log of that morning. */
export function outcomeOf(day: number, requests: LoggedRequest[]): Outcome & { day: number } {
	const workspace = `/api/v1/workspaces/${DEMO.workspaces.main.id}`;
	const created = (path: string) =>
		requests.filter(
			(r) => r.method === 'POST' && r.path === `${workspace}${path}` && r.status === 201,
		);
	const posts = created('/posts')
		.map(bodyOf)
		.sort((a, b) =>
			String(a.scheduling.scheduled_at).localeCompare(String(b.scheduling.scheduled_at)),
		);
	const byPath = (url: string) => new URL(url).pathname;
	return {
		day,
		uploads: created('/media')
			.map((r) => String(bodyOf<{ fields: { url: string } }>(r).fields.url.split('/').pop()))
			.sort(),
		posted: posts.map(
			(body) => TITLES.find((title) => body.content.text.startsWith(title)) ?? body.content.text,
		),
		times: posts.map((body) => String(body.scheduling.scheduled_at).slice(11)),
		media: posts.map(({ content: { media } }) =>
			media?.images ? { ...media, images: media.images.map(byPath) } : media,
		),
		reads: requests.filter((r) => r.method === 'GET' && r.path === `${workspace}/posts`).length,
		failed: requests.filter((r) => r.status === null || r.status >= 400).length,
	};
}
