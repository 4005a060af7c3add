import { libraryGetMany } from '../getMany';

export const { description, plan } = libraryGetMany(
	'contentCategories',
	'Only content categories matching this text. Separate several terms with commas. Leave empty for all categories.',
	'e.g. tips, news',
);
