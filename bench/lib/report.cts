// The shape every figure returns, and BENCHMARKS.md written from it.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem, release, type } from 'node:os';
import { join } from 'node:path';

export interface Row {
	measure: string;
	ours: string;
	/** The same job done by a peer (n8n's HTTP Request node), measured in the same run. */
	peer?: string;
	/** ours / peer, or the floor a figure is held against. */
	versus?: string;
	note?: string;
}

/** A target the figure is held to, and whether this run met it. */
export interface Goal {
	goal: string;
	measured: string;
	met: boolean;
}

export interface Figure {
	id: number;
	title: string;
	/** How it was measured, in a few sentences. */
	method: string;
	rows: Row[];
	/** Findings worth a sentence: where we are behind, what is missing and why. */
	notes: string[];
	/** Targets set for the figure; the report lists them with what was measured. */
	goals?: Goal[];
	/** The figure in one sentence, for the summary at the top. */
	summary: string;
	/** How long measuring it took; set by the runner. */
	durationMs?: number;
}

export const repoRoot = join(__dirname, '..', '..');

function versionOf(pkg: string, modules = join(repoRoot, 'node_modules')): string {
	try {
		return (require(join(modules, pkg, 'package.json')) as { version: string }).version;
	} catch {
		return 'not installed';
	}
}

function gitCommit(): string {
	try {
		return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot })
			.toString()
			.trim();
	} catch {
		return 'unknown';
	}
}

export function machine(): string[] {
	const cpu = cpus();
	return [
		`CPU: ${cpu[0]?.model ?? 'unknown'}, ${cpu.length} cores`,
		`Memory: ${(totalmem() / 1024 ** 3).toFixed(0)} GiB`,
		`Load average when the run ended: ${loadavg()
			.map((value) => value.toFixed(2))
			.join(', ')} (1, 5, 15 min; other work shares the machine)`,
		`OS: ${type()} ${release()}`,
		`Node ${process.versions.node}; n8n-core ${versionOf('n8n-core')}, n8n-workflow ${versionOf('n8n-workflow')}, n8n-nodes-base ${versionOf('n8n-nodes-base', join(repoRoot, '.demo', 'n8n', 'node_modules'))} (the peer, in .demo/n8n)`,
		`Commit: ${gitCommit()}`,
	];
}

const cell = (text: string | undefined) => (text ?? '').replace(/\|/g, '\\|').replace(/\n/g, ' ');

function table(figures: Figure[]): string[] {
	const lines = [
		'| # | Figure | Measure | Ours | HTTP Request node | Ratio / floor | Note |',
		'|---|---|---|---|---|---|---|',
	];
	for (const figure of figures) {
		for (const row of figure.rows) {
			lines.push(
				`| ${figure.id} | ${cell(figure.title)} | ${cell(row.measure)} | ${cell(row.ours)} | ${cell(row.peer)} | ${cell(row.versus)} | ${cell(row.note)} |`,
			);
		}
	}
	return lines;
}

function goalsTable(figures: Figure[]): string[] {
	const goals = figures.flatMap((figure) =>
		(figure.goals ?? []).map((goal) => ({ id: figure.id, ...goal })),
	);
	if (goals.length === 0) return [];
	return [
		'## Goals',
		'',
		'Where a row says "behind", the node does not meet the goal yet.',
		'',
		'| # | Goal | Measured | |',
		'|---|---|---|---|',
		...goals.map(
			({ id, goal, measured, met }) =>
				`| ${id} | ${cell(goal)} | ${cell(measured)} | ${met ? 'met' : 'behind'} |`,
		),
		'',
	];
}

export function printFigure(figure: Figure): void {
	const took =
		figure.durationMs === undefined ? '' : ` (${(figure.durationMs / 1000).toFixed(0)} s)`;
	console.log(`\n== ${figure.id}. ${figure.title}${took}`);
	for (const row of figure.rows) {
		const peer = row.peer === undefined ? '' : `   HTTP Request: ${row.peer}`;
		const versus = row.versus === undefined ? '' : `   (${row.versus})`;
		const note = row.note === undefined ? '' : `   ${row.note}`;
		console.log(`  ${row.measure}: ${row.ours}${peer}${versus}${note}`);
	}
	for (const note of figure.notes) console.log(`  * ${note}`);
	for (const { goal, measured, met } of figure.goals ?? [])
		console.log(`  goal ${met ? 'met' : 'BEHIND'}: ${goal}: ${measured}`);
}

export interface ReportInput {
	figures: Figure[];
	command: string;
	startedAt: Date;
	durationMs: number;
	method: string[];
	/** Why the peer is what it is. */
	peer: string[];
	gaps: string[];
}

/**
 * The sections from this heading to the end were measured by other commands (queue mode, the
 * exactly-once and retry tests, large uploads and the trigger's tests in real n8n), not by this one:
 * kept as they stand.
 */
const QUEUE_MODE_HEADING = '## Queue mode';

function keptSections(path: string, heading: string): string[] {
	const text = existsSync(path) ? readFileSync(path, 'utf8') : '';
	const start = text.indexOf(`\n${heading}`);
	if (start < 0) return [];
	return [
		...text
			.slice(start + 1)
			.trimEnd()
			.split('\n'),
		'',
	];
}

export function writeReport(path: string, input: ReportInput): void {
	const { figures, command, startedAt, durationMs, method, peer, gaps } = input;
	const lines = [
		'# Benchmarks',
		'',
		`Made by \`${command}\` on ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC; the whole run took ${(durationMs / 1000).toFixed(0)} s.`,
		'The numbers below are as measured on the machine described; run the command again to reproduce them.',
		'',
		'## Summary',
		'',
		...figures.map((figure) => `- **${figure.id}. ${figure.title}.** ${figure.summary}`),
		...gaps.map((gap) => `- **Not measured.** ${gap}`),
		'',
		...goalsTable(figures),
		'## Machine',
		'',
		...machine().map((line) => `- ${line}`),
		'',
		'## Method',
		'',
		...method.map((line) => `- ${line}`),
		'',
		"## The peer: n8n's HTTP Request node",
		'',
		...peer.map((line) => `- ${line}`),
		'',
		'## Figures',
		'',
		...table(figures),
		'',
	];
	for (const figure of figures) {
		const took =
			figure.durationMs === undefined
				? ''
				: ` Measuring it took ${(figure.durationMs / 1000).toFixed(0)} s.`;
		lines.push(`### ${figure.id}. ${figure.title}`, '', figure.method + took, '');
		for (const note of figure.notes) lines.push(`- ${note}`);
		if (figure.notes.length > 0) lines.push('');
	}
	if (gaps.length > 0) {
		lines.push('## Gaps', '', ...gaps.map((gap) => `- ${gap}`), '');
	}
	lines.push(...keptSections(path, QUEUE_MODE_HEADING));
	writeFileSync(path, lines.join('\n'));
}
