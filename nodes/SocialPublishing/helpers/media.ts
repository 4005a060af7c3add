import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { BINARY_ENCODING, NodeOperationError } from 'n8n-workflow';

import { createOnce } from '../../shared/api/exactlyOnce';
import { holdBack } from '../../shared/api/hold';
import { idOf } from '../../shared/ids';
import { mediaLookup } from './recovery';
import { multipartBody } from '../../shared/transport/multipart';

/** A file no longer in n8n's binary data store (its execution's data was removed, say). */
const gone = (ctx: IExecuteFunctions, property: string, itemIndex: number) => (): never => {
	throw new NodeOperationError(
		ctx.getNode(),
		`The file of the input binary field '${property}' is no longer in n8n's binary data store`,
		{ itemIndex, description: 'Run the workflow again from the step that made the file.' },
	);
};

/**
 * Uploads one binary property of the input item to the workspace's media library. A file of n8n's
 * binary store streams from it; n8n 1.x's default mode keeps the file in the item, as base64.
 */
export async function uploadBinaryToLibrary(
	this: IExecuteFunctions,
	itemIndex: number,
	workspaceId: string,
	binaryPropertyName: string,
	folderId?: string,
): Promise<IDataObject> {
	const binary = this.helpers.assertBinaryData(itemIndex, binaryPropertyName);
	const { id, data } = binary;
	// Read in the check pass, so that a file gone from the store stops every item.
	const lost = gone(this, binaryPropertyName, itemIndex);
	const stored = id ? await this.helpers.getBinaryMetadata(id).catch(lost) : null;
	const size = stored?.fileSize ?? Buffer.byteLength(data, BINARY_ENCODING);
	// In the router's check pass the upload stops here, before the file is read.
	holdBack(this, 'POST', itemIndex);
	const open = async () =>
		id ? await this.helpers.getBinaryStream(id) : Buffer.from(data, BINARY_ENCODING);
	const fileName =
		binary.fileName ??
		`${binaryPropertyName}${binary.fileExtension ? `.${binary.fileExtension}` : ''}`;
	const multipart = multipartBody(folderId ? { folder_id: folderId } : {}, [
		{ field: 'file', fileName, mimeType: binary.mimeType, size, open },
	]);
	return await createOnce.call(
		this,
		'uploadMedia',
		{ workspaceId },
		{ multipart, itemIndex },
		mediaLookup(this, workspaceId, { name: fileName, size }, itemIndex),
	);
}

/** Has the service import a file from a public URL into the media library. */
export async function uploadUrlToLibrary(
	this: IExecuteFunctions,
	itemIndex: number,
	workspaceId: string,
	url: string,
	folderId?: string,
): Promise<IDataObject> {
	// The service names an imported file after the URL's last path segment.
	const name = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
	return await createOnce.call(
		this,
		'uploadMedia',
		{ workspaceId },
		{ multipart: multipartBody({ url, folder_id: folderId }, []), itemIndex },
		mediaLookup(this, workspaceId, { name }, itemIndex),
	);
}

/**
 * Uploads the item's binary fields one by one and adds their media IDs to the post `body`'s
 * `content.media.media_ids`. An answer without the media ID is an error of the API layer, so the
 * post is not sent.
 */
export async function uploadBinaries(
	ctx: IExecuteFunctions,
	itemIndex: number,
	workspaceId: string,
	binaryProperties: string[],
	body: IDataObject,
): Promise<IDataObject[]> {
	const uploaded: IDataObject[] = [];
	for (const property of binaryProperties) {
		const asset = await uploadBinaryToLibrary.call(ctx, itemIndex, workspaceId, property);
		uploaded.push({
			binary_property: property,
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
}
