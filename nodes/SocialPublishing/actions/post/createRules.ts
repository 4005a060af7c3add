import type { IDataObject } from 'n8n-workflow';

import type { InputChecks } from '../../fields/checks';
import { LIMITS } from '../../../shared/limits';
import { asObject } from '../../../shared/records';

export const list = (value: unknown) => (Array.isArray(value) ? (value as string[]) : []);

/**
 * The rules of 4.14 that join several fields of the body (each field alone is checked by its row
 * in fields/post.ts). Pure: nothing is sent.
 */
export function checkCreateRules(
	checks: InputChecks,
	body: IDataObject,
	binaryProperties: string[],
): void {
	const accounts = list(body.accounts);
	const byCategory = body.content_category_id !== undefined;
	if (accounts.length === 0 && !byCategory) {
		checks.fail(
			'Accounts',
			'needs at least one account, or a Content Category whose accounts are used',
		);
	}
	if (asObject(body.scheduling).publish_type === 'content_category' && !byCategory)
		checks.fail('Content Category', 'is required when Publish Type is "Content Category"');
	const media = asObject(asObject(body.content).media);
	checks.maxItems(
		'Media Library Items and Input Binary Fields',
		[...list(media.media_ids), ...binaryProperties],
		LIMITS.mediaIds,
	);
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
}

/** Why approvers that include the key's own user are refused. */
export const NOT_THE_CREATOR = (ids: string[]) =>
	`may not include the post's creator (${ids.join(', ')}, the user of this API key); choose other team members`;
