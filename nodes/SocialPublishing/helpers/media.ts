import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { Out } from '../../shared/api';
import { createOnce } from '../../shared/api/exactlyOnce';
import { idOf } from '../../shared/ids';
import { mediaLookup } from './recovery';
import { multipartBody } from '../../shared/transport/multipart';

/** An upload, checked; sending it makes the media item. */
type Upload = (out: Out) => Promise<IDataObject>;

/**
 * The upload of one binary property of the input item to the workspace's media library: its
 * metadata is checked now, the file is read only when it is sent. getBinaryDataBuffer reads n8n's
 * filesystem and database binary modes alike.
 */
export function binaryUpload(
	this: IExecuteFunctions,
	itemIndex: number,
	workspaceId: string,
	binaryPropertyName: string,
	folderId?: string,
): Upload {
	const binary = this.helpers.assertBinaryData(itemIndex, binaryPropertyName);
	const fileName =
		binary.fileName ??
		`${binaryPropertyName}${binary.fileExtension ? `.${binary.fileExtension}` : ''}`;
	return async (out) => {
		const data = await this.helpers.getBinaryDataBuffer(itemIndex, binaryPropertyName);
		const multipart = multipartBody(folderId ? { folder_id: folderId } : {}, [
			{ field: 'file', data, fileName, mimeType: binary.mimeType },
		]);
		return await createOnce.call(
			out,
			'uploadMedia',
			{ workspaceId },
			{ multipart, itemIndex },
			mediaLookup(this, workspaceId, { name: fileName, size: data.length }, itemIndex),
		);
	};
}

/** Has the service import a file from a public URL into the media library. */
export function urlUpload(
	this: IExecuteFunctions,
	itemIndex: number,
	workspaceId: string,
	url: string,
	folderId?: string,
): Upload {
	// The service names an imported file after the URL's last path segment.
	const name = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
	return async (out) =>
		await createOnce.call(
			out,
			'uploadMedia',
			{ workspaceId },
			{ multipart: multipartBody({ url, folder_id: folderId }, []), itemIndex },
			mediaLookup(this, workspaceId, { name }, itemIndex),
		);
}

/**
 * The uploads of the item's binary fields: sent one by one, they add their media IDs to the post
 * `body`'s `content.media.media_ids`. An answer without the media ID is an error of the API layer,
 * so the post is not sent.
 */
export function binaryUploads(
	ctx: IExecuteFunctions,
	itemIndex: number,
	workspaceId: string,
	binaryProperties: string[],
): (out: Out, body: IDataObject) => Promise<IDataObject[]> {
	const uploads = binaryProperties.map((property) =>
		binaryUpload.call(ctx, itemIndex, workspaceId, property),
	);
	return async (out, body) => {
		const uploaded: IDataObject[] = [];
		for (const [n, upload] of uploads.entries()) {
			const asset = await upload(out);
			uploaded.push({
				binary_property: binaryProperties[n],
				_id: idOf(asset),
				name: asset.name,
				url: asset.url,
			});
		}
		if (uploaded.length > 0) {
			const content = body.content as IDataObject;
			const media = (content.media ?? {}) as IDataObject;
			media.media_ids = [
				...((media.media_ids as string[]) ?? []),
				...uploaded.map((each) => each._id),
			];
			content.media = media;
		}
		return uploaded;
	};
}
