// Variant profiles: the sandbox's answers where the API description is silent or live deployments
// differ (api-notes.md). A sandbox that makes one choice teaches the node that choice; tests run the
// node under several profiles so that it handles every reasonable answer.
//
// A profile is set at start-up (`--profile`, or SANDBOX_PROFILE for the test command) and through
// the control surface (`POST /__sandbox/profile`); a reset returns to the start-up profile.

/** The order of the posts list (section 4.13 states none). */
export const LIST_ORDERS = ['updated-desc', 'created-desc', 'created-asc', 'shuffled'] as const;
/**
 * One more order, set by the tests that need it rather than run through with the others: fixed,
 * but by no time (a service that sorts by an opaque key, such as a UUID), so neither end of the list
 * holds the newest posts.
 */
export const OPAQUE_ORDER = 'opaque';
/**
 * How records name their identifier: `_id` as described, `id`, or `_id` with account IDs as
 * numeric strings (wire.cts; requests accept both forms).
 */
export const ID_STYLES = ['described', 'id', 'numeric'] as const;
/** `/workspaces` (section 4.1 shows no shape): a paginated envelope, or one plain array. */
export const WORKSPACE_SHAPES = ['paged', 'array'] as const;
/** `/me` (not shown): `_id` + `full_name` (as seen live), or `id` + `name`. */
export const ME_SHAPES = ['described', 'alternate'] as const;
/** Create post's `data`: `{id, post_url}`, `{_id}`, `{post_id, post_url}`, or `{id, post_url, warning}`. */
export const CREATE_POST_ANSWERS = ['id', '_id', 'post_id', 'warning'] as const;
/** Error bodies: `message`, or `error` instead (api-notes.md). */
export const ERROR_BODIES = ['message', 'error'] as const;
/**
 * The date `date_from`/`date_to` filter posts on (section 4.13 names none): the scheduled day, else
 * the day created; the day last updated; the day created; or no filtering at all.
 */
export const DATE_FILTERS = ['scheduled', 'updated', 'created', 'ignored'] as const;
/** The media list's `sort` (section 4.11): honoured, or ignored with the oldest listed first. */
export const MEDIA_SORTS = ['honoured', 'ignored'] as const;
/** The order of a post's comments (section 4.17 states none): oldest first, or newest first. */
export const COMMENT_ORDERS = ['created-asc', 'created-desc'] as const;
/**
 * Whether a change of status moves a post's `updated_at` (the description does not say): `moved`,
 * or `kept`: only edits (text, labels, comments) and creation stamp it, as `edited_at` holds.
 */
export const STATUS_STAMPS = ['moved', 'kept'] as const;
/**
 * Whether an approver may act again on a post still under review (section 4.16 does not say):
 * `once`, or `repeat`: the new action and note replace the earlier ones, and the post follows.
 */
export const APPROVER_ACTIONS = ['once', 'repeat'] as const;
/**
 * When the service's own jobs stamp a change of status (publishing, failing, review; the description
 * does not say): `visible`, the moment it can be read; or `early`, STAMP_EARLY_SECONDS before, as a
 * publish job that stamps when it starts and saves when the networks answer, or an app server whose
 * clock runs behind, would. Changes through the API stamp when visible, so a reader can see a change
 * whose stamp is older than the newest stamp it has already read.
 */
export const STAMP_TIMES = ['visible', 'early'] as const;
export const STAMP_EARLY_SECONDS = 3;
/** The precision of the times a change writes: milliseconds, or whole seconds (a common default). */
export const STAMP_PRECISIONS = ['ms', 'seconds'] as const;

export interface Profile {
	listOrder: (typeof LIST_ORDERS)[number] | typeof OPAQUE_ORDER;
	ids: (typeof ID_STYLES)[number];
	workspaces: (typeof WORKSPACE_SHAPES)[number];
	me: (typeof ME_SHAPES)[number];
	createPost: (typeof CREATE_POST_ANSWERS)[number];
	errors: (typeof ERROR_BODIES)[number];
	dateFilter: (typeof DATE_FILTERS)[number];
	mediaSort: (typeof MEDIA_SORTS)[number];
	commentOrder: (typeof COMMENT_ORDERS)[number];
	statusStamps: (typeof STATUS_STAMPS)[number];
	approverActions: (typeof APPROVER_ACTIONS)[number];
	stampTime: (typeof STAMP_TIMES)[number];
	stampPrecision: (typeof STAMP_PRECISIONS)[number];
}

