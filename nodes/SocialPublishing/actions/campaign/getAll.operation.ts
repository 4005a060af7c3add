import { libraryGetMany } from '../getMany';

export const { description, plan } = libraryGetMany(
	'campaigns',
	'Only campaigns whose name contains this text (case-insensitive). Leave empty for all campaigns.',
	'e.g. spring sale',
);
