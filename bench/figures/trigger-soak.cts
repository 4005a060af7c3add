// Figure 8: the trigger's poll run over and over against the sandbox, as an active workflow would
// run it: polls per second, and the size of the state it keeps (static data) after 10,000 polls.
import type { IDataObject } from 'n8n-workflow';

import { DEMO } from '../../sandbox/demo-data.cts';
import { runPoll } from '../../test/harness/engine.cts';
import type { BenchSandbox } from '../lib/jobs.cts';
import { publishedTrigger } from '../lib/jobs.cts';
import { formatBytes, median } from '../lib/measure.cts';
import type { Figure, Row } from '../lib/report.cts';

const POLLS = 10_000;
const CHUNK = 500;
/** One post is published every this many polls, so the state has news to keep track of. */
const PUBLISH_EVERY = 50;
const TIME_BUDGET_MS = 120_000;
const WORKSPACE = DEMO.workspaces.second.id;

const bytesOf = (state: IDataObject) => Buffer.byteLength(JSON.stringify(state));

interface Soak {
	polls: number;
	pollsPerSecond: number;
	chunks: number;
	sizes: Array<[number, number]>;
	published: number;
	emitted: number;
}

/** `frozenClock`: every post gets the same `updated_at`, the worst case for a watermark cursor. */
async function soak(sandbox: BenchSandbox, frozenClock: boolean): Promise<Soak> {
	await sandbox.control.reset();
	if (frozenClock) await sandbox.control.clock({ frozen: true });
	const parameters = publishedTrigger(WORKSPACE);
	let staticData: IDataObject = {};
	let emitted = 0;
	let published = 0;
	let polls = 0;
	const chunkRates: number[] = [];
	const sizes: Array<[number, number]> = [];
	const started = performance.now();

	while (polls < POLLS && performance.now() - started < TIME_BUDGET_MS) {
		let chunkMs = 0;
		let chunkPolls = 0;
		for (; chunkPolls < CHUNK && polls < POLLS; chunkPolls++) {
			if (polls > 0 && polls % PUBLISH_EVERY === 0) {
				await sandbox.control.seed({
					workspace_id: WORKSPACE,
					resource: 'posts',
					count: 1,
					template: { status: 'published', text: 'bench soak' },
				});
				published += 1;
			}
			const start = performance.now();
			const result = await runPoll({ parameters, credentials: sandbox.credentials, staticData });
			chunkMs += performance.now() - start;
			if (result.error) throw new Error(`Poll ${polls + 1} failed: ${result.error.message}`);
			emitted += result.items?.length ?? 0;
			staticData = result.staticData;
			polls += 1;
			if (polls === 1 || polls === 1000) sizes.push([polls, bytesOf(staticData)]);
		}
		chunkRates.push((chunkPolls / chunkMs) * 1000);
		// The request log grows with every poll; the soak does not read it.
		await sandbox.control.clearRequests();
	}
	sizes.push([polls, bytesOf(staticData)]);
	return { polls, pollsPerSecond: median(chunkRates), chunks: chunkRates.length, sizes, published, emitted };
}

function describe(run: Soak, label: string): { rows: Row[]; notes: string[]; bytes: number; rate: number } {
	const [, finalSize] = run.sizes[run.sizes.length - 1];
	const notes: string[] = [];
	if (run.polls < POLLS) notes.push(`${label}: stopped at the time budget after ${run.polls} polls (${TIME_BUDGET_MS / 1000} s).`);
	notes.push(
		run.emitted === run.published
			? `${label}: each of the ${run.published} posts published during the soak was emitted exactly once.`
			: `${label}: ${run.published} posts were published during the soak but ${run.emitted} were emitted: the trigger missed or repeated some.`,
	);
	return {
		bytes: finalSize,
		rate: run.pollsPerSecond,
		rows: [
			{ measure: `${label}: polls per second (median of ${run.chunks} chunks)`, ours: `${run.pollsPerSecond.toFixed(0)} polls/s` },
			{
				measure: `${label}: state size after ${run.polls} polls`,
				ours: formatBytes(finalSize),
				note: run.sizes.map(([count, bytes]) => `after ${count}: ${bytes} B`).join(', '),
			},
		],
		notes,
	};
}

export async function triggerSoak(sandbox: BenchSandbox): Promise<Figure> {
	const liveRun = await soak(sandbox, false);
	const tiedRun = await soak(sandbox, true);
	const live = describe(liveRun, 'Running clock');
	const tied = describe(tiedRun, 'Frozen clock (every post at the same instant)');
	const exact = [liveRun, tiedRun].every((run) => run.emitted === run.published);
	return {
		id: 8,
		title: 'Trigger soak',
		method:
			`The trigger (Post Published) polls the sandbox ${POLLS} times in a row through PollContext, each poll starting from the static data the previous one left, as an active workflow does; ` +
			`one post is published every ${PUBLISH_EVERY} polls. Polls per second is the median over chunks of ${CHUNK} polls (time inside the poll only, publishing excluded). ` +
			"State size is the bytes of the node's static data as JSON. The soak runs twice: with the sandbox clock running, and with it frozen so that every post shares one `updated_at` " +
			'(the cursor must then remember every post at that instant: the worst case for its size).',
		rows: [...live.rows, ...tied.rows],
		notes: [...live.notes, ...tied.notes],
		summary:
			`${live.rate.toFixed(0)} polls per second; after ${liveRun.polls} polls the state is ${formatBytes(live.bytes)} ` +
			`(${formatBytes(tied.bytes)} when every post shares one timestamp, growing with the posts at that instant); ` +
			(exact ? 'no post was missed or emitted twice.' : 'some posts were missed or emitted twice (see the notes).'),
	};
}
