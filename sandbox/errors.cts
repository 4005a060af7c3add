// Error answers in the API's envelope (section 7). Routes throw these; the error handler sends them.
import type { Profile } from './profile.cts';

export class ApiError extends Error {
	readonly statusCode: number;
	readonly body: Record<string, unknown>;

	constructor(statusCode: number, message: string, extra: Record<string, unknown> = {}) {
		super(message);
		this.statusCode = statusCode;
		this.body = { status: false, message, ...extra };
	}
}

export const fail = (statusCode: number, message: string, extra: Record<string, unknown> = {}) =>
	new ApiError(statusCode, message, extra);

/** The service's 403 once the plan's API credits are used up (api-notes.md: a 403 can mean that). */
export const creditsExhausted = () =>
	fail(403, 'API credits exhausted for this billing period. Upgrade your plan or wait.', {
		error_code: 'CREDITS_EXHAUSTED',
	});

/** A 400 (posts, lists) or 422 VALIDATION_ERROR (connect, add, delete) with a field map. */
export function invalid(
	statusCode: 400 | 422,
	errors: Record<string, string[]>,
	message: string,
): ApiError {
	return new ApiError(
		statusCode,
		message,
		statusCode === 422 ? { error_code: 'VALIDATION_ERROR', errors } : { errors },
	);
}

/**
 * An error body as the profile answers it: `message`, or `error` in its place (api-notes.md),
 * keeping every other field.
 */
export function shapedError(
	body: Record<string, unknown>,
	profile: Pick<Profile, 'errors'>,
): Record<string, unknown> {
	if (profile.errors !== 'error' || !('message' in body)) return body;
	return Object.fromEntries(
		Object.entries(body).map(([key, value]) => [key === 'message' ? 'error' : key, value]),
	);
}

export const errorBody = (
	profile: Pick<Profile, 'errors'>,
	message: string,
	extra: Record<string, unknown> = {},
) => shapedError({ status: false, message, ...extra }, profile);
