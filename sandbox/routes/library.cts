// The workspace's library: labels, campaigns, content categories, team members and media.
import type { FastifyInstance, FastifyRequest } from 'fastify';

import { fail } from '../errors.cts';
import type { Runtime } from '../runtime.cts';
import { mediaQuery, searchQuery, uploadBody, workspaceParams } from '../schemas.cts';
import type { Media, Tag, Workspace } from '../state.cts';
import { EXTENSION_TYPES, extensionOf, mediaKind, sniff, UploadedFile } from '../uploads.cts';
import { categoryItem, mediaItem, memberItem, paginate, tagItem } from '../views.cts';
import { callerOf } from './identity.cts';

type Params = { workspace_id: string };
type ListQuery = { page: number; per_page: number; search?: string };
type MediaQuery = ListQuery & {
	type?: 'images' | 'videos';
	sort: 'recent' | 'oldest' | 'size' | 'a2z' | 'z2a';
};

const contains = (value: string, search: string | undefined) =>
	!search || value.toLowerCase().includes(search.toLowerCase());
const byName = (a: { name: string }, b: { name: string }) =>
	a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });

const MEDIA_ORDER: Record<MediaQuery['sort'], (a: Media, b: Media) => number> = {
	recent: (a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id),
	oldest: (a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id),
	size: (a, b) => b.size - a.size,
	a2z: byName,
	z2a: (a, b) => byName(b, a),
};

export function registerLibrary(app: FastifyInstance, runtime: Runtime) {
	const workspaceId = (request: FastifyRequest) => (callerOf(request).workspace as Workspace).id;

	const tagList = (path: string, records: () => Tag[], what: string) =>
		app.get<{ Params: Params; Querystring: ListQuery }>(
			`/api/v1/workspaces/:workspace_id/${path}`,
			{
				schema: { params: workspaceParams, querystring: searchQuery },
				config: { denyStatus: 403 },
			},
			async (request) => {
				const { search, page, per_page } = request.query;
				const items = records()
					.filter((tag) => tag.workspaceId === workspaceId(request) && contains(tag.name, search))
					.sort(byName)
					.map((tag) => tagItem(tag, runtime.wire()));
				return {
					status: true,
					message: `${what} retrieved successfully`,
					...paginate(items, page, per_page),
				};
			},
		);
	tagList('campaigns', () => runtime.store.data.campaigns, 'Campaigns');
	tagList('labels', () => runtime.store.data.labels, 'Labels');

	app.get<{ Params: Params; Querystring: ListQuery }>(
		'/api/v1/workspaces/:workspace_id/content-categories',
		{ schema: { params: workspaceParams, querystring: searchQuery } },
		async (request) => {
			const { search, page, per_page } = request.query;
			const terms = (search ?? '')
				.split(',')
				.map((term) => term.trim())
				.filter(Boolean);
			const items = runtime.store.data.contentCategories
				.filter((category) => category.workspaceId === workspaceId(request) && !category.global)
				.filter(
					(category) => terms.length === 0 || terms.some((term) => contains(category.name, term)),
				)
				.map((category) => categoryItem(runtime.store, category, runtime.wire()));
			return {
				status: true,
				message: 'Content categories retrieved successfully',
				...paginate(items, page, per_page),
			};
		},
	);

	app.get<{ Params: Params; Querystring: ListQuery }>(
		'/api/v1/workspaces/:workspace_id/team-members',
		{ schema: { params: workspaceParams, querystring: searchQuery }, config: { denyStatus: 403 } },
		async (request) => {
			const { search, page, per_page } = request.query;
			const items = runtime.store.data.members
				.filter((member) => member.workspaceId === workspaceId(request))
				.map((member) => memberItem(runtime.store, member, runtime.wire()))
				.filter((member) => contains(`${member.name}\n${member.email}`, search));
			return {
				status: true,
				message: 'Team members retrieved successfully',
				...paginate(items, page, per_page),
			};
		},
	);

	app.get<{ Params: Params; Querystring: MediaQuery }>(
		'/api/v1/workspaces/:workspace_id/media',
		{ schema: { params: workspaceParams, querystring: mediaQuery }, config: { denyStatus: 403 } },
		async (request) => {
			const { search, type, sort, page, per_page } = request.query;
			const kinds = type === 'videos' ? ['video'] : type === 'images' ? ['image', 'gif'] : null;
			const items = runtime.store.data.media
				.filter((media) => media.workspaceId === workspaceId(request))
				.filter((media) => !kinds || kinds.includes(media.type))
				.filter((media) => contains(media.name, search))
				.sort(MEDIA_ORDER[runtime.profile.mediaSort === 'ignored' ? 'oldest' : sort])
				.map((media) => mediaItem(media, runtime.baseUrl, runtime.wire()));
			return {
				status: true,
				message: 'Media retrieved successfully',
				...paginate(items, page, per_page),
			};
		},
	);

	app.post<{
		Params: Params;
		Body: { file?: UploadedFile; url?: string; folder_id?: string | null };
	}>(
		'/api/v1/workspaces/:workspace_id/media',
		{ schema: { params: workspaceParams, body: uploadBody }, config: { denyStatus: 403 } },
		async (request, reply) => {
			const { file, url } = request.body;
			const id = runtime.store.newId();
			const folderId =
				request.body.folder_id && request.body.folder_id !== 'null' ? request.body.folder_id : null;
			let media: Media;
			if (file) {
				const sniffed = sniff(file.head);
				const mime = sniffed?.mime ?? file.mimetype;
				const kind = mediaKind(mime);
				if (!kind)
					throw fail(400, 'The upload failed: the file must be an image or a video.', {
						errors: { file: ['The file must be an image or a video.'] },
					});
				const name = file.filename || `upload.${mime.split('/')[1]}`;
				media = {
					id,
					workspaceId: workspaceId(request),
					name,
					url: `/media/${id}/${encodeURIComponent(name)}`,
					mime_type: mime,
					extension: extensionOf(name) || mime.split('/')[1],
					size: file.size,
					type: kind,
					folder_id: folderId,
					is_processing: false,
					created_at: runtime.clock.iso(),
					...(sniffed?.dimensions ?? { width: null, height: null }),
					bytes: file.bytes,
				};
			} else {
				// Imports are not fetched (the sandbox has no internet); the URL's extension tells the type.
				const path = new URL(url as string).pathname;
				const extension = extensionOf(path);
				const mime = EXTENSION_TYPES[extension];
				if (!mime)
					throw fail(400, 'The upload failed: the URL does not point to an image or a video.', {
						errors: { url: ['The url must end in an image or video file name.'] },
					});
				media = {
					id,
					workspaceId: workspaceId(request),
					name: decodeURIComponent(path.split('/').pop() as string),
					url: url as string,
					mime_type: mime,
					extension,
					size: 0,
					type: mediaKind(mime) as Media['type'],
					folder_id: folderId,
					is_processing: false,
					created_at: runtime.clock.iso(),
					width: null,
					height: null,
					bytes: null,
				};
			}
			runtime.store.data.media.push(media);
			return reply.code(201).send({
				status: true,
				message: 'Media uploaded successfully',
				data: mediaItem(media, runtime.baseUrl, runtime.wire()),
			});
		},
	);

	// Uploaded bytes, served back from the asset's url.
	app.get<{ Params: { id: string } }>('/media/:id/:name', async (request, reply) => {
		const media = runtime.store.data.media.find((each) => each.id === request.params.id);
		if (!media?.bytes) return reply.code(404).send({ status: false, message: 'Media not found' });
		return reply.type(media.mime_type).send(media.bytes);
	});
}
