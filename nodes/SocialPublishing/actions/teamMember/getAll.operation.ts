import { libraryGetMany } from '../libraryGetMany';

export const { description, execute, list } = libraryGetMany({
	resource: 'teamMember',
	endpoint: 'teamMembers',
	searchDescription:
		'Only team members whose name or email contains this text. Leave empty for all members.',
	searchPlaceholder: 'e.g. maya@example.com',
});
