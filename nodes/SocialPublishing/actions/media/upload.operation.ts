import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { param, workspace, workspaceIdOf } from '../../fields/common';
import { readField } from '../../fields/field';
import { binaryPropertyName, folderId, uploadSource, uploadUrl } from '../../fields/upload';
import { property } from '../../fields/ui';
import { InputChecks } from '../../fields/checks';
import { binaryUpload, urlUpload } from '../../helpers/media';
import { nodeOptions, onServerErrorOption, optionsOf } from '../../../shared/options';
import type { Plan } from '../resource';

export const description: INodeProperties[] = [
	...[workspace, uploadSource, binaryPropertyName, uploadUrl].map(property),
	nodeOptions(property(folderId), onServerErrorOption),
];

export async function plan(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	const options = optionsOf(this, itemIndex);
	const checks = new InputChecks(this, itemIndex);
	const folder = readField(checks, folderId, options.folderId, '') as string | undefined;
	if (param(this, itemIndex, uploadSource) === 'binary') {
		const binaryProperty = param(this, itemIndex, binaryPropertyName) as string;
		const workspaceId = workspaceIdOf(this, itemIndex);
		return { send: await binaryUpload.call(this, itemIndex, workspaceId, binaryProperty, folder) };
	}
	const url = param(this, itemIndex, uploadUrl) as string;
	const workspaceId = workspaceIdOf(this, itemIndex);
	return { send: urlUpload.call(this, itemIndex, workspaceId, url, folder) };
}
