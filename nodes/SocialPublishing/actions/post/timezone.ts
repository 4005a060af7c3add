import type { INodeProperties } from 'n8n-workflow';

/** The zone of every wall-clock time and date the node sends (helpers/schedule.ts reads it). */
export const timezoneOption: INodeProperties = {
	displayName: 'Timezone',
	name: 'timezone',
	type: 'string',
	default: '',
	placeholder: 'e.g. Europe/Berlin',
	description:
		"IANA time zone of the times sent, e.g. Europe/Berlin. Empty (the default) means the workspace's own time zone, which the service reads them in; when the workspace's record gives none, the workflow's time zone.",
};
