import type { IPollFunctions } from 'n8n-workflow';

import { quotaPerMinute } from '../../shared/api';

/**
 * What one poll may read (docs/trigger.md: How soon, and what it costs). n8n's durable scheduler
 * abandons a poll past its budget (`getPollBudgetMs`: 45 s by default; 5 minutes on the legacy
 * scheduler and where n8n does not offer it), and every node on the key shares its quota. A poll
 * reads a page per 1.5 s of its budget at most (30 in 45 s: a page is answered in well under that,
 * which leaves room for a slow service), a third of the quota a minute once the service told it (the
 * action nodes keep two thirds), and starts none past half its budget. A reading goes on next poll.
 * Whatever the quota, a poll may read 3 pages: a reading goes on where new posts land and from the
 * page before where it stopped, and moves on by one more (a small quota, or a limit a second told
 * without its window, which the gate counts as a minute's, would hold it in place for good).
 */
const [LEGACY_BUDGET_MS, MS_PER_PAGE, QUOTA_SHARE, PAGES_AT_LEAST] = [5 * 60_000, 1_500, 3, 3];

/** Per poll: when it started, and the pages it read (n8n may hand all polls the same context). */
const polls = new WeakMap<object, { started: number; pages: number }>();

export const startPoll = (ctx: IPollFunctions) => polls.set(ctx, { started: Date.now(), pages: 0 });

export function countPage(ctx: IPollFunctions): void {
	const poll = polls.get(ctx);
	if (poll) poll.pages += 1;
}

/** Pages this poll may still read; Fetch Test Event (no startPoll) reads what it asks. */
export async function pagesLeft(ctx: IPollFunctions): Promise<number> {
	const poll = polls.get(ctx);
	if (!poll) return Infinity;
	const budget =
		typeof ctx.getPollBudgetMs === 'function' ? ctx.getPollBudgetMs() : LEGACY_BUDGET_MS;
	if (Date.now() - poll.started > budget / 2) return 0;
	const quota = (await quotaPerMinute(ctx)) ?? Infinity;
	const pages = Math.floor(Math.min(budget / MS_PER_PAGE, quota / QUOTA_SHARE));
	return Math.max(0, Math.max(pages, PAGES_AT_LEAST) - poll.pages);
}
