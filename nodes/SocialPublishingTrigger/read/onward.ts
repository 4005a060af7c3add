import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { digest, idOf } from '../../shared/ids';
import type { Cursor } from '../remember/cursor';
import type { Members, Seen } from '../remember/members';
import { isMember } from '../remember/members';
import type { Watch } from '../watch/settings';
import { pagesLeft } from './budget';
import { landingNow } from './grown';
import type { Pages } from './pages';
import {
	distinct,
	headOf,
	landingOf,
	lastFrom,
	PAGES_AT_ONCE,
	READINGS_AT_MOST,
	readPage,
} from './pages';

/** What a poll read (Seen), the service's clock, and the cursor's new marks. */
export interface Changes extends Seen {
	serviceTime?: number;
	marks: Partial<Cursor>;
	/** Posts that entered where new posts land while a first reading goes on. */
	entering?: Set<string>;
}

/** The marks of a reading over several polls, when it ends. */
const DONE = { readAt: undefined, readKeys: undefined, passes: undefined, noting: undefined };

/**
 * A whole reading too long for a poll's budget (budget.ts), read over several polls. Each reads where
 * new posts land first (a post entering meanwhile shows there at once; the first poll finds that page
 * by reading the last one too), then as many pages as the budget allows, from the one before where it
 * stopped (a post that left a page already read moves the posts after it up, one onto that page),
 * and keeps where it stopped and the keys of the posts listed so far. Past the last page the reading
 * is whole when those add up to the list's total; else (a list in a new order for every request)
 * another pass begins, up to 40 at activation (as readUntilWhole), 2 later, and after the last
 * the members it left out count one reading toward being forgotten. `read`: pages this poll read.
 */
export async function readOn(
	ctx: IPollFunctions,
	watch: Watch,
	cursor: Cursor,
	members: Members,
	read: Pages = {},
): Promise<Changes> {
	const passes = cursor.noting ? READINGS_AT_MOST : 2;
	const page = async (at: number) => (read[at - 1] ??= await readPage(ctx, watch, at));
	let [landing, entering] = [cursor.landing ?? 1, undefined as Set<string> | undefined];
	if (cursor.readAt === undefined) {
		const last = lastFrom(await page(1), 1);
		landing = last > 1 ? landingOf(await page(1), await page(last), last) : 1;
	} else if (cursor.head !== undefined) {
		const known = (post: IDataObject) => isMember(members, post);
		const found = await landingNow(ctx, watch, cursor.head, landing, await page(landing), known);
		found?.pages.forEach((each, i) => (read[landing + i - 1] = each));
		entering = found?.entered;
	}
	const seen = await page(landing);
	const last = lastFrom(seen, landing);
	const text = cursor.readKeys ?? '';
	const earlier = new Set(text.match(/.{8}/g));
	const listed = new Map<string, IDataObject>();
	const list = (posts: IDataObject[]) =>
		posts.forEach((post) => listed.set(digest(idOf(post)), post));
	Object.values(read).forEach((each) => list(each?.items ?? []));
	const added = () => new Set([...earlier, ...listed.keys()]).size >= (seen.total ?? 0);
	let [at, pass] = [Math.max(1, (cursor.readAt ?? 3) - 1), cursor.passes ?? 1];
	// A first poll goes on after the pages it read already (a reading its budget's time cut short).
	while (cursor.readAt === undefined && read[at - 1]) at += 1;
	for (let left = await pagesLeft(ctx); left >= 1; left = await pagesLeft(ctx)) {
		if (at > last && (added() || pass >= passes)) break;
		// Another pass, from page 1: every page is asked for again.
		if (at > last) [at, pass, read] = [1, pass + 1, {}];
		const count = Math.min(PAGES_AT_ONCE, left, last - at + 1);
		const pages = await Promise.all(Array.from({ length: count }, (_, i) => page(at + i)));
		pages.forEach((each) => list(each.items));
		at += count;
	}
	const whole = at > last ? added() : undefined;
	const ended = whole === true || (whole === false && pass >= passes);
	const [readAt, next] = whole === false ? [1, pass + 1] : [at, pass];
	const readKeys = [...new Set([...earlier, ...listed.keys()])].join('');
	const going = { readAt, passes: next, readKeys, noting: cursor.noting };
	const marks = {
		...(ended ? DONE : going),
		head: whole === false ? undefined : headOf(seen),
		landing,
	};
	const coverage = !ended ? 'window' : whole ? 'whole' : 'partial';
	const posts = distinct([...listed.values()]);
	const { serviceTime } = seen;
	return { posts, coverage, complete: whole === true, earlier, entering, serviceTime, marks };
}
