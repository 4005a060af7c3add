import { libraryGetMany } from '../../helpers/workspaceLists';

export const { description, execute } = libraryGetMany({
	resource: 'contentCategory',
	endpoint: 'contentCategories',
	searchDescription:
		'Only content categories matching this text. Separate several terms with commas. Leave empty for all categories.',
	searchPlaceholder: 'e.g. tips, news',
});
