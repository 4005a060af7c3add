import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { InputChecks } from '../../fields/checks';
import { paramsOf, workspace, workspaceIdOf } from '../../fields/common';
import type { Field } from '../../fields/field';
import { pathOf, readField, readFields, readGroup, setPath } from '../../fields/field';
import { platformOptionsField, readPlatformOptions } from '../../fields/platformOptions';
import * as post from '../../fields/post';
import { byDisplayName, groupProperty, property } from '../../fields/ui';
import { binaryUploads } from '../../helpers/media';
import { postLookup } from '../../helpers/recovery';
import { resolveTimezone } from '../../helpers/workspaceZone';
import type { Writer } from '../../../shared/api';
import { serviceNow } from '../../../shared/api';
import { createOnce } from '../../../shared/api/exactlyOnce';
import { idOf } from '../../../shared/ids';
import { readMe } from '../../../shared/me';
import { collection, nodeOptions, onServerErrorOption, optionsOf } from '../../../shared/options';
import type { GivenTime, Placed } from '../../../shared/time';
import { placeIn, readTime } from '../../../shared/time';
import { checkCreateRules, list, NOT_THE_CREATOR } from './createRules';
import type { Plan } from '../resource';
import { asObject } from '../../../shared/records';

const TOP = [post.text, post.accounts, post.publishType, post.scheduledAt];

const additionalFields = [
	...[...post.additionalFields, post.binaryPropertyNames].map(property),
	groupProperty(post.approval),
	groupProperty(post.firstComment),
].sort(byDisplayName);

export const description: INodeProperties[] = [
	...[workspace, post.text, post.accounts, post.publishType].map(property),
	{
		displayName:
			'A draft is not published: it goes out only once it is scheduled or published, in the service or by another run. Draft is the default, so that a first run publishes nothing.',
		name: 'draftNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { publishType: ['draft'] } },
	},
	property(post.scheduledAt), // not `required`: an expression in Publish Type shows it for drafts
	property(post.plannedAt),
	collection('Additional Fields', 'additionalFields', 'Add Field', additionalFields),
	platformOptionsField,
	nodeOptions(
		property(post.timezone),
		{ ...property(post.skipPostedWithin), default: 0 },
		onServerErrorOption,
	),
];

/** Where a time or date is read before a zone is known: an instant or a bare value needs none. */
const UTC = 'UTC';
const IN_THE_PAST =
	'is in the past; a scheduled post needs a time in the future. Pick a later time, or use Publish Type "Draft" or "Queued"';

/**
 * The publish type, time and Timezone option decide the zone, worked out once (the workspace's is
 * read once per execution, for a post with a time or date); then the body. Sending uploads the
 * item's files, then creates the post.
 */
export async function plan(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	const checks = new InputChecks(this, itemIndex);
	const workspaceId = workspaceIdOf(this, itemIndex);
	const top = paramsOf(this, itemIndex, TOP);
	const [fields, platformOptions] = ['additionalFields', 'platformOptions'].map((name) =>
		asObject(this.getNodeParameter(name, itemIndex, {})),
	);
	const options = optionsOf(this, itemIndex);

	const read = (field: Field, value: unknown) => readField(checks, field, value, UTC);
	const chosen = read(post.timezone, options.timezone) as string | undefined;
	const skipHours = read(post.skipPostedWithin, options.skipPostedWithinHours ?? 0) as number;
	const publishType = read(post.publishType, top.publishType) as string;
	const time = ['scheduled', 'draft'].includes(publishType)
		? (read(post.scheduledAt, top.scheduledAt) as GivenTime | undefined)
		: undefined;
	const checkTime = (at: Placed | undefined, zone: string) => {
		if (publishType !== 'scheduled') return;
		if (!at) return checks.fail('Scheduled At', 'is required when Publish Type is "Scheduled"');
		if (at.at < Date.now()) checks.fail('Scheduled At', `${at.wall} (${zone}) ${IN_THE_PAST}`);
	};
	// An instant is in the past in every zone: refused before the workspace's zone is read.
	if (!time?.wall) checkTime(time && placeIn(time, chosen ?? UTC), chosen ?? UTC);

	const gmb = asObject(platformOptions.gmb);
	// A date that is no date fails when the body is read, with no zone read for it.
	const dated = [gmb.start_date, gmb.end_date].some((date) => readTime(date));
	const timezone =
		time || dated || chosen !== undefined
			? await resolveTimezone(this, chosen, workspaceId, itemIndex)
			: undefined;
	const zone = timezone?.zone ?? UTC;
	const placed = time && placeIn(time, zone);
	checkTime(placed, zone);

	const body = readFields(checks, [post.text, post.accounts], top, zone);
	setPath(body, 'scheduling.publish_type', publishType);
	if (placed) setPath(body, pathOf(post.scheduledAt), placed.wall);
	readFields(checks, post.additionalFields, fields, zone, body);
	for (const group of [post.firstComment, post.approval])
		readGroup(checks, group, fields[group.name], zone, body);
	readPlatformOptions(checks, platformOptions, zone, body);
	const binaryProperties = (read(post.binaryPropertyNames, fields.binaryPropertyNames) ??
		[]) as string[];
	checkCreateRules(checks, body, binaryProperties);
	// The files' metadata is checked now; they are read when sent.
	const uploads = await binaryUploads(this, itemIndex, workspaceId, binaryProperties);
	// The one check that needs a request (`/me`, once per execution): the creator may not approve.
	const approvers = list(asObject(body.approval).approvers);
	const me = approvers.length ? (await readMe(this, itemIndex)).ids : [];
	const creator = me.filter((id) => approvers.includes(id));
	if (creator.length > 0) checks.fail('Approval Approvers', NOT_THE_CREATOR(creator));

	// A queue slot, or a content category's next slot, goes to the post that arrives first.
	const byArrival = ['queued', 'content_category'].includes(publishType);
	const send = async (out: Writer) => {
		// Options > Skip Posted Within: the same text to the same accounts in that time is not sent.
		const since = () => serviceNow(this) - skipHours * 3600_000;
		const repeat = postLookup(this, workspaceId, body, zone, itemIndex, true);
		const found = skipHours > 0 && (await repeat.find(since, new Set(), true));
		if (found)
			return {
				...found.record,
				id: idOf(found.record),
				skipped: true,
				matched_on: found.matchedOn,
			};
		const uploaded = await uploads(out, body);
		const created = await createOnce.call(
			out,
			'createPost',
			{ workspaceId },
			{ body, itemIndex },
			postLookup(this, workspaceId, body, zone, itemIndex),
		);
		for (const warning of [created.warning, placed?.notice]) {
			if (typeof warning !== 'string' || warning === '') continue;
			const message = `Item ${itemIndex}: ${warning}`;
			this.addExecutionHints({ message, type: 'warning', location: 'outputPane' });
		}
		return {
			...created,
			id: idOf(created),
			publish_type: publishType,
			scheduled_at: placed?.wall ?? null,
			timezone: timezone?.zone ?? null,
			timezone_source: timezone?.source ?? null,
			...(placed?.notice ? { time_notice: placed.notice } : {}),
			...(uploaded.length > 0 ? { uploaded_media: uploaded } : {}),
		};
	};
	return { send, orderGroup: byArrival ? `slots in ${workspaceId}` : undefined };
}
