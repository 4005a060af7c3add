// Figure 6: what our node costs per item over the same request sent by n8n's HTTP Request node, on
// the same engine and sandbox with no latency: Create Post and Get Many, side by side, as ratios.
import { DEMO } from '../../sandbox/demo-data.cts';
import { runNode } from '../../test/harness/engine.cts';
import type { RunNodeOptions } from '../../test/harness/engine.cts';
import type { BenchSandbox } from '../lib/jobs.cts';
import {
	createPost,
	getManyPosts,
	peerCreatePost,
	peerGetManyPosts,
	textItems,
} from '../lib/jobs.cts';
import { formatMs, formatRatio, interleaved, median, timeMs } from '../lib/measure.cts';
import type { Figure, Goal, Row } from '../lib/report.cts';
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
}

function comparisons(baseUrl: string): Comparison[] {
	const workspaceId = DEMO.workspaces.main.id;
	return [
		{
			title: 'Create Post',
			ours: { parameters: createPost() },
			peer: { ...peerNode(), parameters: peerCreatePost(baseUrl) },
		},
		{
			title: `Get Many posts (Limit ${PAGE}: one request per item)`,
			ours: { parameters: getManyPosts(workspaceId, { limit: PAGE }) },
			peer: { ...peerNode(), parameters: peerGetManyPosts(baseUrl, workspaceId, PAGE) },
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
	const goals: Goal[] = [];
	for (const comparison of comparisons(sandbox.url)) {
		const variants = {
			ours: () => perItemMs(sandbox, comparison.ours, 'bench overhead ours'),
			peer: () => perItemMs(sandbox, comparison.peer, 'bench overhead peer'),
		};
		await interleaved(WARMUP_ROUNDS, variants);
		const times = await interleaved(ROUNDS, variants);
		const ours = median(times.ours);
		const peer = median(times.peer);
		// Paired: each round's ratio, then their median (a noisy round moves both sides alike).
		const ratio = median(times.ours.map((value, i) => value / times.peer[i]));
		rows.push({
			measure: `${comparison.title}: time per item`,
			ours: formatMs(ours),
			peer: formatMs(peer),
			versus: `${ratio.toFixed(2)}x`,
			note: `ratio of the medians ${formatRatio(ours, peer)}`,
		});
		goals.push({
			goal: `${comparison.title.split(' (')[0]}: per-item time at 0 ms no more than 1.0x HTTP Request's`,
			measured: `${ratio.toFixed(2)}x`,
			met: ratio <= 1,
		});
		ratios.push(`${comparison.title.split(' (')[0]} ${ratio.toFixed(2)}x`);
		if (ratio > 1) {
			notes.push(
				`${comparison.title}: we are behind HTTP Request, ${ratio.toFixed(2)}x its time per item, against the goal of 1.0x.`,
			);
		}
	}
	return {
		id: 6,
		title: 'Per-item overhead at 0 ms',
		method:
			`Each job runs ${ITEMS} input items through WorkflowExecute against the sandbox with no latency and no rate limit, on a freshly reset sandbox; the time per item is the run's time / ${ITEMS}. ` +
			`Our node and HTTP Request (default settings: every item's request in flight at once) run interleaved for ${ROUNDS} rounds after ${WARMUP_ROUNDS} warm-up rounds; medians are reported, and the ratio is the median of the per-round ratios ours / HTTP Request (above 1: we are slower). ` +
			`Both send the same request per item (checked before the figures run); our Get Many also splits the ${PAGE} posts of each answer into ${PAGE} output items, where HTTP Request outputs the answer as one item.`,
		rows,
		notes,
		goals,
		summary: `Per item against n8n's HTTP Request node, ours / HTTP Request: ${ratios.join('; ')} (above 1 we are behind).`,
	};
}
