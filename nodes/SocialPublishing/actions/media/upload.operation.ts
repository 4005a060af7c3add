import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { nodeOptions, workspaceLocator } from '../../descriptions/common';
import { InputChecks } from '../../helpers/checks';
import { uploadBinaryToLibrary } from '../../helpers/media';
import { workspaceIdOf } from '../../helpers/workspaceLists';
import { send } from '../../../shared/api';
import { multipartBody } from '../../../shared/transport/multipart';

const properties: INodeProperties[] = [
	workspaceLocator,
	{
		displayName: 'Source',
		name: 'source',
		type: 'options',
		options: [
			{
				name: 'Binary File',
				value: 'binary',
				description: 'A file in the input item, e.g. from a Read File or HTTP Request node',
			},
			{
				name: 'URL',
				value: 'url',
				description: 'A public address the service downloads the file from',
			},
		],
		default: 'binary',
	},
	{
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		required: true,
		default: 'data',
		hint: 'The name of the input binary field containing the file to upload',
		description: "The file's name and MIME type are taken from the binary data",
		displayOptions: { show: { source: ['binary'] } },
	},
	{
		displayName: 'URL',
		name: 'url',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. https://example.com/photo.jpg',
		description: 'The address of the image or video to import into the library',
		displayOptions: { show: { source: ['url'] } },
	},
	nodeOptions({
		displayName: 'Folder ID',
		name: 'folderId',
		type: 'string',
		default: '',
		placeholder: 'e.g. 64f1c2a9e4b0a1b2c3d4e5f6',
		description:
			"The library folder to put the file in, as in a media item's folder_id. Leave empty for the top level.",
	}),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['media'], operation: ['upload'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const source = String(this.getNodeParameter('source', itemIndex, 'binary'));
	const folderId =
		String(this.getNodeParameter('options.folderId', itemIndex, '')).trim() || undefined;
	const checks = new InputChecks(this, itemIndex);
	checks.oneOf('Source', source, ['binary', 'url']);
	if (source === 'binary') {
		const binaryPropertyName = String(
			this.getNodeParameter('binaryPropertyName', itemIndex, ''),
		).trim();
		checks.required('Input Binary Field', binaryPropertyName);
		const workspaceId = workspaceIdOf(this, itemIndex);
		return await uploadBinaryToLibrary.call(
			this,
			itemIndex,
			workspaceId,
			binaryPropertyName,
			folderId,
		);
	}
	const url = String(this.getNodeParameter('url', itemIndex, '')).trim();
	checks.required('URL', url);
	checks.url('URL', url);
	const workspaceId = workspaceIdOf(this, itemIndex);
	return await send.call(
		this,
		'uploadMedia',
		{ workspaceId },
		{ multipart: multipartBody({ url, folder_id: folderId }, []), itemIndex },
	);
}
