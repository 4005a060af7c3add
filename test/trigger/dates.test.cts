// What a service's dates tell the trigger, learnt once a reading is whole (read/changes.ts): which
// day it asks `date_from` from (the latest day some post was edited surely after it was created,
// scheduled and published) and whether it trusts the answer (no post in it updated surely before
// that day). `date_from` takes a day in the workspace's zone, which the description does not name:
// here the zone is as far east as any (UTC+14), where a day starts 14 hours before UTC's. And a
// post listed without `updated_at` tells nothing, and stops nothing.
// Then whether a change of status moves `updated_at` (the description does not say): `kept` once a
// post was updated before a time its status wrote (a failed post's scheduled time too), and for
// good; `moved` only from a status time after the post's creation. The second workspace holds no
// post in these states, so only the posts made here tell.
import type { IDataObject } from 'n8n-workflow';

import { LIST_ORDERS } from '../../sandbox/profile.cts';
import { useSandbox } from '../harness/sandbox.cts';
import { byId, listTotal } from '../library/fixtures.cts';

import { pagesOf } from './budgets.cts';
import { asked, datedFixtures, daysAsked, PROVEN } from './dated.cts';
import {
	deletePost,
	editPost,
	firstPage,
	MAIN_WORKSPACE,
	postsPath,
	publishNew,
	SECOND_WORKSPACE,
	Watcher,
	watching,
	workspaceEvents,
} from './fixtures.cts';

const sandbox = useSandbox();

/** Kiritimati keeps no summer time: its wall clock is UTC+14 all year, as far east as any. */
const KIRITIMATI = 'Pacific/Kiritimati';
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const cursorOf = (staticData: IDataObject) => (staticData.cursor ?? {}) as IDataObject;
const dateFilterOf = (staticData: IDataObject) => cursorOf(staticData).dateFilter;

/**
 * Fifty published posts over a year in a workspace in Kiritimati, `date_from` on the day updated,
 * then two edits on the sandbox's clock around the UTC midnight `day` (the first at least 14
 * hours from now, so every post made until now was made before that day began in Kiritimati):
 * one post 9 hours before it (on `day` already in Kiritimati), another 12.5 hours after it (it
 * tells `day`: edited surely after that day began anywhere, made surely before).
 */
async function editedAroundMidnight(listOrder: (typeof LIST_ORDERS)[number]) {
	const { control } = sandbox;
	await control.profile({ listOrder, dateFilter: 'updated' });
	await control.workspaceTimezone(MAIN_WORKSPACE, KIRITIMATI);
	const old = await control.seed({
		workspace_id: MAIN_WORKSPACE,
		resource: 'posts',
		count: 50,
		template: { status: 'published', history_days: 365, history_seed: 11 },
	});
	const day = Math.ceil((Date.now() + 14 * HOUR_MS) / DAY_MS) * DAY_MS;
	await control.clock({ now: new Date(day - 9 * HOUR_MS).toISOString(), frozen: true });
	await editPost(sandbox, old[0], 'api');
	await control.clock({ now: new Date(day + 12.5 * HOUR_MS).toISOString(), frozen: true });
	await editPost(sandbox, old[1], 'api');
	return { day: dayOf(day), old };
}

/**
 * The first page of the posts in `status`, answered once with `updated_at` left out of the post
 * `id` (a shape the description does not rule out).
 */
async function listedOnceWithoutUpdatedAt(
	id: string,
	status: string,
	workspaceId = MAIN_WORKSPACE,
) {
	const page = await firstPage(sandbox, status, workspaceId);
	const data = page.data.map((post) => {
		if (String(post._id ?? post.id) !== id) return post;
		const rest = { ...post };
		delete rest.updated_at;
		return rest;
	});
	await sandbox.control.fault({
		method: 'GET',
		path: postsPath(workspaceId),
		answer: 'body',
		body: { ...page, data },
		times: 1,
	});
}

