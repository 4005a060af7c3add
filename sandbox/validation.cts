// Declared validation: route JSON schemas compiled by ajv, and ajv's errors turned into the API's
// `errors` map (field path -> messages) with messages worded like the live service's.
import Ajv from 'ajv';
import type { ErrorObject, ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

import { UploadedFile } from './uploads.cts';

function compiler(coerceTypes: boolean | 'array') {
	// allErrors: the service reports every failing field at once.
	const ajv = new Ajv({ allErrors: true, coerceTypes, useDefaults: true, strict: false });
	addFormats(ajv);
	// A multipart file part, as opposed to a field or a JSON object posing as one.
	ajv.addKeyword({
		keyword: 'uploadedFile',
		validate: (_schema: boolean, data: unknown) => data instanceof UploadedFile,
	});
	return ajv;
}

/** Bodies are checked as sent (no coercion); query strings and paths arrive as text. */
const bodies = compiler(false);
const texts = compiler('array');

export function compileSchema(schema: object, httpPart: string | undefined): ValidateFunction {
	return (httpPart === 'body' ? bodies : texts).compile(schema);
}

export type ErrorMap = Record<string, string[]>;

/** Wording where the generic one would mislead, keyed by `field:keyword` (`*` is any list index). */
const MESSAGES: Record<string, string> = {
	'content.text:minLength': 'The content.text field is required.',
	'scheduling.scheduled_at:pattern':
		'The scheduling.scheduled_at field must match the format Y-m-d H:i:s.',
	'file:uploadedFile': 'The file field must be a file.',
	'url:required': 'The url field is required when file is not present.',
	'url:false schema': 'The url field is prohibited when file is present.',
	'comment:minLength': 'The comment field is required.',
	'handle:minLength': 'The handle field is required.',
	'app_password:minLength': 'The app_password field is required.',
	'platform:enum':
		'The selected platform is invalid. Bluesky and facebook-group connect through /add/{platform}.',
	'account_id:required': 'The account id field is required when process is reconnect.',
};

const TYPE_WORDS: Record<string, string> = {
	string: 'a string',
	array: 'an array',
	object: 'an object',
	boolean: 'true or false',
	integer: 'an integer',
	number: 'a number',
	null: 'null',
};

function describe(error: ErrorObject, field: string): string {
	const params = error.params as Record<string, unknown>;
	switch (error.keyword) {
		case 'required':
			return `The ${field} field is required.`;
		case 'maxLength':
			return `The ${field} field must not be greater than ${params.limit} characters.`;
		case 'minLength':
			return `The ${field} field must be at least ${params.limit} characters.`;
		case 'maxItems':
			return `The ${field} field must not have more than ${params.limit} items.`;
		case 'minItems':
			return `The ${field} field must have at least ${params.limit} items.`;
		case 'maximum':
			return `The ${field} field must not be greater than ${params.limit}.`;
		case 'minimum':
			return `The ${field} field must be at least ${params.limit}.`;
		case 'enum':
			return `The selected ${field} is invalid.`;
		case 'type': {
			const types = String(params.type).split(',');
			return `The ${field} field must be ${types.map((type) => TYPE_WORDS[type] ?? type).join(' or ')}.`;
		}
		case 'additionalProperties':
			return `The ${field} field is not in the API description. The live service would ignore it silently; the sandbox refuses it so that a misspelt field fails.`;
		case 'format':
			return params.format === 'date'
				? `The ${field} field must be a valid date (YYYY-MM-DD).`
				: `The ${field} field must be a valid URL.`;
		default:
			return `The ${field} field is invalid.`;
	}
}

/** `/content/media/images/0` -> `content.media.images.0`; a missing property names itself. */
function fieldOf(error: ErrorObject): string {
	const segments = error.instancePath
		.split('/')
		.slice(1)
		.map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~').replace(/\[\]$/, ''));
	if (error.keyword === 'required')
		segments.push(String((error.params as { missingProperty: string }).missingProperty));
	if (error.keyword === 'additionalProperties')
		segments.push(String((error.params as { additionalProperty: string }).additionalProperty));
	return segments.join('.');
}

export function errorMap(errors: ErrorObject[]): ErrorMap {
	const map: ErrorMap = {};
	// `if` only says which `then` failed; the `then` errors themselves carry the detail.
	for (const error of errors.filter((each) => each.keyword !== 'if')) {
		const field = fieldOf(error);
		const key = `${field.replace(/\.\d+(?=\.|$)/g, '.*')}:${error.keyword}`;
		const message =
			MESSAGES[key] ?? MESSAGES[`${field}:${error.keyword}`] ?? describe(error, field || 'request');
		const list = (map[field || 'request'] ??= []);
		if (!list.includes(message)) list.push(message);
	}
	return map;
}

/** The top-level message the live service gives: the first error, plus how many more. */
export function summary(map: ErrorMap): string {
	const messages = Object.values(map).flat();
	if (messages.length === 0) return 'The given data was invalid.';
	const more = messages.length - 1;
	return more > 0 ? `${messages[0]} (and ${more} more error${more > 1 ? 's' : ''})` : messages[0];
}
