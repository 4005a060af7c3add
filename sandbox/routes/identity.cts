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
		// The description shows no user record (4.1); the profile picks one of the seen shapes.
		const data =
			runtime.profile.me === 'alternate'
				? { id: user.id, email: user.email, name: user.name }
				: { _id: user.id, email: user.email, full_name: user.name };
		return { status: true, message: 'User retrieved successfully', data };
	});

	app.get<{ Querystring: ListQuery }>(
		'/api/v1/workspaces',
		{ schema: { querystring: listQuery(PER_PAGE_DEFAULT.other) } },
		async (request) => {
			const workspaces = runtime.store.workspacesOf(callerOf(request).key).map((workspace) => ({
				_id: workspace.id,
				name: workspace.name,
				slug: workspace.slug,
				// A workspace set up without a zone carries none (the control surface can make one).
				...(workspace.timezone === null ? {} : { timezone: workspace.timezone }),
			}));
			const message = 'Workspaces retrieved successfully';
			// Section 4.1 shows no shape: paged like the other lists, or every workspace at once.
			return runtime.profile.workspaces === 'array'
				? { status: true, message, data: workspaces }
				: {
						status: true,
						message,
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
