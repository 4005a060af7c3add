// Records into the API's response shapes (section 2), and the paginated envelope.
import type {
	Account,
	Comment,
	ContentCategory,
	Media,
	Member,
	Post,
	Store,
	Tag,
} from './state.cts';
import type { Wire } from './wire.cts';

export interface Page<T> {
	data: T[];
	current_page: number;
	per_page: number;
	total: number;
	last_page: number;
	from: number | null;
	to: number | null;
}

export function paginate<T>(items: T[], page: number, perPage: number): Page<T> {
	const start = (page - 1) * perPage;
	const data = items.slice(start, start + perPage);
	return {
		data,
		current_page: page,
		per_page: perPage,
		total: items.length,
		last_page: Math.max(1, Math.ceil(items.length / perPage)),
		from: data.length ? start + 1 : null,
		to: data.length ? start + data.length : null,
	};
}

export const accountItem = (account: Account, wire: Wire) => ({
	...wire.named(wire.account(account.id)),
	platform: account.platform,
	account_name: account.account_name,
	profile_picture: account.profile_picture,
	status: account.status,
	connected_at: account.connected_at,
	expires_at: account.expires_at,
});

export const tagItem = (tag: Tag, wire: Wire) => ({
	...wire.named(tag.id),
	name: tag.name,
	color: tag.color,
});

export const categoryItem = (store: Store, category: ContentCategory, wire: Wire) => ({
	...wire.named(category.id),
	name: category.name,
	color: category.color,
	state: category.state,
	accounts: category.accountIds.flatMap((id) => {
		const account = store.account(category.workspaceId, id);
		return account
			? [
					{
						...wire.named(wire.account(account.id)),
						platform: account.platform,
						name: account.account_name,
					},
				]
			: [];
	}),
	slots_count: category.slots_count,
	posts_count: store.data.posts.filter((post) => post.contentCategoryId === category.id).length,
	color_code: category.color_code,
});

/** Media the sandbox hosts has a path as url; it is served from the sandbox's own address. */
export const mediaUrl = (media: Media, baseUrl: string) =>
	media.url.startsWith('/') ? baseUrl + media.url : media.url;

export const mediaItem = (media: Media, baseUrl: string, wire: Wire) => ({
	...wire.named(media.id),
	name: media.name,
	url: mediaUrl(media, baseUrl),
	mime_type: media.mime_type,
	extension: media.extension,
	size: media.size,
	type: media.type,
	folder_id: media.folder_id,
	is_processing: media.is_processing,
	created_at: media.created_at,
	dimensions: { width: media.width, height: media.height },
});

export const memberItem = (store: Store, member: Member, wire: Wire) => {
	const user = store.user(member.userId);
	return {
		...wire.named(member.id),
		user_id: member.userId,
		name: user?.name ?? '',
		email: user?.email ?? '',
		profile_picture: user?.profile_picture ?? null,
		role: member.role,
		membership: member.membership,
	};
};

export function postItem(store: Store, post: Post, wire: Wire) {
	const accounts: Record<string, { account_id: string; account_name: string; platform: string }[]> =
		{};
	for (const id of post.accountIds) {
		const account = store.account(post.workspaceId, id);
		if (!account) continue;
		(accounts[account.platform] ??= []).push({
			account_id: wire.account(account.id),
			account_name: account.account_name,
			platform: account.platform,
		});
	}
	const tag = (found: Tag | undefined) =>
		found ? { id: found.id, name: found.name, color: found.color } : undefined;
	const campaign = tag(store.data.campaigns.find((each) => each.id === post.campaignId));
	const approval = post.approval;
	return {
		id: post.id,
		workspace_id: post.workspaceId,
		content: { text: post.text, images: post.images, video: post.video },
		accounts,
		scheduling: {
			status: post.status,
			scheduled_at: post.scheduled_at,
			published_at: post.published_at,
			timezone: post.timezone,
		},
		created_at: post.created_at,
		updated_at: post.updated_at,
		created_by: store.user(post.createdByUserId)?.name ?? null,
		labels: post.labelIds.flatMap(
			(id) => tag(store.data.labels.find((label) => label.id === id)) ?? [],
		),
		campaign: campaign ?? {},
		approval: approval
			? {
					status: approval.status,
					approve_option: approval.approve_option,
					notes: approval.notes,
					approvers: approval.approvers.map((approver) => {
						const user = store.user(approver.user_id);
						return {
							user_id: approver.user_id,
							name: user?.name ?? null,
							email: user?.email ?? null,
							is_external: false,
							status: approver.status,
							last_action_time: approver.last_action_time,
							last_action_note: approver.last_action_note,
						};
					}),
				}
			: {},
		external_actions: post.external_actions,
		external_comments: post.external_comments,
	};
}

export function commentItem(store: Store, comment: Comment, wire: Wire) {
	const author = store.user(comment.authorUserId);
	return {
		...wire.named(comment.id),
		comment: comment.comment,
		is_note: comment.is_note,
		mentioned_users: comment.mentionedUserIds.map((id) => ({
			...wire.named(id),
			name: store.user(id)?.name ?? '',
		})),
		author: author
			? { ...wire.named(author.id), name: author.name, profile_picture: author.profile_picture }
			: null,
		created_at: comment.created_at,
		updated_at: comment.updated_at,
	};
}
