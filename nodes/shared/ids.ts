import type { IDataObject } from 'n8n-workflow';

/** The first of `keys` the record carries, as a string; '' when it has none. */
function firstId(record: IDataObject, keys: string[]): string {
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
