// Post > Approve / Reject: by an approver (Maya, the `workspace` key, on posts waiting for her),
// by a user who is not one, and on a post that is not under review.
import { expectNoSecret, runNode } from '../harness/engine.cts';
import { useSandbox } from '../harness/sandbox.cts';
import { DEMO } from '../../sandbox/demo-data.cts';

import { inWorkspace } from '../library/fixtures.cts';
import { bodiesSent, POSTS } from '../post/fixtures.cts';

const sandbox = useSandbox();

beforeEach(async () => {
	await sandbox.control.clearRequests();
});

const approvalOf = (postId: string) => `${POSTS}/${postId}/approval`;
const P = DEMO.posts;

/** The post's approval as Get Many shows it afterwards. */
async function approvalStatusOf(postId: string) {
	const { output } = await runNode({
		parameters: inWorkspace('post', 'getAll', { returnAll: true }),
		credentials: sandbox.credentials('full'),
	});
	return output.find((item) => item.json.id === postId)?.json;
}

describe('by an approver', () => {
	test('Approve with a comment', async () => {
		const { output, error } = await runNode({
			parameters: inWorkspace('post', 'approve', {
				postId: P.pendingForMaya1,
				comment: 'Lovely, go.',
			}),
			credentials: sandbox.credentials('workspace'),
		});
		expect(error).toBeUndefined();
		expect(await bodiesSent(sandbox.control, 'POST', approvalOf(P.pendingForMaya1))).toEqual([
			{ action: 'approve', comment: 'Lovely, go.' },
		]);
		expect(output.map((item) => item.json)).toEqual([
			expect.objectContaining({
				post_id: P.pendingForMaya1,
				action: 'approve',
				comment: 'Lovely, go.',
			}),
		]);
		expect(await approvalStatusOf(P.pendingForMaya1)).toMatchObject({
			approval_status: 'completed_approval',
		});
	});

	test('Reject without a comment sends only the action', async () => {
		const { output, error } = await runNode({
			parameters: inWorkspace('post', 'reject', { postId: P.pendingForMaya2 }),
			credentials: sandbox.credentials('workspace'),
		});
		expect(error).toBeUndefined();
		expect(await bodiesSent(sandbox.control, 'POST', approvalOf(P.pendingForMaya2))).toEqual([
			{ action: 'reject' },
		]);
		expect(output[0].json).toMatchObject({ post_id: P.pendingForMaya2, action: 'reject' });
		expect(await approvalStatusOf(P.pendingForMaya2)).toMatchObject({
			approval_status: 'rejected_approval',
		});
	});
});

describe('refusals say what to do', () => {
	test('a user who is not an approver of the post: 403', async () => {
		const { error } = await runNode({
			parameters: inWorkspace('post', 'approve', { postId: P.pendingForAlex1 }),
			credentials: sandbox.credentials('workspace'),
		});
		expect(error?.httpCode).toBe('403');
		expect(error?.message).toMatch(/\(HTTP 403/);
		expect(error?.description).toMatch(/^Only an approver of this post can approve or reject it/);
		expect(error?.itemIndex).toBe(0);
		expectNoSecret(error, DEMO.keys.workspace);
	});

	test('a post that is no longer under review: 400', async () => {
		// Alex is an approver of the rejected post, which has left review.
		const { error } = await runNode({
			parameters: inWorkspace('post', 'reject', { postId: P.rejected }),
			credentials: sandbox.credentials('full'),
		});
		expect(error?.httpCode).toBe('400');
		expect(error?.description).toMatch(/^The post is probably not under review/);
	});

	test('with continueOnFail, each item gets its own outcome, paired', async () => {
		const { output, error } = await runNode({
			parameters: inWorkspace('post', 'approve', { postId: '={{ $json.post }}' }),
			items: [{ json: { post: P.pendingForAlex1 } }, { json: { post: P.pendingForMaya1 } }],
			credentials: sandbox.credentials('workspace'),
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(output).toHaveLength(2);
		expect(output[0].json).toMatchObject({
			error: expect.stringMatching(/HTTP 403/),
			description: expect.stringMatching(/^Only an approver/),
			httpCode: '403',
		});
		expect(output[0].pairedItem).toEqual({ item: 0 });
		expect(output[1].json).toMatchObject({ post_id: P.pendingForMaya1, action: 'approve' });
		expect(output[1].pairedItem).toEqual({ item: 1 });
	});
});
