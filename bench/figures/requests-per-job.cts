// Figure 1: how many requests each job costs, read from the sandbox's request log, against the
// floor: ceil(N/100) pages for N records (at least one), K uploads + 1 create for K files.
import { DEMO } from '../../sandbox/demo-data.cts';
import { LIST_ORDERS } from '../../sandbox/profile.cts';
import type { Profile } from '../../sandbox/profile.cts';
import { runNode, runPoll } from '../../test/harness/engine.cts';
import type { BenchSandbox } from '../lib/jobs.cts';
import { createPostWithFiles, getManyPosts, publishedTrigger } from '../lib/jobs.cts';
import { median, plural } from '../lib/measure.cts';
import type { Figure, Row } from '../lib/report.cts';

const RUNS = 3;
const PAGE = 100;
const RECORD_COUNTS = [0, 1, 100, 101, 1000];
const NEW_POSTS = [1, 150];
/** Posts already published in the watched workspace before the trigger's first poll. */
const PUBLISHED_BEFORE = 3;
const PENDING = 150;
const FILE_COUNTS = [1, 3, 10];
/** The second workspace has no published post in the demo data: every published post there is seeded. */
const WORKSPACE = DEMO.workspaces.second.id;

type ListOrder = Profile['listOrder'];

const pagesFloor = (records: number) => Math.max(1, Math.ceil(records / PAGE));

interface Count {
	requests: number;
	/** What the job returned, to show it did the whole job. */
	items: number;
}

async function counted(sandbox: BenchSandbox, job: () => Promise<number>): Promise<Count> {
	await sandbox.control.clearRequests();
	const items = await job();
	const requests = (await sandbox.control.requests()).length;
	return { requests, items };
}

async function seedPublished(sandbox: BenchSandbox, count: number): Promise<void> {
	if (count > 0) {
		await sandbox.control.seed({ workspace_id: WORKSPACE, resource: 'posts', count, template: { status: 'published' } });
	}
}

async function getManyAll(sandbox: BenchSandbox, records: number): Promise<Count> {
	await sandbox.control.reset();
	await seedPublished(sandbox, records);
	return await counted(sandbox, async () => {
		const result = await runNode({
			parameters: getManyPosts(WORKSPACE, { statuses: ['published'] }),
			credentials: sandbox.credentials,
		});
		if (result.error) throw new Error(`Get Many of ${records}: ${result.error.message}`);
		return result.output.length;
	});
}

async function getManyLimit(sandbox: BenchSandbox): Promise<Count> {
	await sandbox.control.reset();
	await seedPublished(sandbox, 1000);
	return await counted(sandbox, async () => {
		const result = await runNode({
			parameters: getManyPosts(WORKSPACE, { limit: 5, statuses: ['published'] }),
			credentials: sandbox.credentials,
		});
		if (result.error) throw new Error(`Get Many, Limit 5: ${result.error.message}`);
		return result.output.length;
	});
}

/** A first poll to set the cursor, then the poll counted: idle, or after `newPosts` were published. */
async function poll(sandbox: BenchSandbox, newPosts: number): Promise<Count> {
	await sandbox.control.reset();
	await seedPublished(sandbox, PUBLISHED_BEFORE);
	const parameters = publishedTrigger(WORKSPACE);
	const first = await runPoll({ parameters, credentials: sandbox.credentials });
	if (first.error) throw new Error(`Trigger baseline poll: ${first.error.message}`);
	await sandbox.control.clock({ advanceSeconds: 1 });
	await seedPublished(sandbox, newPosts);
	return await counted(sandbox, async () => {
		const result = await runPoll({ parameters, credentials: sandbox.credentials, staticData: first.staticData });
		if (result.error) throw new Error(`Trigger poll with ${newPosts} new posts: ${result.error.message}`);
		return result.items?.length ?? 0;
	});
}

/**
 * An idle poll of Post Pending Approval with 150 posts pending (the demo's 5 and 145 seeded), the
 * posts listed in `listOrder`: the trigger assumes no order, so it reads both pages in every one.
 */
async function idleWithPending(sandbox: BenchSandbox, listOrder: ListOrder): Promise<Count> {
	await sandbox.control.reset();
	await sandbox.control.profile({ listOrder });
	await sandbox.control.seed({
		workspace_id: DEMO.workspaces.main.id,
		resource: 'posts',
		count: PENDING - 5,
		template: { status: 'under_review', approvers: [DEMO.users.alex.id], created_by_user_id: DEMO.users.maya.id },
	});
	const parameters = { ...publishedTrigger(DEMO.workspaces.main.id), event: 'postPendingApproval' };
	const first = await runPoll({ parameters, credentials: sandbox.credentials });
	if (first.error) throw new Error(`Trigger baseline poll: ${first.error.message}`);
	return await counted(sandbox, async () => {
		const result = await runPoll({ parameters, credentials: sandbox.credentials, staticData: first.staticData });
		if (result.error) throw new Error(`Trigger idle poll with ${PENDING} pending: ${result.error.message}`);
		return result.items?.length ?? 0;
	});
}

