import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { InputChecks } from '../../helpers/checks';
import type { ScheduledTime } from '../../helpers/schedule';
import { toScheduledAt } from '../../helpers/schedule';
import { readMe } from '../../../shared/me';
import { LIMITS } from '../../../shared/limits';

const list = (value: unknown) => (Array.isArray(value) ? (value as string[]) : []);

/**
 * The rules of 4.14 that join several fields (each field alone is checked by its row in
 * fields/post.ts). Sets scheduling.scheduled_at in `time.zone`, and returns the time sent.
 */
export async function checkCreateRules(
	ctx: IExecuteFunctions,
	itemIndex: number,
	checks: InputChecks,
	body: IDataObject,
	binaryProperties: string[],
	time: { zone: string; mustBeFuture: boolean },
): Promise<ScheduledTime | undefined> {
	const accounts = list(body.accounts);
	const byCategory = body.content_category_id !== undefined;
	if (accounts.length === 0 && !byCategory) {
		checks.fail(
			'Accounts',
			'needs at least one account, or a Content Category whose accounts are used',
		);
	}
	const scheduling = body.scheduling as IDataObject;
	const publishType = scheduling.publish_type;
	if (publishType === 'content_category' && !byCategory) {
		checks.fail('Content Category', 'is required when Publish Type is "Content Category"');
	}
	const schedule =
		publishType === 'scheduled' || publishType === 'draft'
			? toScheduledAt(
					checks,
					'Scheduled At',
					ctx.getNodeParameter('scheduledAt', itemIndex, ''),
					time.zone,
					{ mustBeFuture: time.mustBeFuture && publishType === 'scheduled' },
				)
			: undefined;
	if (publishType === 'scheduled' && !schedule) {
		checks.fail('Scheduled At', 'is required when Publish Type is "Scheduled"');
	}
	if (schedule) scheduling.scheduled_at = schedule.scheduled_at;

	const media = ((body.content as IDataObject).media ?? {}) as IDataObject;
	checks.maxItems(
		'Media Library Items and Input Binary Fields',
		[...list(media.media_ids), ...binaryProperties],
		LIMITS.mediaIds,
	);
	for (const property of binaryProperties) ctx.helpers.assertBinaryData(itemIndex, property);
	if (body.facebook_options && (Object.keys(media).length > 0 || binaryProperties.length > 0)) {
		checks.fail(
			'Facebook Background',
			'applies only to plain-text posts; remove it, or remove the images, video and media',
		);
	}

	const firstComment = body.first_comment as IDataObject | undefined;
	// With a content category the post's full account set is only known to the service.
	const outside =
		firstComment && !byCategory
			? list(firstComment.accounts).filter((id) => !accounts.includes(id))
			: [];
	if (outside.length > 0) {
		checks.fail(
			'First Comment Accounts',
			`must be a subset of the post's accounts; ${outside.join(', ')} ${outside.length === 1 ? 'is' : 'are'} not among them`,
		);
	}

	const approvers = list((body.approval as IDataObject | undefined)?.approvers);
	if (approvers.length > 0) {
		const creator = (await readMe(ctx, itemIndex)).ids.filter((id) => approvers.includes(id));
		if (creator.length > 0) {
			checks.fail(
				'Approval Approvers',
				`may not include the post's creator (${creator.join(', ')}, the user of this API key); choose other team members`,
			);
		}
	}
	return schedule;
}
