import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { createOnce } from '../../shared/api/exactlyOnce';
import { mediaLookup } from './lookups';
import { multipartBody } from '../../shared/transport/multipart';

/**
 * Uploads one binary property of the input item to the workspace's media library.
 * getBinaryDataBuffer reads n8n's filesystem and database binary modes alike.
 */
export async function uploadBinaryToLibrary(
	this: IExecuteFunctions,
	itemIndex: number,
	workspaceId: string,
	binaryPropertyName: string,
	folderId?: string,
): Promise<IDataObject> {
	const binary = this.helpers.assertBinaryData(itemIndex, binaryPropertyName);
	const data = await this.helpers.getBinaryDataBuffer(itemIndex, binaryPropertyName);
	const fileName =
		binary.fileName ??
		`${binaryPropertyName}${binary.fileExtension ? `.${binary.fileExtension}` : ''}`;
	const multipart = multipartBody(folderId ? { folder_id: folderId } : {}, [
		{ field: 'file', data, fileName, mimeType: binary.mimeType },
	]);
	return await createOnce.call(
		this,
		'uploadMedia',
		{ workspaceId },
		{ multipart, itemIndex },
		mediaLookup(this, workspaceId, { name: fileName, size: data.length }, itemIndex),
	);
}
