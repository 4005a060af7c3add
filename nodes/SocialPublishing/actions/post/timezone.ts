import type { INodeProperties } from 'n8n-workflow';

/** The zone of every wall-clock time and date the node sends (helpers/schedule.ts reads it). */
export const timezoneOption: INodeProperties = {
	displayName: 'Timezone',
	name: 'timezone',
	type: 'string',
	default: '',
	placeholder: 'e.g. Europe/Berlin',
	description:
		"IANA time zone of the times sent. The service reads them in the workspace's time zone, so set this to the workspace's zone (Workspace > Get Many shows it). Empty means the workflow's time zone.",
};
