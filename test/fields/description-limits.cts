// The limits of the API description's section 8, written here from the description and never read
// from the package: every row is tested at these numbers (cases.cts), so a wrong limit in the
// package's table fails instead of agreeing with itself. Keyed by operation and by the field as
// errors name it. test/post/limits.test.cts takes its numbers from here too.

export interface Limit {
	/** Characters of text, or entries of a list. */
	min?: number;
	max?: number;
	/** Characters of each entry of a list (a YouTube tag). */
	entryMax?: number;
}

export const DESCRIPTION_LIMITS: Record<string, Limit> = {
	'post.create Text': { max: 5000 },
	'post.create Image URLs': { max: 10 },
	'post.create Labels': { max: 20 },
	'post.create First Comment Message': { max: 2000 },
	'post.create Approval Notes': { max: 1000 },
	'post.create X (Twitter) Thread item 1 Media': { max: 10 },
	'post.create Threads Thread item 1 Media': { max: 10 },
	'post.create Google Business Profile Title': { max: 100 },
	'post.create YouTube Title': { max: 100 },
	'post.create Pinterest Title': { max: 100 },
	'post.create YouTube Tags': { entryMax: 30 },
	'post.approve Comment': { max: 1000 },
	'account.addBluesky Handle': { max: 255 },
	'account.addFacebookGroup Group Name': { min: 3, max: 255 },
	'media.getAll Search': { max: 255 },
};

/** The description's limits of one field; none where it states none. */
export function limitOf(operation: string, label: string): Limit {
	return DESCRIPTION_LIMITS[`${operation} ${label}`] ?? {};
}

/** Section 8's limits across rows: library items and binary files together, items of a thread. */
export const MEDIA_IDS_PER_POST = 10;
export const THREAD_ITEMS = 10;
