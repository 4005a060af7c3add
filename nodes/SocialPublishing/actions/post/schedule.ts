import type { INodeProperties } from 'n8n-workflow';

/** Scheduled At (a scheduled post) and Planned At (a draft) both fill scheduling.scheduled_at. */
export const scheduleProperties: INodeProperties[] = [
	{
		displayName: 'Scheduled At',
		name: 'scheduledAt',
		type: 'dateTime',
		default: '',
		required: true,
		displayOptions: { show: { publishType: ['scheduled'] } },
		description:
			"When to publish. A time with an offset (e.g. 2026-05-04T09:30:00+02:00, or a DateTime from an expression) is converted to the Timezone option's zone; a time without one is read in that zone. Must be in the future.",
	},
	{
		displayName: 'Planned At',
		name: 'scheduledAt',
		type: 'dateTime',
		default: '',
		displayOptions: { show: { publishType: ['draft'] } },
		description:
			"Optional date the draft is planned for, sent as scheduling.scheduled_at like a scheduled post's time",
	},
];
