/** Every path the node calls, built in one place with each segment encoded. */
const segment = (value: string) => encodeURIComponent(value);

export const paths = {
	me: () => '/api/v1/me',
	workspaces: () => '/api/v1/workspaces',
	platforms: () => '/api/v1/platforms',
	textBackgrounds: () => '/api/v1/facebook/text-backgrounds',
	workspace: (workspaceId: string, ...rest: string[]) =>
		['/api/v1/workspaces', segment(workspaceId), ...rest.map(segment)].join('/'),
};
