// The posts list's order (section 4.13 states none): each choice of the profile's `listOrder`.
import { LIST_ORDERS } from '../../sandbox/profile.cts';

import { DEMO, useSandboxApi, ws } from './api.cts';

const api = useSandboxApi();

interface Listed {
	id: string;
	created_at: string;
	updated_at: string;
}

async function pendingList(perPage = 100, page = 1): Promise<Listed[]> {
	const { status, body } = await api.get(ws('/posts'), {
		query: { 'status[]': 'under_review', per_page: perPage, page },
	});
	expect(status).toBe(200);
	return body.data;
}

/** Posts created straight into review, Alex to approve. */
const seedPending = (count: number) =>
	api.control.seed({
		workspace_id: DEMO.workspaces.main.id,
		resource: 'posts',
		count,
		template: {
			status: 'under_review',
			approvers: [DEMO.users.alex.id],
			created_by_user_id: DEMO.users.maya.id,
		},
	});

/** Three posts into review at distinct moments, then the first of them edited last. */
async function threePosts(): Promise<string[]> {
	await api.control.clock({ frozen: true });
	const ids: string[] = [];
	for (let i = 0; i < 3; i++) {
		await api.control.clock({ advanceSeconds: 1 });
		ids.push(...(await seedPending(1)));
	}
	await api.control.clock({ advanceSeconds: 1 });
	await api.control.simulate({
		action: 'leave_review',
		workspace_id: DEMO.workspaces.main.id,
		post_id: ids[0],
	});
	await api.control.simulate({
		action: 'enter_review',
		workspace_id: DEMO.workspaces.main.id,
		post_id: ids[0],
		approvers: [DEMO.users.alex.id],
	});
	return ids;
}

const order = (posts: Listed[], ids: string[]) =>
	posts.map((post) => post.id).filter((id) => ids.includes(id));

test('the default profile lists the most recently updated first', async () => {
	expect((await api.control.profile()).listOrder).toBe('updated-desc');
	const [a, b, c] = await threePosts();
	expect(order(await pendingList(), [a, b, c])).toEqual([a, c, b]);
});

test('created-desc lists the newest created first, whatever changed since', async () => {
	await api.control.profile({ listOrder: 'created-desc' });
	const [a, b, c] = await threePosts();
	const posts = await pendingList();
	expect(order(posts, [a, b, c])).toEqual([c, b, a]);
	const created = posts.map((post) => post.created_at);
	expect(created).toEqual([...created].sort().reverse());
});

test('created-asc lists the oldest created first', async () => {
	await api.control.profile({ listOrder: 'created-asc' });
	const [a, b, c] = await threePosts();
	const posts = await pendingList();
	expect(order(posts, [a, b, c])).toEqual([a, b, c]);
	const created = posts.map((post) => post.created_at);
	expect(created).toEqual([...created].sort());
});

test('shuffled draws a new order for each request, the same again after a reset, and pages still hold every post', async () => {
	await api.control.profile({ listOrder: 'shuffled' });
	const ids = await seedPending(40);
	const first = (await pendingList()).map((post) => post.id);
	const second = (await pendingList()).map((post) => post.id);
	expect(first).not.toEqual(second);
	expect([...first].sort()).toEqual([...second].sort());
	expect(first).toEqual(expect.arrayContaining(ids));

	// Pages are drawn independently: together they may repeat some posts and leave out others.
	const pages = [
		...(await pendingList(20, 1)),
		...(await pendingList(20, 2)),
		...(await pendingList(20, 3)),
	];
	expect(pages).toHaveLength(45);

	// The sequence of orders is seeded by the count of lists answered since the reset: it repeats.
	await api.control.reset();
	await api.control.profile({ listOrder: 'shuffled' });
	const again = await seedPending(40);
	const rename = new Map(again.map((id, index) => [id, ids[index]]));
	expect((await pendingList()).map((post) => rename.get(post.id) ?? post.id)).toEqual(first);
});

test('opaque lists in the same order on every request, by no time, and its pages hold every post once', async () => {
	await api.control.profile({ listOrder: 'opaque' });
	await seedPending(40);
	const first = await pendingList();
	expect((await pendingList()).map((post) => post.id)).toEqual(first.map((post) => post.id));
	for (const key of ['created_at', 'updated_at'] as const) {
		const times = first.map((post) => post[key]);
		expect(times).not.toEqual([...times].sort());
		expect(times).not.toEqual([...times].sort().reverse());
	}
	const pages = [
		...(await pendingList(20, 1)),
		...(await pendingList(20, 2)),
		...(await pendingList(20, 3)),
	];
	expect(pages.map((post) => post.id)).toEqual(first.map((post) => post.id));
});

test.each([...LIST_ORDERS, 'opaque' as const])(
	'%s: SANDBOX_PROFILE-style choice is accepted by the control surface',
	async (listOrder) => {
		expect((await api.control.profile({ listOrder })).listOrder).toBe(listOrder);
		expect(await pendingList()).toHaveLength(5);
	},
);
