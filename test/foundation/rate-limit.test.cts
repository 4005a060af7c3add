// The rate-limit gate's cases (rate-limit.cases.cts) under the sandbox's default profile.
import { rateLimitCases } from './rate-limit.cases.cts';

rateLimitCases('default');
