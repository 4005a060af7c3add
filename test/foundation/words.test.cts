// The words a builder reads in the editor, as n8n loads them: what a field does rather than the
// JSON it is sent as, brands as the brands write them, and n8n's UX rules (Title Case names,
// sentence case descriptions, "Whether ..." for booleans).
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
	boolean: boolean;
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
				boolean: property.type === 'boolean',
			});
			if (Array.isArray(property.options)) visit(property.options, at);
			if (Array.isArray(property.values)) visit(property.values, at);
		}
	};
	for (const name of ['socialPublishing', 'socialPublishingTrigger']) {
		visit((loader.getNode(name).type.description as INodeTypeDescription).properties, name);
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
	const notTitle = words.filter(({ name }) =>
		(name ?? '').split(/[\s(]+/).some((word) => /^[a-z]/.test(word) && !SMALL.has(word)),
	);
	expect(notTitle.map(({ where }) => where)).toEqual([]);
	const lower = words.filter(({ description }) => description && !/^[A-Z"]/.test(description));
	expect(lower.map(({ where, description }) => `${where}: ${description}`)).toEqual([]);
	const booleans = words.filter(
		({ boolean, description }) => boolean && !description?.startsWith('Whether '),
	);
	expect(booleans.map(({ where, description }) => `${where}: ${description}`)).toEqual([]);
});
