import { resource } from '../resource';
import * as getAll from './getAll.operation';
import * as upload from './upload.operation';

export const mediaResource = resource('media', 'upload', [
	{
		name: 'Get Many',
		value: 'getAll',
		description: "List the workspace's media library, with the media IDs that posts take",
		action: 'Get many media items',
		operation: getAll,
	},
	{
		name: 'Upload',
		value: 'upload',
		description:
			"Add an image or video to the workspace's media library, from the input item's binary data or from a URL",
		action: 'Upload a media item',
		operation: upload,
	},
]);
