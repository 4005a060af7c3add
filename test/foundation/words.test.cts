// The words a builder reads in the editor, as n8n loads them, and in the README, the guides and
// the examples' notes: what a field does rather than the JSON it is sent as, brands as the brands
// write them, n8n's UX rules (Title Case names, sentence case descriptions, "Whether ..." for
// booleans), descriptions short enough to read, and none of the words of the design.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import type {
	INodeProperties,
	INodePropertyCollection,
	INodePropertyOptions,
	INodeTypeDescription,
} from 'n8n-workflow';

import { loadPackage } from '../harness/engine.cts';

interface Words {
	where: string;
	name?: string;
	description?: string;
	action?: string;
	hint?: string;
	boolean: boolean;
	notice: boolean;
}

/** Every property and option of the nodes and the credential, nested ones included. */
async function everyWord(): Promise<Words[]> {
	const loader = await loadPackage();
	const words: Words[] = [];
	const visit = (entries: unknown[], where: string) => {
		for (const entry of entries) {
			const property = entry as Partial<
				INodeProperties & INodePropertyOptions & INodePropertyCollection
			>;
			const at = `${where} > ${property.displayName ?? property.name}`;
			words.push({
				where: at,
				name: property.displayName ?? (typeof property.name === 'string' ? property.name : ''),
				description: property.description,
				action: property.action,
				hint: property.hint,
				boolean: property.type === 'boolean',
				notice: property.type === 'notice',
			});
			if (Array.isArray(property.options)) visit(property.options, at);
			if (Array.isArray(property.values)) visit(property.values, at);
		}
	};
	for (const name of ['socialPublishing', 'socialPublishingTrigger']) {
		const node = loader.getNode(name).type.description as INodeTypeDescription;
		words.push({ where: name, description: node.description, boolean: false, notice: false });
		visit(node.properties, name);
	}
	visit(loader.getCredential('socialPublishingApi').type.properties, 'credential');
	return words;
}

/** Words a Title Case name keeps in lower case. */
const SMALL = new Set([
	'a',
	'an',
	'and',
	'by',
	'for',
	'from',
	'in',
	'of',
	'on',
	'or',
	'the',
	'to',
	'via',
]);

test('descriptions say what a field does, not the JSON path or key it is sent as', async () => {
	const wire = (await everyWord()).filter(({ description, action }) =>
		/\bsent as\b|\b[a-z]+_[a-z_]+\b|\[\]/i.test(`${description ?? ''} ${action ?? ''}`),
	);
	expect(wire.map(({ where, description }) => `${where}: ${description}`)).toEqual([]);
});

test('brands are written as the brands write them', async () => {
	const miscased =
		/\b(facebook|instagram|linkedin|tiktok|youtube|twitter|pinterest|bluesky|telegram|tumblr)\b|Linkedin|Tiktok|Youtube|Bluesky\b(?=[A-Z])/;
	const wrong = (await everyWord()).filter(({ name, description, action }) =>
		miscased.test(`${name ?? ''} ${description ?? ''} ${action ?? ''}`),
	);
	expect(wrong.map(({ where }) => where)).toEqual([]);
});

test('names are in Title Case, descriptions start with a capital, booleans say "Whether ..."', async () => {
	const words = await everyWord();
	const notTitle = words.filter(({ name, notice }) =>
		(notice ? '' : (name ?? '')).split(/[\s(]+/).some((word) => /^[a-z]/.test(word) && !SMALL.has(word)),
	);
	expect(notTitle.map(({ where }) => where)).toEqual([]);
	const lower = words.filter(({ description }) => description && !/^[A-Z"]/.test(description));
	expect(lower.map(({ where, description }) => `${where}: ${description}`)).toEqual([]);
	const booleans = words.filter(
		({ boolean, description }) => boolean && !description?.startsWith('Whether '),
	);
	expect(booleans.map(({ where, description }) => `${where}: ${description}`)).toEqual([]);
});

test('a description, hint or notice is at most 40 words; the rest goes to the guides', async () => {
	const long = (await everyWord()).flatMap(({ where, name, description, hint, notice }) =>
		[description, hint, notice ? name : undefined]
			.filter((text): text is string => !!text && text.split(/\s+/).length > 40)
			.map((text) => `${where}: ${text.split(/\s+/).length} words`),
	);
	expect(long).toEqual([]);
});

/** Words of the design that a builder does not know; the design notes in docs/design/ keep them. */
const DESIGN_WORDS = [
	/(?<!team[ -])\bmembers\b/i,
	/\bround marks?\b/i,
	/\bwatermarks?\b/i,
	/\brotation\b/i,
	/\blanes?\b/i,
	/\bplans?\b/i,
	/(?<!Business |Facebook )\bprofiles?\b(?!\.cts)/i,
	/\bgates?\b/i,
	/[?&][a-z_]+=/,
	/\bdotted paths?\b/i,
	/\bemit(s|ted|ting)?\b/i,
	/\bIANA\b/,
	/\bafter a 5xx\b/i,
];

/** The design words in one text, as found. */
function designWords(text: string): string[] {
	return DESIGN_WORDS.flatMap((word) => text.match(word)?.[0] ?? []);
}

const root = resolve(__dirname, '../..');

/** README, the guides a builder reads (the trigger's is its own, design notes are for maintainers). */
const GUIDES = [
	'README.md',
	...readdirSync(join(root, 'docs'))
		.filter((file) => file.endsWith('.md') && file !== 'trigger.md')
		.map((file) => `docs/${file}`),
];

/** The examples' sticky notes, which say what to set. */
function stickyNotes(): { where: string; text: string }[] {
	return readdirSync(join(root, 'examples')).flatMap((file) => {
		const { nodes } = JSON.parse(readFileSync(join(root, 'examples', file), 'utf8')) as {
			nodes: { name: string; type: string; parameters: { content?: string } }[];
		};
		return nodes
			.filter(({ type }) => type === 'n8n-nodes-base.stickyNote')
			.map(({ name, parameters }) => ({ where: `${file} > ${name}`, text: parameters.content ?? '' }));
	});
}

describe('words of the design', () => {
	it('are found in a sentence that has one, and none in one that has none', () => {
		expect(
			designWords(
				'Its members, a round mark, the watermark, the rotation, a lane, the plan, every profile, ' +
					'one gate, ?status=draft, dotted paths, emits, an IANA zone. After a 5xx, it stops.',
			),
		).toHaveLength(DESIGN_WORDS.length);
		expect(
			designWords(
				'Team members, team-members, Google Business Profile, a Facebook Profile, sandbox/profile.cts, Planned At.',
			),
		).toEqual([]);
	});

	it('reach the builder nowhere: README, guides, sticky notes, or the editor', async () => {
		const texts = [
			...GUIDES.flatMap((file) =>
				readFileSync(join(root, file), 'utf8')
					.split('\n')
					.map((text, line) => ({ where: `${file}:${line + 1}`, text })),
			),
			...stickyNotes(),
			...(await everyWord()).map(({ where, name, description, action, hint }) => ({
				where,
				text: [name, description, action, hint].filter(Boolean).join(' '),
			})),
		];
		const found = texts.flatMap(({ where, text }) =>
			designWords(text).map((word) => `${where}: ${word}`),
		);
		expect(found).toEqual([]);
	});
});
