// Timing and statistics shared by the figures. Every figure reports medians of several runs, and
// every comparison runs its variants interleaved in one loop so that machine noise hits all alike.

export function median(values: number[]): number {
	if (values.length === 0) return NaN;
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Milliseconds one call takes, from the monotonic clock. */
export async function timeMs(run: () => Promise<unknown>): Promise<number> {
	const start = performance.now();
	await run();
	return performance.now() - start;
}

/**
 * Runs each variant `rounds` times, alternating between them and rotating which goes first in each
 * round, so no variant always runs warm or always runs after the same neighbour.
 */
export async function interleaved<K extends string, T>(
	rounds: number,
	variants: Record<K, () => Promise<T>>,
): Promise<Record<K, T[]>> {
	const names = Object.keys(variants) as K[];
	const results = Object.fromEntries(names.map((name) => [name, [] as T[]])) as Record<K, T[]>;
	for (let round = 0; round < rounds; round++) {
		for (let i = 0; i < names.length; i++) {
			const name = names[(round + i) % names.length];
			results[name].push(await variants[name]());
		}
	}
	return results;
}

export function formatMs(ms: number): string {
	if (!Number.isFinite(ms)) return 'n/a';
	if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`;
	if (ms >= 10) return `${ms.toFixed(0)} ms`;
	return `${ms.toFixed(2)} ms`;
}

export function formatBytes(bytes: number): string {
	if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(2)} MiB (${bytes} B)`;
	if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KiB (${bytes} B)`;
	return `${bytes} B`;
}

export function plural(count: number, word: string, words = `${word}s`): string {
	return `${count} ${count === 1 ? word : words}`;
}

export function formatRatio(ours: number, peer: number): string {
	return Number.isFinite(ours / peer) ? `${(ours / peer).toFixed(2)}x` : 'n/a';
}
