// The rate-limit gate's cases (rate-limit.cases.cts) under the sandbox's `every` profile. They count
// requests in windows of the sandbox's clock, which a machine busy with real n8n skews (a CI run saw
// a window skipped and two requests refused, where none may be), so they run in the default run,
// beside no n8n, and the second run leaves this file and rate-limit.test.cts out (scripts/test.cts).
import { rateLimitCases } from './rate-limit.cases.cts';

rateLimitCases('every');
