import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { nodeOptions, workspaceLocator } from '../../descriptions/common';
import { readField, readFields, readGroup } from '../../fields/field';
import { paramsOf } from '../../fields/common';
import { platformOptionsField, readPlatformOptions } from '../../fields/platformOptions';
import * as post from '../../fields/post';
import { groupProperty, property } from '../../fields/ui';
import { InputChecks } from '../../helpers/checks';
import { createOnce } from '../../../shared/api/exactlyOnce';
import { onServerErrorOption } from '../../../shared/options';
import { postLookup } from '../../helpers/lookups';
import { idOf, postIdOf } from '../../../shared/ids';
import { uploadBinaryToLibrary } from '../../helpers/media';
import { resolveTimezone, ZONE_FOR_CHECKS, zoneOption } from '../../helpers/schedule';
import type { Timezone } from '../../helpers/schedule';
import { workspaceIdOf } from '../../helpers/workspaceLists';
import { checkCreateRules } from './createRules';
import { scheduleProperties } from './schedule';
import { timezoneOption } from './timezone';

const properties: INodeProperties[] = [
	workspaceLocator,
	property(post.text),
	property(post.accounts),
	property(post.publishType),
	...scheduleProperties,
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			...[...post.additionalFields, post.binaryPropertyNames].map(property),
			groupProperty(post.approval),
			groupProperty(post.firstComment),
		].sort((a, b) => a.displayName.localeCompare(b.displayName)),
	},
	platformOptionsField,
	nodeOptions(timezoneOption, onServerErrorOption),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['post'], operation: ['create'] } },
	properties,
);

/** Uploads the item's binary fields to the media library; their IDs join content.media.media_ids. */
async function upload(
	ctx: IExecuteFunctions,
	itemIndex: number,
	workspaceId: string,
	binaryProperties: string[],
): Promise<IDataObject[]> {
	const uploaded: IDataObject[] = [];
	for (const property of binaryProperties) {
		// An answer without the media ID is an error of the API layer: the post is not sent.
		const asset = await uploadBinaryToLibrary.call(ctx, itemIndex, workspaceId, property);
		uploaded.push({
			binary_property: property,
			_id: idOf(asset),
			name: asset.name,
			url: asset.url,
		});
	}
	return uploaded;
}

/** Whether the body carries a date (Google Business Profile's), which is read in the zone too. */
function hasDates(body: IDataObject): boolean {
	const gmb = (body.gmb_options ?? {}) as IDataObject;
	return gmb.start_date !== undefined || gmb.end_date !== undefined;
}

/** The body as the table reads it, with dates and times in `zone`; any wrong value fails here. */
function readBody(
	ctx: IExecuteFunctions,
	itemIndex: number,
	checks: InputChecks,
	zone: string,
): IDataObject {
	const fields = ctx.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const platformOptions = ctx.getNodeParameter('platformOptions', itemIndex, {}) as IDataObject;
	const top = [post.text, post.accounts, post.publishType];
	const body = readFields(checks, top, paramsOf(ctx, itemIndex, top), zone);
	readFields(checks, post.additionalFields, fields, zone, body);
	readGroup(checks, post.firstComment, fields.firstComment, zone, body);
	readGroup(checks, post.approval, fields.approval, zone, body);
	readPlatformOptions(checks, platformOptions, zone, body);
	return body;
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const checks = new InputChecks(this, itemIndex);
	const workspaceId = workspaceIdOf(this, itemIndex);
	const fields = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const binaryProperties = (readField(
		checks,
		post.binaryPropertyNames,
		fields.binaryPropertyNames,
		ZONE_FOR_CHECKS,
	) ?? []) as string[];

	// Every input is checked before the workspace's zone is read (a request): in the Timezone
	// option's zone when set, else in a stand-in zone, and read again once the zone is known.
	const chosenZone = zoneOption(checks, options.timezone);
	let zone = chosenZone ?? ZONE_FOR_CHECKS;
	let body = readBody(this, itemIndex, checks, zone);
	let schedule = await checkCreateRules(this, itemIndex, checks, body, binaryProperties, {
		zone,
		mustBeFuture: chosenZone !== undefined,
	});
	// The workspace's zone is read (once per execution) only for a post that carries a time or a
	// date: a request spent on every draft would count against the rate limit for nothing.
	const timed = schedule !== undefined || hasDates(body);
	const timezone: Timezone | undefined = !timed
		? chosenZone !== undefined
			? { zone: chosenZone, source: 'option' }
			: undefined
		: await resolveTimezone(this, checks, options.timezone, workspaceId, itemIndex);
	if (timezone && chosenZone === undefined) {
		zone = timezone.zone;
		body = readBody(this, itemIndex, checks, zone);
		schedule = await checkCreateRules(this, itemIndex, checks, body, binaryProperties, {
			zone,
			mustBeFuture: true,
		});
	}
	const publishType = (body.scheduling as IDataObject).publish_type as string;

	const uploaded = await upload(this, itemIndex, workspaceId, binaryProperties);
	if (uploaded.length > 0) {
		const content = body.content as IDataObject;
		const media = (content.media ?? {}) as IDataObject;
		media.media_ids = [
			...((media.media_ids as string[]) ?? []),
			...uploaded.map((asset) => asset._id),
		];
		content.media = media;
	}

	const created = await createOnce.call(
		this,
		'createPost',
		{ workspaceId },
		{ body, itemIndex },
		postLookup(this, workspaceId, body, zone, itemIndex),
	);
	const warning =
		typeof created.warning === 'string' && created.warning !== '' ? created.warning : undefined;
	if (typeof warning === 'string') {
		this.addExecutionHints({
			message: `Item ${itemIndex}: ${warning}`,
			type: 'warning',
			location: 'outputPane',
		});
	}
	return {
		...created,
		id: postIdOf(created),
		publish_type: publishType,
		scheduled_at: schedule?.scheduled_at ?? null,
		timezone: timezone?.zone ?? null,
		timezone_source: timezone?.source ?? null,
		...(uploaded.length > 0 ? { uploaded_media: uploaded } : {}),
	};
}
