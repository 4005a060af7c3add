// Rules of 4.14 that need the workspace's records or compare fields: the schema has already
// checked shapes, lengths, counts and enums. Each rule names the fields it rejects.
import { wallClockToInstant, zoneOf } from './clock.cts';
import type { Store, Workspace } from './state.cts';
import { TEXT_BACKGROUNDS } from './catalog.cts';
import { EXTENSION_TYPES, extensionOf, mediaKind } from './uploads.cts';

interface ThreadItem {
	message?: string;
	media?: string[];
}

export interface CreatePostBody {
	content: {
		text: string;
		media?: { images?: string[]; video?: string | null; media_ids?: string[] };
	};
	accounts?: string[];
	content_category_id?: string | null;
	post_type: string;
	post_video_title?: string;
	hide_client?: boolean;
	scheduling: {
		publish_type: 'scheduled' | 'draft' | 'queued' | 'content_category';
		scheduled_at?: string | null;
	};
	first_comment?: { message: string; accounts: string[] };
	labels?: string[];
	campaign_id?: string | null;
	approval?: {
		approvers: string[];
		approve_option: 'anyone' | 'everyone' | 'all';
		notes?: string | null;
	};
	tiktok_options?: { privacy_level?: string };
	twitter_options?: { has_threaded_tweets?: boolean; threaded_tweets?: ThreadItem[] };
	threads_options?: { has_multi_threads?: boolean; multi_threads?: ThreadItem[] };
	facebook_options?: { facebook_background_id?: string | null };
	[option: string]: unknown;
}

export interface RuleContext {
	store: Store;
	workspace: Workspace;
	creatorId: string;
	now: Date;
	/** Every account the post goes to: `accounts` merged with the content category's. */
	accountIds: string[];
}

type Finding = [field: string, message: string];
type Rule = (body: CreatePostBody, context: RuleContext) => Finding[];

function each<T>(
	values: T[] | undefined,
	field: string,
	bad: (value: T) => boolean,
	message: (path: string) => string,
): Finding[] {
	return (values ?? []).flatMap((value, index): Finding[] =>
		bad(value) ? [[`${field}.${index}`, message(`${field}.${index}`)]] : [],
	);
}

const selectedInvalid = (path: string) => `The selected ${path} is invalid.`;

/** image or video, from a media id of the library or a URL's extension. */
function kindOf(reference: string, context: RuleContext): string | null {
	const media = context.store.data.media.find(
		(each) => each.id === reference && each.workspaceId === context.workspace.id,
	);
	if (media) return media.type === 'gif' ? 'image' : media.type;
	const mime = EXTENSION_TYPES[extensionOf(reference.split('?')[0])];
	const kind = mime ? mediaKind(mime) : null;
	return kind === 'gif' ? 'image' : kind;
}

function threadRules(
	items: ThreadItem[] | undefined,
	field: string,
	context: RuleContext,
	singleKind: boolean,
): Finding[] {
	return (items ?? []).flatMap((item, index): Finding[] => {
		const path = `${field}.${index}`;
		const kinds = (item.media ?? []).map((reference) => kindOf(reference, context));
		const findings: Finding[] = [];
		if (!item.message && kinds.length === 0)
			findings.push([
				`${path}.message`,
				`The ${path}.message field is required when ${path}.media is empty.`,
			]);
		if (singleKind && kinds.includes('video') && kinds.includes('image')) {
			findings.push([
				`${path}.media`,
				`The ${path}.media field may hold images or one video, not both.`,
			]);
		}
		if (singleKind && kinds.filter((kind) => kind === 'video').length > 1) {
			findings.push([`${path}.media`, `The ${path}.media field may hold at most one video.`]);
		}
		return findings;
	});
}