describe.each(LIST_ORDERS)('posts listed %s', (listOrder) => {
	test('a workspace at UTC+14: the answer for the latest telling day is trusted, with a post edited before UTC’s midnight in it', async () => {
		const { day } = await editedAroundMidnight(listOrder);

		const tick = await new Watcher(sandbox, watching('postPublished')).tick();

		expect(tick.error).toBeUndefined();
		expect(tick.ids).toEqual([]);
		// The latest telling day, not an earlier one (the year's edits tell earlier days): one page.
		expect(daysAsked(tick.requests)).toEqual([day]);
		// The post edited 9 hours before UTC's midnight is on that day in Kiritimati, so listed: a
		// reader that took UTC's day for the latest start would call it older and the answer false.
		expect(dateFilterOf(tick.staticData)).toBe('updated');
	});

	test('a post listed without updated_at is passed over: the other posts tell the day', async () => {
		const { day, old } = await editedAroundMidnight(listOrder);
		await listedOnceWithoutUpdatedAt(old[2], 'published');

		const tick = await new Watcher(sandbox, watching('postPublished')).tick();

		expect(tick.error).toBeUndefined();
		expect(tick.ids).toEqual([]);
		expect(daysAsked(tick.requests)).toEqual([day]);
		expect(dateFilterOf(tick.staticData)).toBe('updated');
	});
});

/** A poll of the second workspace's posts in `event`'s state. */
const secondWatcher = (event: string) =>
	new Watcher(sandbox, watching(event, { workspaceId: byId(SECOND_WORKSPACE) }));

/** Posts of the second workspace in `status` over a year, on a service where status changes keep `updated_at`. */
async function keptService(status: string, count: number) {
	await sandbox.control.profile({ statusStamps: 'kept' });
	return await sandbox.control.seed({
		workspace_id: SECOND_WORKSPACE,
		resource: 'posts',
		count,
		template: { status, history_days: 365, history_seed: 12 },
	});
}

describe('whether a change of status moves updated_at', () => {
	test('failed posts updated before their scheduled time tell that it does not', async () => {
		await keptService('failed', 20);

		const tick = await secondWatcher('postFailed').tick();

		expect(tick.error).toBeUndefined();
		expect(cursorOf(tick.staticData).stamps).toBe('kept');
	});

	test('once told that it does not, every post edited since does not turn it', async () => {
		const posts = await keptService('published', 5);
		const watcher = secondWatcher('postPublished');
		expect(cursorOf((await watcher.tick()).staticData).stamps).toBe('kept');
		// A comment on each: every post is now updated after it was published, as on a service
		// where publishing moves `updated_at`.
		for (const post of posts) await editPost(sandbox, post, 'api', SECOND_WORKSPACE);
		// And one is deleted: the list changed, so the next poll reads it whole and judges again.
		await deletePost(sandbox, posts[0], SECOND_WORKSPACE);

		const tick = await watcher.tick();

		expect(tick.error).toBeUndefined();
		expect(cursorOf(tick.staticData).stamps).toBe('kept');
	});

	test('posts published at the moment they were made tell nothing', async () => {
		await sandbox.control.profile({ statusStamps: 'kept' });
		await sandbox.control.clock({ frozen: true });
		const events = workspaceEvents(sandbox, SECOND_WORKSPACE);
		const made = await sandbox.control.seed({
			workspace_id: SECOND_WORKSPACE,
			resource: 'posts',
			count: 3,
			template: { status: 'scheduled' },
		});
		for (const post of made) await events.publish(post);

		const tick = await secondWatcher('postPublished').tick();

		expect(tick.error).toBeUndefined();
		expect(tick.ids).toEqual([]);
		expect(cursorOf(tick.staticData).stamps).toBeUndefined();
	});

	test('a post listed without updated_at tells nothing, though it was published after it was made', async () => {
		const [post] = await keptService('published', 1);
		await listedOnceWithoutUpdatedAt(post, 'published', SECOND_WORKSPACE);

		const tick = await secondWatcher('postPublished').tick();

		expect(tick.error).toBeUndefined();
		expect(cursorOf(tick.staticData).stamps).toBeUndefined();
	});
});

