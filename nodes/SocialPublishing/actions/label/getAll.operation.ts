import { libraryGetMany } from '../getMany';

export const { description, plan } = libraryGetMany(
	'labels',
	'Only labels whose name contains this text (case-insensitive). Leave empty for all labels.',
	'e.g. launch',
);
