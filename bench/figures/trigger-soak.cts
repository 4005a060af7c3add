// Figure 5: the trigger's poll run over and over against the sandbox, as an active workflow would
// run it: polls per second, and the size of the state it keeps (static data) after 10,000 polls.
import { DEMO } from '../../sandbox/demo-data.cts';
import { runPoll } from '../../test/harness/engine.cts';
import type { IDataObject } from 'n8n-workflow';
import type { BenchSandbox } from '../lib/jobs.cts';
import { publishedTrigger } from '../lib/jobs.cts';
import { formatBytes, median } from '../lib/measure.cts';
import type { Figure } from '../lib/report.cts';

const POLLS = 10_000;
const CHUNK = 500;
/** One post is published every this many polls, so the state has news to keep track of. */
const PUBLISH_EVERY = 50;
const TIME_BUDGET_MS = 150_000;
const WORKSPACE = DEMO.workspaces.second.id;

const bytesOf = (state: IDataObject) => Buffer.byteLength(JSON.stringify(state));

export async function triggerSoak(sandbox: BenchSandbox): Promise<Figure> {
	await sandbox.control.reset();
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
		for (let i = 0; i < CHUNK && polls < POLLS; i++) {
			if (polls > 0 && polls % PUBLISH_EVERY === 0) {
				await sandbox.control.seed({ workspace_id: WORKSPACE, resource: 'posts', count: 1, template: { status: 'published', text: 'bench soak' } });
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
		chunkRates.push((CHUNK / chunkMs) * 1000);
		// The request log grows with every poll; the soak does not read it.
		await sandbox.control.clearRequests();
	}
	sizes.push([polls, bytesOf(staticData)]);
	const [, finalSize] = sizes[sizes.length - 1];
	const notes: string[] = [];
	if (polls < POLLS) notes.push(`Stopped at the time budget after ${polls} polls (${TIME_BUDGET_MS / 1000} s).`);
	notes.push(
		emitted === published
			? `Each of the ${published} posts published during the soak was emitted exactly once.`
			: `${published} posts were published during the soak but ${emitted} were emitted: the trigger missed or repeated some.`,
	);
	return {
		id: 5,
		title: 'Trigger soak',
		method:
			`The trigger (Post Published) polls the sandbox ${POLLS} times in a row through PollContext, each poll starting from the static data the previous one left, as an active workflow does; ` +
			`one post is published every ${PUBLISH_EVERY} polls. Polls per second is the median over chunks of ${CHUNK} polls (time inside the poll only, seeding excluded). ` +
			'State size is the JSON of the node\'s static data.',
		rows: [
			{ measure: `Polls per second (median of ${chunkRates.length} chunks)`, ours: `${median(chunkRates).toFixed(0)} polls/s` },
			{
				measure: `State size after ${polls} polls`,
				ours: formatBytes(finalSize),
				note: sizes.map(([count, bytes]) => `after ${count}: ${bytes} B`).join(', '),
			},
		],
		notes,
	};
}
