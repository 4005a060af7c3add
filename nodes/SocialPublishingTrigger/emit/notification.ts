import type { IDataObject } from 'n8n-workflow';

import { flattenAccounts } from '../../shared/accounts';
import { idOf } from '../../shared/ids';
import { asList, asObject } from '../../shared/records';
import type { TriggerEvent } from '../watch/events';
import { approversOf, dueAt, overdueReason } from '../watch/post';

/** Long enough for a chat message or an e-mail subject, short enough to read at a glance. */
const PREVIEW_LENGTH = 120;

const MINUTE_MS = 60_000;

const orNull = (value: unknown) => (value === undefined ? null : value);

/** The record's `keys`, in order, each null where the record has none. */
const fieldsOf = (record: IDataObject, keys: string[]): IDataObject =>
	Object.fromEntries(keys.map((key) => [key, orNull(record[key])]));

export function preview(text: string): string {
	const flat = text.replace(/\s+/g, ' ').trim();
	return flat.length <= PREVIEW_LENGTH ? flat : `${flat.slice(0, PREVIEW_LENGTH - 1).trimEnd()}…`;
}

function approvalOf(post: IDataObject): IDataObject {
	const approval = asObject(post.approval);
	return {
		status: orNull(approval.status),
		option: orNull(approval.approve_option),
		notes: orNull(approval.notes),
		approvers: approversOf(post).map((approver) => ({
			...fieldsOf(approver, ['user_id', 'name', 'email', 'status']),
			is_external: approver.is_external === true,
			...fieldsOf(approver, ['last_action_time', 'last_action_note']),
		})),
	};
}

/** A link to the post, only where the service gives one. */
function linkOf(post: IDataObject): string | null {
	for (const key of ['post_url', 'url', 'link', 'permalink'])
		if (typeof post[key] === 'string' && post[key] !== '') return post[key] as string;
	return null;
}

/** One item per post, shaped for a notification: what, where, when, who, and its approval. */
export function toNotification(
	post: IDataObject,
	event: TriggerEvent,
	includeRawPost: boolean,
): IDataObject {
	const content = asObject(post.content);
	const scheduling = asObject(post.scheduling);
	const text = typeof content.text === 'string' ? content.text : '';
	const accounts = flattenAccounts(post);
	const item: IDataObject = {
		event: event.value,
		id: idOf(post),
		workspace_id: orNull(post.workspace_id),
		status: orNull(scheduling.status),
		text,
		preview: preview(text),
		images: asList(content.images),
		video: orNull(content.video),
		accounts,
		platforms: [...new Set(accounts.map((account) => account.platform as string))],
		...fieldsOf(scheduling, ['scheduled_at', 'timezone', 'published_at']),
		...fieldsOf(post, ['created_by', 'created_at', 'updated_at']),
		approval: approvalOf(post),
		labels: asList(post.labels).map((label) => orNull(label.name)),
		campaign: orNull(asObject(post.campaign).name),
		link: linkOf(post),
	};
	if (includeRawPost) item.post = post;
	return item;
}

/** What an escalation message needs: why, when, and who has not acted yet. */
export function overdueFields(post: IDataObject, now: number, leadMs: number): IDataObject {
	const due = dueAt(post);
	const known = !Number.isNaN(due);
	return {
		overdue_reason: overdueReason(post, now, leadMs),
		due_at: known ? new Date(due).toISOString() : null,
		minutes_left: known && due > now ? Math.floor((due - now) / MINUTE_MS) : null,
		minutes_since: known && due <= now ? Math.floor((now - due) / MINUTE_MS) : null,
		pending_approvers: approversOf(post)
			.filter((approver) => approver.status === 'pending')
			.map((approver) => fieldsOf(approver, ['user_id', 'name', 'email'])),
	};
}