// A post can show up in the state with an old stamp (a service restoring it from a backup, say):
// the changes since the watermark's day do not hold it, so one page of the list, read in turn each
// poll, checks what they tell. The page that shows a post in the state neither known nor changed
// ends the trust for that poll: the list is read, and the post fires, once. In a list drawn anew
// for every request the page read in turn shows it by chance only, so those orders are left out.
/** A service where `date_from` filters on the day updated and a change of status moves it. */
const { published, watchedWithDay } = datedFixtures(sandbox);

describe.each(LIST_ORDERS.filter((order) => order !== 'shuffled'))(
	'posts listed %s',
	(listOrder) => {
		test('a post that enters the state with an old stamp is found by the page read in turn, and fires once', async () => {
			await published(listOrder, 21, 300, PROVEN);
			const watcher = new Watcher(sandbox, watching('postPublished'));
			expect((await watcher.tick()).ids).toEqual([]);
			expect(cursorOf(watcher.staticData)).toMatchObject({
				dateFilter: 'updated',
				stamps: 'moved',
			});

			const [restored] = await published(listOrder, 22, 1, PROVEN);
			const announced: string[] = [];
			// 4 pages: the page in turn has shown each of them after 4 polls.
			for (let poll = 0; poll < 6; poll++) announced.push(...(await watcher.tick()).ids);
			expect(announced).toEqual([restored]);
		});

		// The first check after activation reads page 1 in turn; in a list newest first the post
		// published lands there, and is among the changes: no unknown post, so the check costs 2.
		test('a post published onto the page read in turn: the check costs 2 requests and fires it', async () => {
			await published(listOrder, 23, 300, PROVEN);
			const watcher = new Watcher(sandbox, watching('postPublished'));
			expect((await watcher.tick()).ids).toEqual([]);
			const entering = await publishNew(sandbox, 1);

			const tick = await watcher.tick();

			expect(tick.ids).toEqual(entering);
			const asked = tick.requests.map(
				({ query }) => query.date_from ?? `page ${String(query.page)}`,
			);
			expect(asked.sort()).toEqual([expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), 'page 1']);
		});
	},
);

// The changes since the watermark's day are one page up to 100 (`per_page`'s most): a poll that
// finds more reads the state's landing page instead until that day moves on, which costs less while
// nothing changes. At exactly 100 the page of changes is whole, and the next poll asks for the
// changes again.
describe.each(LIST_ORDERS)('posts listed %s, a burst of changes', (listOrder) => {
	test('exactly 100 changes are one page: the poll fires them for 2 requests, and the next asks for the changes again', async () => {
		const { watcher, day, changed } = await watchedWithDay(listOrder, 31);
		const entering = await publishNew(sandbox, 100 - changed);

		const burst = await watcher.tick();

		expect(burst.ids.sort()).toEqual([...entering].sort());
		expect(asked(burst)).toEqual([`${String(day)} page 1`, 'page 3']);
		expect(asked(await watcher.tick())).toEqual([`${String(day)} page 1`, 'page 4']);
	});

	// In a list drawn anew for every request the two pages of changes leave some out (docs/trigger.md:
	// "a post may fire a few checks late"), so the poll reads the whole list, which may too: every
	// post fires once within three polls, and the burst's poll asks for both pages of changes.
	test('101 changes: the poll reads both pages of them and the landing page, and the next reads no changes', async () => {
		const { watcher, day, changed } = await watchedWithDay(listOrder, 32);
		const entering = await publishNew(sandbox, 101 - changed);
		const pages = Math.ceil(
			(await listTotal(sandbox.control, 'posts', MAIN_WORKSPACE, { 'status[]': 'published' })) /
				100,
		);
		const landing = listOrder === 'created-asc' ? pages : 1;
		const changes = [`${String(day)} page 1`, `${String(day)} page 2`];

		const [burst, next, third] = [await watcher.tick(), await watcher.tick(), await watcher.tick()];

		expect([...burst.ids, ...next.ids, ...third.ids].sort()).toEqual([...entering].sort());
		if (listOrder === 'shuffled') {
			expect(asked(burst)).toEqual(expect.arrayContaining(changes));
			return;
		}
		expect(burst.ids.sort()).toEqual([...entering].sort());
		expect(asked(burst)).toEqual([...changes, 'page 3', `page ${landing}`].sort());
		expect(daysAsked(next.requests)).toEqual([]);
	});
});