async function createWithFiles(sandbox: BenchSandbox, files: number): Promise<Count> {
	await sandbox.control.reset();
	const { parameters, items } = createPostWithFiles(files);
	return await counted(sandbox, async () => {
		const result = await runNode({ parameters, items, credentials: sandbox.credentials });
		if (result.error) throw new Error(`Create Post with ${files} files: ${result.error.message}`);
		return result.output.length;
	});
}

async function medianOf(job: () => Promise<Count>): Promise<{ requests: number; items: number; spread: string }> {
	const counts: Count[] = [];
	for (let run = 0; run < RUNS; run++) counts.push(await job());
	const requests = counts.map((c) => c.requests);
	const spread = Math.min(...requests) === Math.max(...requests) ? '' : ` (runs: ${requests.join(', ')})`;
	return { requests: median(requests), items: median(counts.map((c) => c.items)), spread };
}

function row(measure: string, count: { requests: number; items: number; spread: string }, floor: number, what: [string, string]): Row {
	const verdict = count.requests === floor ? 'at the floor' : count.requests < floor ? 'below the floor?' : `${count.requests - floor} over the floor`;
	return {
		measure,
		ours: `${plural(count.requests, 'request')}${count.spread}`,
		versus: `floor ${floor}: ${verdict}`,
		note: plural(count.items, ...what),
	};
}

export async function requestsPerJob(sandbox: BenchSandbox): Promise<Figure> {
	const rows: Row[] = [];
	const notes: string[] = [];
	for (const records of RECORD_COUNTS) {
		const count = await medianOf(() => getManyAll(sandbox, records));
		rows.push(row(`Get Many posts, Return All, N = ${records}`, count, pagesFloor(records), ['item out', 'items out']));
	}
	rows.push(row('Get Many posts, Limit 5 (of 1000)', await medianOf(() => getManyLimit(sandbox)), 1, ['item out', 'items out']));
	for (const newPosts of [0, ...NEW_POSTS]) {
		const count = await medianOf(() => poll(sandbox, newPosts));
		const measure = newPosts === 0 ? 'Trigger poll, idle' : `Trigger poll, K = ${plural(newPosts, 'new post')}`;
		// The trigger reads every page of the posts it watches: ceil(total/100) for the 3 + K published.
		rows.push(row(measure, count, pagesFloor(PUBLISHED_BEFORE + newPosts), ['item emitted', 'items emitted']));
		if (count.items !== newPosts) {
			notes.push(
				`${measure}: the poll emitted ${count.items} items where ${newPosts} posts were new (the baseline poll before it saw 3 published posts): the request count is right, the output is not.`,
			);
		}
	}
	for (const listOrder of LIST_ORDERS) {
		const measure = `Trigger poll, idle, ${PENDING} posts pending approval, listed ${listOrder}`;
		rows.push(row(measure, await medianOf(() => idleWithPending(sandbox, listOrder)), pagesFloor(PENDING), ['item emitted', 'items emitted']));
	}
	for (const files of FILE_COUNTS) {
		const measure = `Create Post with K = ${plural(files, 'binary file')}`;
		rows.push(row(measure, await medianOf(() => createWithFiles(sandbox, files)), files + 1, ['post out', 'posts out']));
	}
	const over = rows.filter((each) => each.versus?.includes('over the floor'));
	const summary =
		over.length === 0
			? 'Every job costs exactly its floor: Return All reads ceil(N/100) pages (1 for N up to 100, 10 for 1000), Limit 5 is one request, an idle trigger poll is one request while the watched posts fit one page and ceil(total/100) beyond (150 posts pending: two, in every list order), 150 new posts two, and K files cost K uploads + 1 create.'
			: `Over the floor: ${over.map((each) => `${each.measure} (${each.ours}, ${each.versus})`).join('; ')}.`;
	notes.push(summary);
	return {
		id: 1,
		title: 'Requests per job',
		method:
			`Each job runs on a freshly reset sandbox; the request log is cleared just before it and read just after, so the count is what the service saw. ` +
			`Get Many reads published posts of a workspace holding exactly N of them (seeded). The trigger (event Post Published) first polls once to set its cursor, then the poll counted runs idle or after K posts were published; it reads every page of the matching posts, since the API states no list order. The idle poll of Post Pending Approval with 150 posts pending runs once per order the sandbox can list posts in. ` +
			`Create Post uploads each binary file to the media library, then creates the post. Each count is the median of ${RUNS} runs (counts are deterministic; a spread would be shown).`,
		rows,
		notes,
		summary: summary + (notes.length > 1 ? ' See the notes on the trigger output below.' : ''),
	};
}
