import { libraryGetMany } from '../libraryGetMany';

export const { description, execute, list } = libraryGetMany({
	resource: 'label',
	endpoint: 'labels',
	searchDescription:
		'Only labels whose name contains this text (case-insensitive). Leave empty for all labels.',
	searchPlaceholder: 'e.g. launch',
});