// The newest stamp read moves the day the changes are asked from only after a reading that held all
// it asked for (remember/members.ts): a reading over several polls, when it ends, with the newest
// stamp its last poll read. Here the first reading of 8 pages, 4 a poll, reads pages 2 and 4 only
// in its first two polls. Once page 2 is read, a failed post made at the time one of its posts was
// is published there as that one fails (the count adds up: the reading ends whole without it), and
// two days later on the sandbox's clock a post on page 4 is edited before that page is read. A day
// asked from that edit (12 hours before it) would start after the post was published; the changes
// since the day of its last poll's newest stamp hold it: it fires on the first poll after the
// reading. In a list by update both go to page 1, which every poll of the reading reads first (the
// post fires at once, as one entering where new posts land), and in a list drawn anew for every
// request no page holds the same posts twice: those orders are left out.
describe.each(['created-desc', 'created-asc'] as const)(
	'posts listed %s, a first reading over several polls',
	(listOrder) => {
		test('a post published onto a page it had read fires on the poll after it, though an edit on a page read later is newer', async () => {
			const { control } = sandbox;
			await published(listOrder, 15, 700, PROVEN);
			const watcher = new Watcher(sandbox, watching('postPublished'), { pollBudgetMs: 6_000 });
			expect(pagesOf(await watcher.tick())).toEqual([1, 8, 2, 3]);
			const leaving = (await firstPage(sandbox, 'published', MAIN_WORKSPACE, 2)).data[50];
			const edited = (await firstPage(sandbox, 'published', MAIN_WORKSPACE, 4)).data[50];
			const ago = Date.parse(String(leaving.created_at)) - Date.now();
			await control.clock({ offsetSeconds: ago / 1000 });
			const back = await control.seed({
				workspace_id: MAIN_WORKSPACE,
				resource: 'posts',
				count: 1,
				template: { status: 'failed' },
			});
			await control.clock({ offsetSeconds: 0 });
			await workspaceEvents(sandbox).publish(back[0]);
			await workspaceEvents(sandbox).fail(String(leaving._id ?? leaving.id));
			await control.clock({ offsetSeconds: 2 * 86_400 });
			await editPost(sandbox, String(edited._id ?? edited.id), 'api');

			const reading = [await watcher.tick(), await watcher.tick(), await watcher.tick()];
			const after = [await watcher.tick(), await watcher.tick(), await watcher.tick()];

			expect(reading.map(pagesOf)).toEqual(
				listOrder === 'created-asc'
					? [
							[8, 3, 4, 5],
							[8, 5, 6, 7],
							[8, 7, 'date_from'],
						]
					: [
							[1, 3, 4, 5],
							[1, 5, 6, 7],
							[1, 7, 8, 'date_from'],
						],
			);
			expect(reading.flatMap((tick) => tick.ids)).toEqual([]);
			expect(after.map((tick) => tick.ids)).toEqual([back, [], []]);
		});
	},
);

