import type { IDataObject } from 'n8n-workflow';

/** The first of `keys` the record carries, as a string; '' when it has none. */
export function firstId(record: IDataObject, keys: string[]): string {
	for (const key of keys) {
		const value = record[key];
		if (value !== undefined && value !== null && value !== '') return String(value);
	}
	return '';
}

/** A record's ID: the description says `_id`, some deployments answer `id` (accounts, labels, posts). */
export function idOf(record: IDataObject): string {
	return firstId(record, ['_id', 'id']);
}

/** A team member's user ID, which approvers and mentions need; `_id` may be a membership ID. */
export function userIdOf(member: IDataObject): string {
	return firstId(member, ['user_id', '_id', 'id']);
}

/** Create post has been seen answering `id`, `_id` or `post_id`. */
export function postIdOf(record: IDataObject): string {
	return firstId(record, ['id', '_id', 'post_id']);
}

export const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** 48 bits of a text (two 32-bit multiplicative hashes), in 8 characters. */
export function digest(text: string): string {
	let a = 0xdeadbeef;
	let b = 0x41c6ce57;
	for (let i = 0; i < text.length; i++) {
		a = Math.imul(a ^ text.charCodeAt(i), 2654435761);
		b = Math.imul(b ^ text.charCodeAt(i), 1597334677);
	}
	a = Math.imul(a ^ (a >>> 16), 2246822507) ^ Math.imul(b ^ (b >>> 13), 3266489909);
	b = Math.imul(b ^ (b >>> 16), 2246822507) ^ Math.imul(a ^ (a >>> 13), 3266489909);
	const bits = [a >>> 8, ((a & 0xff) << 16) | (b >>> 16)];
	return bits.map((n) => [18, 12, 6, 0].map((at) => DIGITS[(n >>> at) & 63]).join('')).join('');
}
