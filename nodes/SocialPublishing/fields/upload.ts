import type { Field } from './field';

/** The form of `POST media` (4.12): a file or a URL, and an optional folder. */

export const uploadSource: Field = {
	name: 'source',
	label: 'Source',
	path: '',
	kind: 'enum',
	values: ['binary', 'url'],
	required: true,
	valueNames: { binary: 'Binary File', url: 'URL' },
	valueDescriptions: {
		binary: 'A file in the input item, e.g. from Read/Write Files from Disk: it streams from n8n',
		url: 'Best for a file already online: the service downloads it, and nothing passes through n8n',
	},
	ui: { description: 'Where the file comes from' },
};

export const binaryPropertyName: Field = {
	name: 'binaryPropertyName',
	label: 'Input Binary Field',
	path: '',
	kind: 'text',
	required: true,
	normalize: (value) => value.trim(),
	ui: {
		description: "The file's name and MIME type are taken from the binary data",
		hint: 'The name of the input binary field containing the file to upload',
		default: 'data',
		show: { source: ['binary'] },
	},
};

export const uploadUrl: Field = {
	name: 'url',
	label: 'URL',
	path: 'url',
	kind: 'url',
	required: true,
	ui: {
		description: 'The public address of the file: the service imports it itself, however large',
		placeholder: 'e.g. https://example.com/photo.jpg',
		show: { source: ['url'] },
	},
};

export const folderId: Field = {
	name: 'folderId',
	label: 'Folder ID',
	path: 'folder_id',
	kind: 'id',
	nullable: true,
	ui: {
		description: 'The ID of the library folder to put the file in. Leave empty for the top level.',
		placeholder: 'e.g. 64f1c2a9e4b0a1b2c3d4e5f6',
	},
};
