import { libraryGetMany } from '../libraryGetMany';

export const { description, execute, list } = libraryGetMany({
	resource: 'campaign',
	endpoint: 'campaigns',
	searchDescription:
		'Only campaigns whose name contains this text (case-insensitive). Leave empty for all campaigns.',
	searchPlaceholder: 'e.g. spring sale',
});
