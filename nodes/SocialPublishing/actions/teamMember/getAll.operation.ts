import { libraryGetMany } from '../getMany';

export const { description, plan } = libraryGetMany(
	'teamMembers',
	'Only team members whose name or email contains this text. Leave empty for all team members.',
	'e.g. maya@example.com',
);
