// Social accounts: the list, OAuth connect sessions (and their authorization page), and the
// browserless adds for bluesky and facebook groups.
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';

import { fail } from '../errors.cts';
import {
	BLUESKY_APP_PASSWORD,
	BLUESKY_UNKNOWN_HANDLE_SUFFIX,
	CONNECT_PLATFORM_ACCOUNT,
	CONNECTING_ROLES,
	LIMITS,
} from '../limits.cts';
import type { ConnectPlatform, Platform } from '../limits.cts';
import type { Caller, Runtime } from '../runtime.cts';
import {
	accountsQuery,
	blueskyBody,
	connectParams,
	connectQuery,
	facebookGroupBody,
	workspaceParams,
} from '../schemas.cts';
import type { Account, Workspace } from '../state.cts';
import { accountItem, paginate } from '../views.cts';
import { callerOf } from './identity.cts';

type Params = { workspace_id: string };
type ListQuery = { page: number; per_page: number; platform?: string; search?: string };

const BLUESKY_HELP = {
	handle_format:
		'Use your full Bluesky handle without the @, e.g. yourname.bsky.social or a custom domain such as yourname.com',
	app_password_steps: [
		'Open Bluesky and go to Settings > Privacy and security > App passwords',
		'Select "Add App Password" and give it a name',
		'Copy the password shown (form xxxx-xxxx-xxxx-xxxx) and use it here; it is shown only once',
	],
};