/** The choices the sandbox made before profiles existed. */
export const DEFAULT_PROFILE: Profile = {
	listOrder: 'updated-desc',
	ids: 'described',
	workspaces: 'paged',
	me: 'described',
	createPost: 'id',
	errors: 'message',
	dateFilter: 'scheduled',
	mediaSort: 'honoured',
	commentOrder: 'created-asc',
	statusStamps: 'moved',
	approverActions: 'once',
	stampTime: 'visible',
	stampPrecision: 'ms',
};

/** Every variant that differs from the default, at once. */
export const EVERY_VARIANT: Profile = {
	listOrder: 'shuffled',
	ids: 'numeric',
	workspaces: 'array',
	me: 'alternate',
	createPost: 'warning',
	errors: 'error',
	dateFilter: 'updated',
	// Honoured even here: Get Many's own tests of `sort` need it (the lookup's tests set it).
	mediaSort: 'honoured',
	commentOrder: 'created-desc',
	statusStamps: 'kept',
	approverActions: 'repeat',
	stampTime: 'early',
	stampPrecision: 'seconds',
};

const CHOICES: { [K in keyof Profile]: readonly Profile[K][] } = {
	listOrder: [...LIST_ORDERS, OPAQUE_ORDER],
	ids: ID_STYLES,
	workspaces: WORKSPACE_SHAPES,
	me: ME_SHAPES,
	createPost: CREATE_POST_ANSWERS,
	errors: ERROR_BODIES,
	dateFilter: DATE_FILTERS,
	mediaSort: MEDIA_SORTS,
	commentOrder: COMMENT_ORDERS,
	statusStamps: STATUS_STAMPS,
	approverActions: APPROVER_ACTIONS,
	stampTime: STAMP_TIMES,
	stampPrecision: STAMP_PRECISIONS,
};

/** A small seeded generator (mulberry32), so that a random profile or order can be re-run. */
export function seededRandom(seed: number): () => number {
	// Read once: in a vm context (jest's) a global read on every draw made a draw 30 times slower.
	const { imul } = Math;
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = imul(t ^ (t >>> 15), t | 1);
		t ^= t + imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

/** A profile whose every choice is drawn from `seed`. */
export function randomProfile(seed: number): Profile {
	const random = seededRandom(seed);
	const pick = <T,>(values: readonly T[]) => values[Math.floor(random() * values.length)];
	return Object.fromEntries(
		Object.entries(CHOICES).map(([key, values]) => [key, pick(values as readonly string[])]),
	) as unknown as Profile;
}

/**
 * Reads a profile's name: `default`, `every`, `random:<seed>`, or `key=value` pairs separated by
 * commas over the default (e.g. `listOrder=shuffled,ids=id`).
 */
export function parseProfile(text: string | undefined): Profile {
	const spec = (text ?? '').trim();
	if (spec === '' || spec === 'default') return { ...DEFAULT_PROFILE };
	if (spec === 'every') return { ...EVERY_VARIANT };
	const random = /^random:(\d+)$/.exec(spec);
	if (random) return randomProfile(Number(random[1]));
	return withChoices(
		DEFAULT_PROFILE,
		Object.fromEntries(spec.split(',').map((pair) => pair.split('=').map((part) => part.trim()))),
	);
}

/** `base` with the given choices, each checked against its allowed values. */
export function withChoices(base: Profile, choices: Record<string, unknown>): Profile {
	const profile = { ...base };
	for (const [key, value] of Object.entries(choices)) {
		const allowed = CHOICES[key as keyof Profile] as readonly unknown[] | undefined;
		if (!allowed)
			throw new Error(
				`Unknown profile setting "${key}"; known: ${Object.keys(CHOICES).join(', ')}`,
			);
		if (!allowed.includes(value)) {
			throw new Error(`Profile setting ${key} takes ${allowed.join(', ')}, not "${String(value)}"`);
		}
		(profile as Record<string, unknown>)[key] = value;
	}
	return profile;
}

/** The profile as one line, for logs: `listOrder=shuffled ids=numeric ...`. */
export function describeProfile(profile: Profile): string {
	return Object.entries(profile)
		.map(([key, value]) => `${key}=${value}`)
		.join(' ');
}
