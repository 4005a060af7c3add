// The Output option of list operations (n8n's guideline for tool nodes): Simplified, Raw or
// Selected Fields, checked before anything is sent.
import { DEMO } from '../../sandbox/demo-data.cts';
import { runNode } from '../harness/engine.cts';
import { useSandbox } from '../harness/sandbox.cts';
import { calls, inWorkspace } from '../library/fixtures.cts';
import { SIMPLIFIED_POST_KEYS } from './fixtures.cts';

const sandbox = useSandbox();

const run = (resource: string, rest: Record<string, unknown>) =>
	runNode({
		parameters: inWorkspace(resource, 'getAll', { limit: 2, ...rest }),
		credentials: sandbox.credentials(),
	});

test('Post > Get Many is Simplified by default: the fields an agent needs', async () => {
	const { output, error } = await run('post', {});
	expect(error).toBeUndefined();
	expect(output).toHaveLength(2);
	for (const item of output) {
		expect(Object.keys(item.json).sort()).toEqual(SIMPLIFIED_POST_KEYS);
	}
});

test('Raw: the records as the API returns them', async () => {
	const { output, error } = await run('post', { output: 'raw' });
	expect(error).toBeUndefined();
	expect(output[0].json).toHaveProperty('content.text');
	expect(output[0].json).toHaveProperty('scheduling.status');
});

test('Selected Fields: only those, nested as in the record; a missing one is null', async () => {
	const { output, error } = await run('post', {
		output: 'selected',
		fields: 'id, content.text, scheduling.status, no.such',
	});
	expect(error).toBeUndefined();
	const [first] = (await sandbox.control.requests()).map((request) => request.query);
	expect(first).toMatchObject({ per_page: '2' });
	for (const item of output) {
		expect(Object.keys(item.json).sort()).toEqual(['content', 'id', 'no', 'scheduling']);
		expect(Object.keys(item.json.content as object)).toEqual(['text']);
		expect(Object.keys(item.json.scheduling as object)).toEqual(['status']);
		expect(item.json.no).toEqual({ such: null });
	}
});

test('Team Member > Get Many, Simplified: by user ID, with name, e-mail and role', async () => {
	const { output, error } = await run('teamMember', { output: 'simplified' });
	expect(error).toBeUndefined();
	for (const item of output) {
		expect(Object.keys(item.json).sort()).toEqual(['email', 'id', 'name', 'role']);
	}
	const ids = output.map((item) => item.json.id);
	expect(ids.every((id) => Object.values(DEMO.users).some((user) => user.id === id))).toBe(true);
});

test.each([
	[
		'an unknown Output from an expression',
		{ output: '={{ "everything" }}' },
		'Output: "everything" is not one of "simplified", "raw", "selected"',
	],
	[
		'Selected Fields without fields',
		{ output: 'selected', fields: ' , ' },
		'Fields: is required when Output is "Selected Fields"',
	],
	[
		'Fields that are not text',
		{ output: 'selected', fields: '={{ ["id"] }}' },
		'Fields: must be text: field names separated by commas',
	],
])('%s is refused before anything is sent', async (_name, rest, message) => {
	const { error } = await run('post', rest);
	expect(error?.message).toBe(message);
	expect(await calls(sandbox.control)).toEqual([]);
});