const RULES: Rule[] = [
	(body, { store, workspace }) =>
		each(body.accounts, 'accounts', (id) => !store.account(workspace.id, id), selectedInvalid),
	(body, { store, workspace }) =>
		body.content_category_id &&
		!store.data.contentCategories.some(
			(c) => c.id === body.content_category_id && c.workspaceId === workspace.id,
		)
			? [['content_category_id', selectedInvalid('content_category_id')]]
			: [],
	(body, { store, workspace }) =>
		each(
			body.labels,
			'labels',
			(id) => !store.data.labels.some((l) => l.id === id && l.workspaceId === workspace.id),
			selectedInvalid,
		),
	(body, { store, workspace }) =>
		body.campaign_id &&
		!store.data.campaigns.some((c) => c.id === body.campaign_id && c.workspaceId === workspace.id)
			? [['campaign_id', selectedInvalid('campaign_id')]]
			: [],
	(body, { store, workspace }) =>
		each(
			body.content.media?.media_ids,
			'content.media.media_ids',
			(id) => !store.data.media.some((m) => m.id === id && m.workspaceId === workspace.id),
			selectedInvalid,
		),
	(body, { accountIds }) =>
		each(
			body.first_comment?.accounts,
			'first_comment.accounts',
			(id) => !accountIds.includes(id),
			(path) => `The ${path} must be one of the post's accounts.`,
		),
	(body, { store, workspace }) =>
		each(
			body.approval?.approvers,
			'approval.approvers',
			(id) => !store.member(workspace.id, id),
			(path) => `The ${path} must be a team member of the workspace.`,
		),
	(body, { creatorId }) =>
		each(
			body.approval?.approvers,
			'approval.approvers',
			(id) => id === creatorId,
			(path) => `The ${path} may not be the post's creator.`,
		),
	(body) => {
		const id = body.facebook_options?.facebook_background_id;
		return id && !TEXT_BACKGROUNDS.some((background) => background.id === id)
			? [
					[
						'facebook_options.facebook_background_id',
						selectedInvalid('facebook_options.facebook_background_id'),
					],
				]
			: [];
	},
	(body) => {
		const media = body.content.media;
		const hasMedia = Boolean(media?.images?.length || media?.video || media?.media_ids?.length);
		return body.facebook_options?.facebook_background_id && hasMedia
			? [
					[
						'facebook_options.facebook_background_id',
						'A text background applies only to posts without images, video or media_ids.',
					],
				]
			: [];
	},
	(body, { workspace, now }) => {
		const at = body.scheduling.scheduled_at;
		if (body.scheduling.publish_type !== 'scheduled' || !at) return [];
		const instant = wallClockToInstant(at, zoneOf(workspace));
		if (!instant)
			return [
				['scheduling.scheduled_at', 'The scheduling.scheduled_at field must be a valid date.'],
			];
		return instant.getTime() <= now.getTime()
			? [
					[
						'scheduling.scheduled_at',
						`The scheduling.scheduled_at field must be a date in the future (workspace time zone ${zoneOf(workspace)}).`,
					],
				]
			: [];
	},
	(body, { store, workspace, accountIds }) =>
		accountIds.some((id) => store.account(workspace.id, id)?.platform === 'tiktok') &&
		!body.tiktok_options?.privacy_level
			? [
					[
						'tiktok_options.privacy_level',
						'The tiktok_options.privacy_level field is required when posting to TikTok.',
					],
				]
			: [],
	(body, context) =>
		threadRules(
			body.twitter_options?.threaded_tweets,
			'twitter_options.threaded_tweets',
			context,
			true,
		),
	(body, context) =>
		threadRules(
			body.threads_options?.multi_threads,
			'threads_options.multi_threads',
			context,
			false,
		),
];

export function checkPost(body: CreatePostBody, context: RuleContext): Record<string, string[]> {
	const errors: Record<string, string[]> = {};
	for (const [field, message] of RULES.flatMap((rule) => rule(body, context)))
		(errors[field] ??= []).push(message);
	return errors;
}
