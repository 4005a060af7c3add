/**
 * A date-time from the service as ms since the epoch. `YYYY-MM-DD HH:MM:SS` has no zone: it is
 * read as UTC, so that comparisons do not depend on the host. NaN when it is not a date-time.
 */
export function timeOf(value: unknown): number {
	if (typeof value !== 'string' || value.trim() === '') return NaN;
	const text = value.trim();
	const zoneless = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text);
	return Date.parse(zoneless ? `${text.replace(' ', 'T')}Z` : text);
}
