import { resource } from '../resource';
import * as addBluesky from './addBluesky.operation';
import * as addFacebookGroup from './addFacebookGroup.operation';
import * as connect from './connect.operation';
import * as getAll from './getAll.operation';
import * as getConnectablePlatforms from './getConnectablePlatforms.operation';

export const accountResource = resource('account', 'getAll', [
	{
		name: 'Add Bluesky',
		value: 'addBluesky',
		description:
			'Connect a Bluesky account to the workspace with its handle and an app password, without a browser step',
		action: 'Add a Bluesky account',
		operation: addBluesky,
	},
	{
		name: 'Add Facebook Group',
		value: 'addFacebookGroup',
		description: 'Add a Facebook group to the workspace by its name',
		action: 'Add a Facebook group',
		operation: addFacebookGroup,
	},
	{
		name: 'Connect',
		value: 'connect',
		description:
			'Start connecting (or reconnecting) an account that needs a login: returns a single-use, expiring link to send to the person who owns the account',
		action: 'Get a link to connect an account',
		operation: connect,
	},
	{
		name: 'Get Connectable Platforms',
		value: 'getConnectablePlatforms',
		description: 'List the platforms that can be connected, how each connects and what it needs',
		action: 'Get connectable platforms',
		operation: getConnectablePlatforms,
	},
	{
		name: 'Get Many',
		value: 'getAll',
		description: "List a workspace's social accounts, with the account IDs that posts take",
		action: 'Get many accounts',
		operation: getAll,
	},
]);
