// Who the key belongs to, which workspaces it reaches, and the service's fixed lists.
import type { FastifyInstance, FastifyRequest } from 'fastify';

import { PLATFORM_ENTRIES, TEXT_BACKGROUNDS } from '../catalog.cts';
import type { Caller, Runtime } from '../runtime.cts';
import { PER_PAGE_DEFAULT } from '../limits.cts';
import { listQuery } from '../schemas.cts';
import { paginate } from '../views.cts';

type ListQuery = { page: number; per_page: number };

export const callerOf = (request: FastifyRequest): Caller => request.caller as Caller;

export function registerIdentity(app: FastifyInstance, runtime: Runtime) {
	app.get('/api/v1/me', async (request) => {
		const { user } = callerOf(request);
		return {
			status: true,
			message: 'User retrieved successfully',
			data: { _id: user.id, email: user.email, full_name: user.name },
		};
	});

	app.get<{ Querystring: ListQuery }>(
		'/api/v1/workspaces',
		{ schema: { querystring: listQuery(PER_PAGE_DEFAULT.other) } },
		async (request) => {
			const workspaces = runtime.store.workspacesOf(callerOf(request).key).map((workspace) => ({
				_id: workspace.id,
				name: workspace.name,
				slug: workspace.slug,
				timezone: workspace.timezone,
			}));
			return {
				status: true,
				message: 'Workspaces retrieved successfully',
				...paginate(workspaces, request.query.page, request.query.per_page),
			};
		},
	);

	app.get('/api/v1/platforms', async () => ({
		status: true,
		message: 'Platforms retrieved successfully',
		data: PLATFORM_ENTRIES,
	}));

	app.get('/api/v1/facebook/text-backgrounds', async () => ({
		status: true,
		message: 'Text backgrounds retrieved successfully',
		data: TEXT_BACKGROUNDS,
	}));
}
