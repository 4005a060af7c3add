// The sandbox's records. Routes read and change these; views.cts turns them into API shapes.
import type { Platform, PostStatus } from './limits.cts';

export interface User {
	id: string;
	name: string;
	email: string;
	profile_picture: string | null;
}

export interface ApiKey {
	/** The name tests and the request log use; never the secret value. */
	name: string;
	value: string;
	userId: string;
	apiAccess: boolean;
	revoked: boolean;
	/** Workspaces the key may reach; null means every workspace of its user. */
	workspaceIds: string[] | null;
	description: string;
}

export interface Workspace {
	id: string;
	name: string;
	slug: string;
	/** As the record carries it: may be invalid, or null when it carries none (see zoneOf). */
	timezone: string | null;
	accountCap: number | null;
}

export interface Member {
	/** Membership id, which is not the user id (api-notes.md). */
	id: string;
	workspaceId: string;
	userId: string;
	role: string;
	membership: string | null;
}

export interface Account {
	id: string;
	workspaceId: string;
	platform: Platform;
	/** `group` for facebook groups, `page`, `profile`... */
	account_type: string;
	account_name: string;
	handle: string | null;
	profile_picture: string;
	status: string;
	connected_at: string;
	expires_at: string;
}

export interface Tag {
	id: string;
	workspaceId: string;
	name: string;
	color: string;
}

export interface ContentCategory {
	id: string;
	workspaceId: string;
	name: string;
	color: string;
	color_code: string;
	state: string;
	accountIds: string[];
	slots_count: number;
	global: boolean;
}

export interface Media {
	id: string;
	workspaceId: string;
	name: string;
	url: string;
	mime_type: string;
	extension: string;
	size: number;
	type: 'image' | 'video' | 'gif';
	folder_id: string | null;
	is_processing: boolean;
	created_at: string;
	width: number | null;
	height: number | null;
	bytes: Buffer | null;
}

export interface Approver {
	user_id: string;
	status: 'pending' | 'approve' | 'reject';
	last_action_time: string | null;
	last_action_note: string | null;
}

export interface Approval {
	status: 'pending_approval' | 'completed_approval' | 'rejected_approval';
	approve_option: 'anyone' | 'all';
	notes: string | null;
	approvers: Approver[];
	/** Whether the post was a draft when sent for review, so completion can return it there. */
	wasDraft: boolean;
}

export interface ExternalAction {
	name: string | null;
	email: string | null;
	action: string | null;
}

export interface ExternalComment {
	name: string | null;
	email: string | null;
	comment: string | null;
	reaction: Record<string, unknown>[];
	is_resolved: boolean;
}

export interface Post {
	id: string;
	workspaceId: string;
	text: string;
	images: string[];
	video: string | null;
	accountIds: string[];
	/** Accounts the post went out on, with the native post URL (delete_from_social). */
	publishedOn: Record<string, string>;
	status: PostStatus;
	scheduled_at: string | null;
	published_at: string | null;
	timezone: string;
	created_at: string;
	updated_at: string;
	/** The last edit (text, labels, a comment) or creation: `updated_at` under statusStamps=kept. */
	edited_at?: string;
	createdByUserId: string;
	labelIds: string[];
	campaignId: string | null;
	contentCategoryId: string | null;
	approval: Approval | null;
	external_actions: ExternalAction[];
	external_comments: ExternalComment[];
	post_type: string;
	hide_client: boolean;
	/** Whether `scheduled_at` is a slot the queue gave (Queued or Content Category). */
	slotted?: boolean;
}

export interface Comment {
	id: string;
	postId: string;
	comment: string;
	is_note: boolean;
	mentionedUserIds: string[];
	authorUserId: string;
	created_at: string;
	updated_at: string;
}

export interface ConnectSession {
	id: string;
	workspaceId: string;
	platform: string;
	process: 'connect' | 'reconnect';
	accountId: string | null;
	expiresAt: number;
	used: boolean;
}

export interface Data {
	users: User[];
	keys: ApiKey[];
	workspaces: Workspace[];
	members: Member[];
	accounts: Account[];
	labels: Tag[];
	campaigns: Tag[];
	contentCategories: ContentCategory[];
	media: Media[];
	posts: Post[];
	comments: Comment[];
	sessions: ConnectSession[];
}

/** Ids shaped like the live service's (24 hex digits), increasing so newer records sort last. */
export function objectId(prefix: string, n: number): string {
	return prefix + n.toString(16).padStart(24 - prefix.length, '0');
}

/** Where a post lives on a platform once published there (the sandbox's stand-in address). */
export const nativePostUrl = (accountId: string, postId: string) =>
	`https://social.demo/${encodeURIComponent(accountId)}/posts/${postId}`;

export class Store {
	data: Data;
	private counter = 0;

	constructor(data: Data) {
		this.data = data;
	}

	/** A fresh 24-hex id; newer than every demo id. */
	newId(): string {
		this.counter += 1;
		return objectId('6a', this.counter);
	}

	/** A fresh platform account id: numeric, as many platforms issue them. */
	newAccountId(): string {
		this.counter += 1;
		return String(880000000000 + this.counter);
	}

	user(id: string): User | undefined {
		return this.data.users.find((user) => user.id === id);
	}

	workspace(id: string): Workspace | undefined {
		return this.data.workspaces.find((workspace) => workspace.id === id);
	}

	member(workspaceId: string, userId: string): Member | undefined {
		return this.data.members.find(
			(member) => member.workspaceId === workspaceId && member.userId === userId,
		);
	}

	accountsOf(workspaceId: string): Account[] {
		return this.data.accounts.filter((account) => account.workspaceId === workspaceId);
	}

	account(workspaceId: string, id: string): Account | undefined {
		return this.data.accounts.find(
			(account) => account.workspaceId === workspaceId && account.id === id,
		);
	}

	post(workspaceId: string, id: string): Post | undefined {
		return this.data.posts.find((post) => post.workspaceId === workspaceId && post.id === id);
	}

	/** Workspaces a key reaches: its user's memberships, narrowed by the key's own list. */
	workspacesOf(key: ApiKey): Workspace[] {
		return this.data.workspaces.filter(
			(workspace) =>
				this.member(workspace.id, key.userId) !== undefined &&
				(key.workspaceIds === null || key.workspaceIds.includes(workspace.id)),
		);
	}
}
