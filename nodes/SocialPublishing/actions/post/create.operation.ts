import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { nodeOptions, workspaceLocator } from '../../descriptions/common';
import { readField, readFields, readGroup } from '../../fields/field';
import { paramsOf } from '../../fields/common';
import { platformOptionsField, readPlatformOptions } from '../../fields/platformOptions';
import * as post from '../../fields/post';
import { groupProperty, property } from '../../fields/ui';
import { InputChecks } from '../../helpers/checks';
import { idOf, postIdOf } from '../../helpers/ids';
import { uploadBinaryToLibrary } from '../../helpers/media';
import { resolveTimezone } from '../../helpers/schedule';
import { workspaceIdOf } from '../../helpers/workspaceLists';
import { apiRequest, paths } from '../../transport';
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
	nodeOptions(timezoneOption),
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
		const asset = await uploadBinaryToLibrary.call(ctx, itemIndex, workspaceId, property);
		if (idOf(asset) === '') {
			throw new NodeOperationError(
				ctx.getNode(),
				`The media library answered the upload of "${property}" without a media ID`,
				{
					itemIndex,
					description:
						'The post was not created. Check the upload with Media > Get Many, then attach the file by choosing it under Media Library Items.',
				},
			);
		}
		uploaded.push({
			binary_property: property,
			_id: idOf(asset),
			name: asset.name,
			url: asset.url,
		});
	}
	return uploaded;
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const checks = new InputChecks(this, itemIndex);
	const workspaceId = workspaceIdOf(this, itemIndex);
	const fields = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const platformOptions = this.getNodeParameter('platformOptions', itemIndex, {}) as IDataObject;
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const timezone = resolveTimezone(this, checks, options.timezone);

	const top = [post.text, post.accounts, post.publishType];
	const body = readFields(checks, top, paramsOf(this, itemIndex, top), timezone);
	readFields(checks, post.additionalFields, fields, timezone, body);
	readGroup(checks, post.firstComment, fields.firstComment, timezone, body);
	readGroup(checks, post.approval, fields.approval, timezone, body);
	readPlatformOptions(checks, platformOptions, timezone, body);
	const binaryProperties = (readField(
		checks,
		post.binaryPropertyNames,
		fields.binaryPropertyNames,
		timezone,
	) ?? []) as string[];
	const publishType = (body.scheduling as IDataObject).publish_type as string;
	const schedule = await checkCreateRules(
		this,
		itemIndex,
		checks,
		body,
		binaryProperties,
		timezone,
	);

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

	const response = await apiRequest.call(this, 'POST', paths.workspace(workspaceId, 'posts'), {
		body,
		itemIndex,
	});
	const data = (
		response.data !== null && typeof response.data === 'object' ? response.data : {}
	) as IDataObject;
	const warning = [response.warning, data.warning].find(
		(value) => typeof value === 'string' && value !== '',
	);
	if (typeof warning === 'string') {
		this.addExecutionHints({
			message: `Item ${itemIndex}: ${warning}`,
			type: 'warning',
			location: 'outputPane',
		});
	}
	return {
		...data,
		id: postIdOf(data) || postIdOf(response),
		...(warning ? { warning } : {}),
		publish_type: publishType,
		scheduled_at: schedule?.scheduled_at ?? null,
		timezone,
		...(uploaded.length > 0 ? { uploaded_media: uploaded } : {}),
	};
}