// Where the changes are not read (a service whose dates prove nothing), a poll reads the landing
// page and one page in turn. A post in the state that it does not know on the page in turn, while
// the list's total and landing page are as before (as many posts left as entered), means posts
// entered where no poll looked: the list is read whole, and every one of them fires in that poll.
// In a list in a new order for every request each poll reads the whole list: each fires once.
describe.each(LIST_ORDERS)('posts listed %s, dates that prove nothing', (listOrder) => {
	const UNPROVEN = { dateFilter: 'scheduled', statusStamps: 'kept' };

	/** The pages of the published list that hold `ids`, as the API key lists them now. */
	async function pagesHolding(ids: string[]) {
		const pages = new Set<number>();
		for (let page = 1; page <= 6; page++) {
			const { data } = await firstPage(sandbox, 'published', MAIN_WORKSPACE, page);
			if (data.some((post) => ids.includes(String(post._id ?? post.id)))) pages.add(page);
		}
		await sandbox.control.clearRequests();
		return pages.size;
	}

	test('two posts enter with old stamps on different pages as two leave: the poll that finds one fires both', async () => {
		const old = await published(listOrder, 41, 500, UNPROVEN);
		const watcher = new Watcher(sandbox, watching('postPublished'));
		expect((await watcher.tick()).ids).toEqual([]);
		expect((await watcher.tick()).ids).toEqual([]);
		const restored = await published(listOrder, 42, 2, UNPROVEN);
		for (const id of [old[100], old[300]]) await deletePost(sandbox, id);
		if (listOrder !== 'shuffled') expect(await pagesHolding(restored)).toBe(2);

		const polls: string[][] = [];
		for (let poll = 0; poll < 7; poll++) polls.push((await watcher.tick()).ids);

		expect(polls.flat().sort()).toEqual([...restored].sort());
		if (listOrder !== 'shuffled')
			expect(polls.filter((ids) => ids.length > 0).map((ids) => ids.sort())).toEqual([
				[...restored].sort(),
			]);
	});
});

// Proven once, the changes are read while no post read tells otherwise: the page read in turn with
// them counts too. Here the service turns out to keep `updated_at` on a change of status (its posts
// now say so), and a post made 3 days ago is published: its stamp is older than the day asked, so
// only the list finds it. The poll whose page in turn tells `kept` leaves the changes and reads the
// list, and so does every poll after it; in a list in a new order for every request that reading
// may leave the post out: it fires a poll later.
describe.each(LIST_ORDERS)(
	'posts listed %s, a change of status that keeps updated_at',
	(listOrder) => {
		test('the poll whose pages first tell it reads the list, and fires the post published with an old stamp', async () => {
			await published(listOrder, 51, 300, PROVEN);
			const watcher = new Watcher(sandbox, watching('postPublished'));
			expect((await watcher.tick()).ids).toEqual([]);
			expect((await watcher.tick()).ids).toEqual([]);
			await sandbox.control.profile({ listOrder, ...PROVEN, statusStamps: 'kept' });
			await sandbox.control.clock({ offsetSeconds: -3 * 86_400 });
			const late = await sandbox.control.seed({
				workspace_id: MAIN_WORKSPACE,
				resource: 'posts',
				count: 1,
				template: { status: 'scheduled' },
			});
			await sandbox.control.clock({ offsetSeconds: 0 });
			await sandbox.control.simulate({
				action: 'publish',
				workspace_id: MAIN_WORKSPACE,
				post_id: late[0],
			});

			const polls = [await watcher.tick(), await watcher.tick(), await watcher.tick()];

			expect(polls.flatMap((tick) => tick.ids)).toEqual(late);
			expect(polls[listOrder === 'shuffled' ? 1 : 0].ids).toEqual(late);
			expect(cursorOf(polls[0].staticData).stamps).toBe('kept');
			// Told for good: the polls after it ask for no changes.
			expect(polls.slice(1).flatMap((tick) => daysAsked(tick.requests))).toEqual([]);
		});
	},
);

// The newest stamp the trigger has read sets the day it asks the changes from (12 hours before it,
// for a zone as far west as any). It only moves on: when the newest post leaves (deleted here),
// the next poll's newest is older, and the day asked stays.
describe.each(LIST_ORDERS)('posts listed %s, the newest post deleted', (listOrder) => {
	test('the day the changes are asked from does not move back', async () => {
		await published(listOrder, 71, 300, PROVEN);
		const watcher = new Watcher(sandbox, watching('postPublished'));
		expect((await watcher.tick()).ids).toEqual([]);
		// A UTC midnight at least a day ahead: the first post at 02:00 after it tells the day
		// before (02:00 less 12 hours), the second at 13:00 tells that midnight's day.
		const midnight = Math.ceil(Date.now() / DAY_MS) * DAY_MS + DAY_MS;
		const posted: string[] = [];
		for (const hours of [2, 13]) {
			await sandbox.control.clock({ now: new Date(midnight + hours * HOUR_MS).toISOString() });
			const ids = await publishNew(sandbox, 1);
			expect((await watcher.tick()).ids).toEqual(ids);
			posted.push(...ids);
		}
		const before = await watcher.tick();
		await deletePost(sandbox, posted[1]);

		const after = [await watcher.tick(), await watcher.tick()];

		expect(daysAsked(before.requests)).toEqual([dayOf(midnight)]);
		expect(after.flatMap((tick) => daysAsked(tick.requests))).toEqual([
			dayOf(midnight),
			dayOf(midnight),
		]);
	});
});

