import { platformLabel } from './names';
import { CONNECT_PLATFORMS, LIMITS } from '../../shared/limits';
import type { Field } from './field';

/** The bodies and parameters of the account connection endpoints (4.3, 4.4, 4.6). */

export const blueskyFields: Field[] = [
	{
		name: 'handle',
		label: 'Handle',
		kind: 'text',
		required: true,
		max: LIMITS.blueskyHandleLength,
		normalize: (value) => value.trim().replace(/^@/, ''),
		ui: {
			description: 'The Bluesky handle, with or without a leading @',
			placeholder: 'e.g. acme.bsky.social',
		},
	},
	{
		name: 'appPassword',
		label: 'App Password',
		path: 'app_password',
		kind: 'text',
		required: true,
		ui: {
			password: true,
			description:
				'An app password created in Bluesky under Settings > Privacy and Security > App Passwords; not the account password',
		},
	},
];

export const facebookGroupName: Field = {
	name: 'name',
	label: 'Group Name',
	kind: 'text',
	required: true,
	min: LIMITS.facebookGroupNameMin,
	max: LIMITS.facebookGroupNameMax,
	normalize: (value) => value.trim(),
	ui: {
		description:
			"The Facebook group's name as it should appear in the workspace. Groups are added by name, without a login.",
		placeholder: 'e.g. Acme Customers Community',
	},
};

export const facebookGroupImage: Field = {
	name: 'image',
	label: 'Image URL',
	kind: 'url',
	nullable: true,
	ui: {
		description: "A picture for the group's avatar in the workspace",
		placeholder: 'e.g. https://example.com/group.png',
	},
};

export const connectFields: Field[] = [
	{
		name: 'platform',
		label: 'Platform',
		kind: 'enum',
		values: CONNECT_PLATFORMS,
		required: true,
		valueNames: Object.fromEntries(CONNECT_PLATFORMS.map((key) => [key, platformLabel(key)])),
		ui: {
			description:
				'The platform to connect. "Instagram (via Facebook)" connects an Instagram business account through its Facebook page.',
		},
	},
	{
		name: 'process',
		label: 'Process',
		kind: 'enum',
		values: ['connect', 'reconnect'],
		required: true,
		valueNames: { connect: 'Connect a New Account', reconnect: 'Reconnect an Account' },
		valueDescriptions: {
			connect: 'Add an account of this platform to the workspace',
			reconnect: 'Renew the login of an account already in the workspace, e.g. after it expired',
		},
		ui: { description: 'Whether to add a new account or renew the login of one' },
	},
];

export const reconnectAccount: Field = {
	name: 'accountId',
	label: 'Account',
	path: 'account_id',
	kind: 'id',
	required: true,
	ui: {
		locator: 'account',
		description: 'The account to reconnect; it must be of the chosen platform',
		show: { process: ['reconnect'] },
	},
};
