import { libraryGetMany } from '../libraryGetMany';

export const { description, execute, list } = libraryGetMany({
	resource: 'contentCategory',
	endpoint: 'contentCategories',
	searchDescription:
		'Only content categories matching this text. Separate several terms with commas. Leave empty for all categories.',
	searchPlaceholder: 'e.g. tips, news',
});