/**
 * Made 2 hours ago in a workspace in UTC (where its scheduled time is written as the wall clock),
 * due an hour ago, out on some accounts since: listed with `published_at` null, updated over half
 * an hour before its scheduled time. Answers its ID.
 */
async function partialPost(): Promise<string> {
	const { control } = sandbox;
	const due = new Date(Date.now() - HOUR_MS).toISOString().slice(0, 19).replace('T', ' ');
	await control.clock({ offsetSeconds: -2 * 3_600 });
	const [partial] = await control.seed({
		workspace_id: MAIN_WORKSPACE,
		resource: 'posts',
		count: 1,
		template: { status: 'partial', scheduled_at: due },
	});
	await control.clock({ offsetSeconds: 0 });
	const listed = (await firstPage(sandbox, 'partial')).data.find(
		(post) => String(post._id ?? post.id) === partial,
	) as IDataObject;
	expect(listed.scheduling).toMatchObject({ status: 'partial', published_at: null });
	const updated = Date.parse(String(listed.updated_at));
	expect(Date.parse(`${due}Z`) - updated).toBeGreaterThan(HOUR_MS / 2);
	return partial;
}

// A post that went out on only some of its accounts (`partial`), listed with `published_at` null
// (the description allows null: a service may write it only once every account has the post) and
// updated before its scheduled time: its status changed, and `updated_at` stayed. No event watches
// partial posts: only the changes, read in any status, show it. The poll that reads them learns that
// a change of status keeps `updated_at`, for good, as from a failed post: the polls after it ask
// for no changes (a post entering the state with an old stamp would be missing from them).
describe.each(LIST_ORDERS)('posts listed %s, a partial post', (listOrder) => {
	test('a partial post without published_at, updated before its scheduled time: the polls after it ask for no changes', async () => {
		const { control } = sandbox;
		// In UTC, where the partial post's scheduled time is written as the wall clock (partialPost).
		await control.workspaceTimezone(MAIN_WORKSPACE, 'UTC');
		await published(listOrder, 61, 300, PROVEN);
		const watcher = new Watcher(sandbox, watching('postPublished'));
		expect((await watcher.tick()).ids).toEqual([]);
		expect(cursorOf(watcher.staticData)).toMatchObject({ dateFilter: 'updated', stamps: 'moved' });
		const partial = await partialPost();

		const polls = [await watcher.tick(), await watcher.tick(), await watcher.tick()];

		expect(polls.map((tick) => [tick.error, tick.ids])).toEqual([
			[undefined, []],
			[undefined, []],
			[undefined, []],
		]);
		// The first poll read the changes, and was shown the partial post there.
		const [shown] = polls[0].requests.flatMap(({ query }, at) =>
			query.date_from === undefined ? [] : [polls[0].listed[at]],
		);
		expect(shown).toContain(partial);
		expect(polls.slice(1).flatMap((tick) => daysAsked(tick.requests))).toEqual([]);
		// Idle polls: the landing page and one in turn (docs/trigger.md, what it costs); a list in a
		// new order for every request is read whole, a request per 100 posts in the state.
		const inState = { 'status[]': 'published' };
		const pages = Math.ceil((await listTotal(control, 'posts', MAIN_WORKSPACE, inState)) / 100);
		const idle = listOrder === 'shuffled' ? pages : 2;
		expect(pages).toBe(4);
		expect(polls.slice(1).map((tick) => tick.requests.length)).toEqual([idle, idle]);
	});
});

