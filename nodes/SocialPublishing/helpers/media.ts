import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { send } from '../../shared/api';
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
	const multipart = multipartBody(folderId ? { folder_id: folderId } : {}, [
		{
			field: 'file',
			data,
			fileName:
				binary.fileName ??
				`${binaryPropertyName}${binary.fileExtension ? `.${binary.fileExtension}` : ''}`,
			mimeType: binary.mimeType,
		},
	]);
	return await send.call(this, 'uploadMedia', { workspaceId }, { multipart, itemIndex });
}
