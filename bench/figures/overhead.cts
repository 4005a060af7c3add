// Figure 3: what our node costs per item over the same request sent by the peer, on the same
// engine and sandbox with no latency: Create Post and Get Many, side by side, as ratios.
import { DEMO } from '../../sandbox/demo-data.cts';
import { runNode } from '../../test/harness/engine.cts';
import type { RunNodeOptions } from '../../test/harness/engine.cts';
import type { BenchSandbox } from '../lib/jobs.cts';
import { createPost, getManyPosts, peerCreatePost, peerGetManyPosts, textItems } from '../lib/jobs.cts';
import { formatMs, formatRatio, interleaved, median, timeMs } from '../lib/measure.cts';
import type { Figure, Row } from '../lib/report.cts';
import { peerNode } from '../peer/http-request.cts';

const ITEMS = 40;
const ROUNDS = 21;
const WARMUP_ROUNDS = 2;
const PAGE = 10;

type Job = Omit<RunNodeOptions, 'items' | 'credentials'>;

interface Comparison {
	title: string;
	ours: Job;
	peer: Job;
	peerOneAtATime: Job;
}

function comparisons(): Comparison[] {
	const workspaceId = DEMO.workspaces.main.id;
	return [
		{
			title: 'Create Post',
			ours: { parameters: createPost() },
			peer: { ...peerNode, parameters: peerCreatePost() },
			peerOneAtATime: { ...peerNode, parameters: { ...peerCreatePost(), oneAtATime: true } },
		},
		{
			title: `Get Many posts (Limit ${PAGE}: one request per item)`,
			ours: { parameters: getManyPosts(workspaceId, { limit: PAGE }) },
			peer: { ...peerNode, parameters: peerGetManyPosts(workspaceId, PAGE) },
			peerOneAtATime: { ...peerNode, parameters: { ...peerGetManyPosts(workspaceId, PAGE), oneAtATime: true } },
		},
	];
}

/** Per-item milliseconds of one run of `job` over ITEMS items, on a freshly reset sandbox. */
async function perItemMs(sandbox: BenchSandbox, job: Job, tag: string): Promise<number> {
	await sandbox.control.reset();
	const items = textItems(tag, ITEMS);
	let failure: string | undefined;
	const ms = await timeMs(async () => {
		const result = await runNode({ ...job, items, credentials: sandbox.credentials });
		if (result.error) failure = result.error.message;
		else if (result.output.length === 0) failure = 'no output';
	});
	if (failure) throw new Error(`${tag}: the run failed: ${failure}`);
	return ms / ITEMS;
}

export async function overhead(sandbox: BenchSandbox): Promise<Figure> {
	const rows: Row[] = [];
	const notes: string[] = [];
	const ratios: string[] = [];
	for (const comparison of comparisons()) {
		const variants = {
			ours: () => perItemMs(sandbox, comparison.ours, 'bench overhead ours'),
			peer: () => perItemMs(sandbox, comparison.peer, 'bench overhead peer'),
			peerOneAtATime: () => perItemMs(sandbox, comparison.peerOneAtATime, 'bench overhead peer one'),
		};
		await interleaved(WARMUP_ROUNDS, variants);
		const times = await interleaved(ROUNDS, variants);
		const ours = median(times.ours);
		const peer = median(times.peer);
		const one = median(times.peerOneAtATime);
		// Paired: each round's ratio, then their median (a noisy round moves both sides alike).
		const ratio = (other: number[]) => median(times.ours.map((value, i) => value / other[i]));
		const vsPeer = ratio(times.peer);
		const vsOne = ratio(times.peerOneAtATime);
		rows.push(
			{
				measure: `${comparison.title}: per item, vs HTTP Request as it runs (all requests in flight)`,
				ours: formatMs(ours),
				peer: formatMs(peer),
				versus: `${vsPeer.toFixed(2)}x`,
				note: `ratio of the medians ${formatRatio(ours, peer)}`,
			},
			{
				measure: `${comparison.title}: per item, vs the same requests one at a time`,
				ours: formatMs(ours),
				peer: formatMs(one),
				versus: `${vsOne.toFixed(2)}x`,
				note: `ratio of the medians ${formatRatio(ours, one)}`,
			},
		);
		ratios.push(`${comparison.title.split(' (')[0]} ${vsPeer.toFixed(2)}x (${vsOne.toFixed(2)}x one at a time)`);
		if (vsPeer > 1.1) {
			notes.push(
				`${comparison.title}: we are behind HTTP Request's default, ${vsPeer.toFixed(2)}x its time per item, mostly because it has every item's request in flight at once while our node sends one at a time (so that a 429 can be waited out and nothing is sent twice).`,
			);
		}
		if (vsOne > 1.1) {
			notes.push(
				`${comparison.title}: against the same requests sent one at a time we are still ${vsOne.toFixed(2)}x slower per item: the cost of our checks, parameter reading and output shaping.`,
			);
		}
	}
	return {
		id: 3,
		title: 'Engine overhead',
		method:
			`Each job runs ${ITEMS} input items through WorkflowExecute against the sandbox with no latency and no rate limit, on a freshly reset sandbox; the time per item is the run's time / ${ITEMS}. ` +
			`Our node, the peer as HTTP Request runs it, and the peer sending one request at a time run interleaved for ${ROUNDS} rounds after ${WARMUP_ROUNDS} warm-up rounds; medians are reported, and the ratio is the median of the per-round ratios ours / peer (above 1: we are slower). ` +
			`Both send the same request per item (the tests in test/bench check it); our Get Many also splits the ${PAGE} posts of each answer into ${PAGE} output items, where HTTP Request outputs the answer as one item.`,
		rows,
		notes,
		summary: `Per item against HTTP Request, ours / peer: ${ratios.join('; ')}. Above 1 we are behind: HTTP Request has all items in flight at once, which is also why it fails under a rate limit (figure 2).`,
	};
}
