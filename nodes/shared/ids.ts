import type { IDataObject } from 'n8n-workflow';

/**
 * Where a record's ID is, in the order read: the description's `_id`, the `id` some deployments
 * answer instead (accounts, labels, posts), and the `post_id` create post has answered.
 */
const ID_KEYS = ['_id', 'id', 'post_id'];

/** The first of `keys` the record carries as text or a number, as text; '' when it has none. */
export function firstId(record: IDataObject, keys: string[]): string {
	const value = keys
		.map((key) => record[key])
		.find((each) => typeof each === 'number' || (typeof each === 'string' && each.trim() !== ''));
	return value === undefined ? '' : String(value);
}

/**
 * A record's ID, by `ID_KEYS`; where the record's own ID is not the one wanted, `preferred` keys
 * go first (a team member's `user_id`, an account's `account_id`).
 */
export const idOf = (record: IDataObject, ...preferred: string[]): string =>
	firstId(record, [...preferred, ...ID_KEYS]);

/** A team member's user ID, which approvers and mentions need; `_id` may be a membership ID. */
export const userIdOf = (member: IDataObject): string => idOf(member, 'user_id');

export const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** 48 bits of a text (two 32-bit multiplicative hashes), in 8 characters. */
export function digest(text: string): string {
	const { imul } = Math; // Read once: read on each step, it made a call 30x slower in jest's vm.
	let [a, b] = [0xdeadbeef, 0x41c6ce57];
	for (let i = 0; i < text.length; i++) {
		a = imul(a ^ text.charCodeAt(i), 2654435761);
		b = imul(b ^ text.charCodeAt(i), 1597334677);
	}
	a = imul(a ^ (a >>> 16), 2246822507) ^ imul(b ^ (b >>> 13), 3266489909);
	b = imul(b ^ (b >>> 16), 2246822507) ^ imul(a ^ (a >>> 13), 3266489909);
	const bits = [a >>> 8, ((a & 0xff) << 16) | (b >>> 16)];
	return bits.map((n) => [18, 12, 6, 0].map((at) => DIGITS[(n >>> at) & 63]).join('')).join('');
}