// The same verdict, told by a poll that must then read the whole list and may not read it all: a
// post is published as one on the landing page is deleted (the total stays, and the landing page
// changed otherwise than by new posts), and a poll may read 4 pages (a budget of 6 s,
// read/budget.ts), of which the changes, the page in turn and the landing page leave 1 for a list of
// 3. The reading goes on at the next poll (read/onward.ts) and carries what the changes told: once
// it is over, the polls ask for no changes. So does the other verdict they tell, that `date_from` is
// not to be trusted: here a post made 3 days ago and scheduled a day ahead, on a service whose
// `date_from` takes the scheduled day, is in the answer (its stamp is surely before the day asked).
const TELLERS = [
	['a partial post updated before its scheduled time', async () => void (await partialPost())],
	[
		'a post updated 3 days ago in the answer for a later day',
		async (listOrder: (typeof LIST_ORDERS)[number]) => {
			const { control } = sandbox;
			await control.profile({ listOrder, ...PROVEN, dateFilter: 'scheduled' });
			const ahead = new Date(Date.now() + DAY_MS).toISOString().slice(0, 19).replace('T', ' ');
			await control.clock({ offsetSeconds: -3 * 86_400 });
			await control.seed({
				workspace_id: MAIN_WORKSPACE,
				resource: 'posts',
				count: 1,
				template: { status: 'scheduled', scheduled_at: ahead },
			});
			await control.clock({ offsetSeconds: 0 });
		},
	],
] as const;

describe.each(LIST_ORDERS)(
	'posts listed %s, a verdict told as a longer reading begins',
	(listOrder) => {
		test.each(TELLERS)('%s: the polls after that reading ask for no changes', async (_, tell) => {
			// In UTC, as for the partial post (partialPost).
			await sandbox.control.workspaceTimezone(MAIN_WORKSPACE, 'UTC');
			await published(listOrder, 63, 200, PROVEN);
			// Activation reads the list whole and proves the dates under n8n's default budget: at 4
			// pages a poll, a list in a new order for every request takes several polls before that.
			const activated = new Watcher(sandbox, watching('postPublished'));
			expect((await activated.tick()).ids).toEqual([]);
			expect(cursorOf(activated.staticData)).toMatchObject({
				dateFilter: 'updated',
				stamps: 'moved',
			});
			const { staticData } = activated;
			const watcher = new Watcher(sandbox, watching('postPublished'), {
				staticData,
				pollBudgetMs: 6_000,
			});
			// A post fired from the changes: the day they are asked from is now's, and they are few.
			const first = await publishNew(sandbox, 1);
			expect((await watcher.tick()).ids).toEqual(first);
			await tell(listOrder);
			const landing = listOrder === 'created-asc' ? 3 : 1;
			const gone = (await firstPage(sandbox, 'published', MAIN_WORKSPACE, landing)).data[0];
			await deletePost(sandbox, String(gone._id ?? gone.id));
			const entering = await publishNew(sandbox, 1);

			const polls = [];
			for (let poll = 0; poll < 6; poll++) polls.push(await watcher.tick());

			expect(polls.map((tick) => tick.error)).toEqual(Array(6).fill(undefined));
			expect(polls.flatMap((tick) => tick.ids)).toEqual(entering);
			expect(polls.map((tick) => daysAsked(tick.requests).length)).toEqual([1, 0, 0, 0, 0, 0]);
			// A list in a new order for every request is read whole on every check (the reading over
			// several polls ends after its second pass, and the next begins at once), and shows the post
			// by chance, in some poll.
			if (listOrder === 'shuffled') {
				expect(polls.map((tick) => [...new Set(pagesOf(tick))].sort())).toEqual([
					[1, 2, 3, 'date_from'],
					...Array(5).fill([1, 2, 3]),
				]);
				return;
			}
			// The landing page shows the post to the first poll, which read a page more (the list's other
			// end, to find where new posts land); the next reads it again and the other 2, and the
			// reading is over. Then idle polls: the landing page and one in turn.
			expect(polls[0].ids).toEqual(entering);
			expect(polls.map((tick) => tick.requests.length)).toEqual([4, 3, 2, 2, 2, 2]);
		});
	},
);
