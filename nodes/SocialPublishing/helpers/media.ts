import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { BINARY_ENCODING, NodeOperationError } from 'n8n-workflow';

import { multipartBody } from '../../shared/api';
import type { Writer } from '../../shared/api';
import { createOnce } from '../../shared/api/exactlyOnce';
import { idOf } from '../../shared/ids';
import { asObject } from '../../shared/records';
import { mediaLookup } from './recovery';

/** An upload, checked; sending it makes the media item. */
type Upload = (out: Writer) => Promise<IDataObject>;

/** A file no longer in n8n's binary data store (its execution's data was removed, say). */
const gone = (ctx: IExecuteFunctions, property: string, itemIndex: number) => (): never => {
	throw new NodeOperationError(
		ctx.getNode(),
		`The file of the input binary field '${property}' is no longer in n8n's binary data store`,
		{ itemIndex, description: 'Run the workflow again from the step that made the file.' },
	);
};

/**
 * The upload of one binary property of the input item to the workspace's media library: its
 * metadata is checked in the plan (a file gone from the store stops every item), the file is read
 * only when sent. A file of n8n's binary store streams from it, opened again for every attempt;
 * n8n 1.x's default mode keeps the file in the item, as base64.
 */
export async function binaryUpload(
	this: IExecuteFunctions,
	itemIndex: number,
	workspaceId: string,
	binaryPropertyName: string,
	folderId?: string,
): Promise<Upload> {
	const binary = this.helpers.assertBinaryData(itemIndex, binaryPropertyName);
	const { id, data } = binary;
	const lost = gone(this, binaryPropertyName, itemIndex);
	const stored = id ? await this.helpers.getBinaryMetadata(id).catch(lost) : null;
	const size = stored?.fileSize ?? Buffer.byteLength(data, BINARY_ENCODING);
	const open = async () =>
		id ? await this.helpers.getBinaryStream(id) : Buffer.from(data, BINARY_ENCODING);
	const fileName =
		binary.fileName ??
		`${binaryPropertyName}${binary.fileExtension ? `.${binary.fileExtension}` : ''}`;
	const multipart = multipartBody(folderId ? { folder_id: folderId } : {}, [
		{ field: 'file', fileName, mimeType: binary.mimeType, size, open },
	]);
	return async (out) =>
		await createOnce.call(
			out,
			'uploadMedia',
			{ workspaceId },
			{ multipart, itemIndex },
			mediaLookup(this, workspaceId, { name: fileName, size }, itemIndex),
		);
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
export async function binaryUploads(
	ctx: IExecuteFunctions,
	itemIndex: number,
	workspaceId: string,
	binaryProperties: string[],
): Promise<(out: Writer, body: IDataObject) => Promise<IDataObject[]>> {
	const uploads = await Promise.all(
		binaryProperties.map(
			async (property) => await binaryUpload.call(ctx, itemIndex, workspaceId, property),
		),
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
			const content = asObject(body.content);
			const media = asObject(content.media);
			media.media_ids = [...[media.media_ids ?? []].flat(), ...uploaded.map((each) => each._id)];
			content.media = media;
		}
		return uploaded;
	};
}
