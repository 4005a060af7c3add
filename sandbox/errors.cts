// Error answers in the API's envelope (section 7). Routes throw these; the error handler sends them.

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