export function registerAccounts(app: FastifyInstance, runtime: Runtime) {
	const workspaceOf = (caller: Caller) => caller.workspace as Workspace;

	/** Connecting needs a role that may do it, and room under the workspace's cap. */
	function mayConnect(caller: Caller, addsAccount: boolean) {
		const workspace = workspaceOf(caller);
		const role = runtime.store.member(workspace.id, caller.user.id)?.role ?? '';
		if (!(CONNECTING_ROLES as readonly string[]).includes(role)) {
			throw fail(403, 'You do not have permission to connect accounts in this workspace.', {
				error_code: 'INSUFFICIENT_PERMISSIONS',
			});
		}
		const count = runtime.store.accountsOf(workspace.id).length;
		if (addsAccount && workspace.accountCap !== null && count >= workspace.accountCap) {
			throw fail(
				403,
				`This workspace has reached its limit of ${workspace.accountCap} connected accounts.`,
				{
					error_code: 'ACCOUNT_LIMIT_REACHED',
					limit: workspace.accountCap,
					current: count,
				},
			);
		}
	}

	function addAccount(
		workspace: Workspace,
		fields: Pick<Account, 'platform' | 'account_type' | 'account_name' | 'handle'> & {
			profile_picture: string | null;
		},
	) {
		const now = runtime.clock.now();
		const account: Account = {
			id: runtime.store.newAccountId(),
			workspaceId: workspace.id,
			...fields,
			profile_picture: fields.profile_picture ?? '',
			status: 'active',
			connected_at: now.toISOString(),
			expires_at: new Date(now.getTime() + 60 * 24 * 3600 * 1000).toISOString(),
		};
		runtime.store.data.accounts.push(account);
		return account;
	}

	/** The added account's ID: `account_id` as described, or `id` under the `id` profile. */
	function addedId(account: Account) {
		const wire = runtime.wire();
		return { [wire.idKey === 'id' ? 'id' : 'account_id']: wire.account(account.id) };
	}

	app.get<{ Params: Params; Querystring: ListQuery }>(
		'/api/v1/workspaces/:workspace_id/accounts',
		{ schema: { params: workspaceParams, querystring: accountsQuery } },
		async (request) => {
			const { platform, search, page, per_page } = request.query;
			const platforms = platform ? platform.split(',').map((each) => each.trim()) : null;
			const accounts = runtime.store
				.accountsOf(workspaceOf(callerOf(request)).id)
				.filter((account) => !platforms || platforms.includes(account.platform))
				.filter(
					(account) => !search || account.account_name.toLowerCase().includes(search.toLowerCase()),
				)
				.map((account) => accountItem(account, runtime.wire()));
			return {
				status: true,
				message: 'Accounts retrieved successfully',
				...paginate(accounts, page, per_page),
			};
		},
	);

	app.post<{
		Params: Params & { platform: ConnectPlatform };
		Querystring: { process: 'connect' | 'reconnect'; account_id?: string };
	}>(
		'/api/v1/workspaces/:workspace_id/connect/:platform',
		{
			schema: { params: connectParams, querystring: connectQuery },
			config: { denyStatus: 403, invalidStatus: 422 },
		},
		async (request) => {
			const caller = callerOf(request);
			const workspace = workspaceOf(caller);
			const { platform } = request.params;
			const { process, account_id: accountId } = request.query;
			mayConnect(caller, process === 'connect');
			let account: Account | undefined;
			if (process === 'reconnect') {
				account = runtime.store.account(workspace.id, accountId ?? '');
				if (!account || account.platform !== CONNECT_PLATFORM_ACCOUNT[platform]) {
					throw fail(404, 'Account not found in this workspace for this platform.', {
						error_code: 'ACCOUNT_NOT_FOUND',
					});
				}
				if (account.status === 'active') {
					throw fail(422, 'This account is already active and does not need reconnecting.', {
						error_code: 'VALIDATION_ERROR',
						errors: { account_id: ['The account is already active.'] },
					});
				}
			}
			const now = runtime.clock.now().getTime();
			const session = {
				id: randomBytes(16).toString('hex'),
				workspaceId: workspace.id,
				platform,
				process,
				accountId: account?.id ?? null,
				expiresAt: now + LIMITS.connectSessionMinutes * 60 * 1000,
				used: false,
			};
			runtime.store.data.sessions.push(session);
			return {
				status: true,
				message: 'Connection session created',
				data: {
					authorization_url: `${runtime.baseUrl}/oauth/authorize?session=${session.id}`,
					session_id: session.id,
					platform,
					process,
					...(account ? { account_name: account.account_name } : {}),
					expires_at: new Date(session.expiresAt).toISOString(),
					next_steps: [
						'Open the authorization_url in a browser',
						`Sign in to ${platform} and grant access`,
						process === 'reconnect'
							? 'The account is reactivated when you return'
							: 'Choose the accounts to connect; they then appear in the accounts list',
					],
					security: {
						expires_in_minutes: LIMITS.connectSessionMinutes,
						single_use: true,
						warning: 'This link is single-use and expires soon. Do not share it.',
					},
				},
			};
		},
	);

	// The page an authorization URL opens: completes the session once, as the platform's consent would.
	app.get<{ Querystring: { session?: string } }>('/oauth/authorize', async (request, reply) => {
		const session = runtime.store.data.sessions.find((each) => each.id === request.query.session);
		const page = (title: string, text: string) =>
			`<!DOCTYPE html><html><head><title>${title}</title></head><body><h1>${title}</h1><p>${text}</p></body></html>`;
		reply.type('text/html; charset=utf-8');
		if (!session)
			return reply.code(404).send(page('Unknown session', 'This authorization link is not valid.'));
		if (session.used)
			return reply.code(410).send(page('Link already used', 'Authorization links are single-use.'));
		if (runtime.clock.now().getTime() > session.expiresAt) {
			return reply.code(410).send(page('Link expired', 'Start the connection again.'));
		}
		session.used = true;
		const workspace = runtime.store.workspace(session.workspaceId) as Workspace;
		const platform = CONNECT_PLATFORM_ACCOUNT[session.platform as ConnectPlatform];
		if (session.accountId) {
			const account = runtime.store.account(workspace.id, session.accountId);
			if (account) account.status = 'active';
			return reply.send(page('Account reconnected', `${account?.account_name} is active again.`));
		}
		const account = addAccount(workspace, {
			platform,
			account_type: platform === 'youtube' ? 'channel' : 'page',
			account_name: `New ${platform} account`,
			handle: null,
			profile_picture: null,
		});
		return reply.send(
			page(
				'Account connected',
				`${account.account_name} (${runtime.wire().account(account.id)}) is connected.`,
			),
		);
	});

	app.post<{ Params: Params; Body: { handle: string; app_password: string } }>(
		'/api/v1/workspaces/:workspace_id/add/bluesky',
		{
			schema: { params: workspaceParams, body: blueskyBody },
			config: { denyStatus: 403, invalidStatus: 422 },
		},
		async (request) => {
			const caller = callerOf(request);
			const workspace = workspaceOf(caller);
			const handle = request.body.handle.replace(/^@/, '').toLowerCase();
			mayConnect(caller, true);
			if (
				!BLUESKY_APP_PASSWORD.test(request.body.app_password) ||
				handle.endsWith(BLUESKY_UNKNOWN_HANDLE_SUFFIX) ||
				!handle.includes('.')
			) {
				throw fail(401, 'Invalid Bluesky handle or app password.', {
					error_code: 'INVALID_CREDENTIALS',
					help: BLUESKY_HELP,
				});
			}
			if (
				runtime.store
					.accountsOf(workspace.id)
					.some((account) => account.platform === 'bluesky' && account.handle === handle)
			) {
				throw fail(409, 'This Bluesky account is already connected to the workspace.', {
					error_code: 'DUPLICATE_ACCOUNT',
				});
			}
			const account = addAccount(workspace, {
				platform: 'bluesky' as Platform,
				account_type: 'profile',
				account_name: handle.split('.')[0],
				handle,
				profile_picture: null,
			});
			return {
				status: true,
				message: 'Bluesky account connected successfully',
				data: {
					...addedId(account),
					platform: account.platform,
					account_name: account.account_name,
					handle,
					profile_picture: account.profile_picture || null,
					status: account.status,
					connected_at: account.connected_at,
				},
			};
		},
	);

	app.post<{ Params: Params; Body: { name: string; image?: string | null } }>(
		'/api/v1/workspaces/:workspace_id/add/facebook-group',
		{
			schema: { params: workspaceParams, body: facebookGroupBody },
			config: { denyStatus: 403, invalidStatus: 422 },
		},
		async (request) => {
			const caller = callerOf(request);
			const workspace = workspaceOf(caller);
			const name = request.body.name.trim();
			mayConnect(caller, true);
			const taken = runtime.store
				.accountsOf(workspace.id)
				.some(
					(account) =>
						account.account_type === 'group' &&
						account.account_name.toLowerCase() === name.toLowerCase(),
				);
			if (taken)
				throw fail(409, 'A Facebook group with this name is already in the workspace.', {
					error_code: 'DUPLICATE_ACCOUNT',
				});
			const account = addAccount(workspace, {
				platform: 'facebook',
				account_type: 'group',
				account_name: name,
				handle: null,
				profile_picture: request.body.image ?? null,
			});
			return {
				status: true,
				message: 'Facebook group added successfully',
				data: {
					...addedId(account),
					platform: account.platform,
					account_type: account.account_type,
					account_name: account.account_name,
					profile_picture: account.profile_picture || null,
					status: account.status,
					connected_at: account.connected_at,
				},
			};
		},
	);
}
