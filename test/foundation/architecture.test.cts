// The layers hold by structure, not by review, checked over the import graph of the source:
// - an operation file (actions/**/*.operation.ts) is a plan: neither it nor any module it reaches
//   through value imports imports `writer`, the one way to create, change or delete, which only
//   the router hands to a plan's send once every item's plan stands;
// - the transport knows HTTP and the quota: it reads no node parameter, imports nothing from the
//   node folders, and no function of it runs past 60 lines.
import { existsSync, readdirSync, readFileSync } from 'fs';
import { dirname, join, relative, resolve } from 'path';
import * as ts from 'typescript';

const ROOT = resolve(__dirname, '../..');
const NODES = join(ROOT, 'nodes');

function sourceFiles(folder: string): string[] {
	return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
		const path = join(folder, entry.name);
		if (entry.isDirectory()) return sourceFiles(path);
		return entry.name.endsWith('.ts') ? [path] : [];
	});
}

interface Import {
	/** The imported file, resolved; undefined for a package. */
	file?: string;
	/** The names imported as values (not `import type`). */
	values: string[];
	typeOnly: boolean;
}

/** A relative import's file: `x.ts`, or `x/index.ts` for a folder. */
const resolveModule = (path: string) =>
	existsSync(`${path}.ts`) ? `${path}.ts` : join(path, 'index.ts');

function parse(file: string): ts.SourceFile {
	return ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
}

const importsByFile = new Map<string, Import[]>();

/** The imports and re-exports of a file, each with the names it brings in as values. */
function importsOf(file: string): Import[] {
	const known = importsByFile.get(file);
	if (known) return known;
	const imports: Import[] = [];
	importsByFile.set(file, imports);
	for (const statement of parse(file).statements) {
		const isImport = ts.isImportDeclaration(statement);
		if (!isImport && !ts.isExportDeclaration(statement)) continue;
		const specifier = statement.moduleSpecifier;
		if (!specifier || !ts.isStringLiteral(specifier)) continue;
		const target = specifier.text.startsWith('.')
			? resolveModule(resolve(dirname(file), specifier.text))
			: undefined;
		const typeOnly = isImport
			? (statement.importClause?.isTypeOnly ?? false)
			: statement.isTypeOnly;
		const bindings = isImport ? statement.importClause?.namedBindings : statement.exportClause;
		const values =
			bindings && (ts.isNamedImports(bindings) || ts.isNamedExports(bindings))
				? bindings.elements
						.filter((element) => !element.isTypeOnly)
						.map((element) => (element.propertyName ?? element.name).text)
				: [];
		imports.push({ file: target, values, typeOnly });
	}
	return imports;
}

/** The files `file` reaches through value imports, itself included. */
function reached(file: string, seen = new Set<string>()): Set<string> {
	if (seen.has(file)) return seen;
	seen.add(file);
	for (const { file: target, typeOnly } of importsOf(file)) {
		if (target && !typeOnly) reached(target, seen);
	}
	return seen;
}

const shown = (file: string) => relative(ROOT, file);
const FILES = sourceFiles(NODES);
const OPERATIONS = FILES.filter((file) => file.endsWith('.operation.ts'));
const TRANSPORT = FILES.filter((file) => file.includes(`${join('shared', 'transport')}/`));

test('the operations are found: one file per operation', () => {
	expect(OPERATIONS.length).toBeGreaterThanOrEqual(20);
	expect(OPERATIONS.every((file) => file.includes(join('SocialPublishing', 'actions')))).toBe(true);
});

test('no operation file reaches `writer`: a plan cannot write', () => {
	const writers = OPERATIONS.flatMap((operation) =>
		[...reached(operation)].flatMap((file) =>
			importsOf(file)
				.filter(({ values, typeOnly }) => !typeOnly && values.includes('writer'))
				.map(() => `${shown(operation)} reaches writer through ${shown(file)}`),
		),
	);
	expect(writers).toEqual([]);
});

test('the transport imports nothing from the node folders', () => {
	const upward = TRANSPORT.flatMap((file) =>
		importsOf(file)
			.filter(({ file: target }) => target && !target.startsWith(join(NODES, 'shared')))
			.filter(({ file: target }) => target?.startsWith(NODES))
			.map(({ file: target }) => `${shown(file)} imports ${shown(target as string)}`),
	);
	expect(upward).toEqual([]);
});

test('the transport reads no node parameter', () => {
	const readers = TRANSPORT.filter((file) =>
		/getNodeParameter|getCurrentNodeParameter/.test(readFileSync(file, 'utf8')),
	).map(shown);
	expect(readers).toEqual([]);
});

test('no function of the transport runs past 60 lines', () => {
	const long: string[] = [];
	for (const file of TRANSPORT) {
		const source = parse(file);
		const visit = (node: ts.Node) => {
			if (ts.isFunctionLike(node) && 'body' in node && node.body) {
				const start = source.getLineAndCharacterOfPosition(node.getStart()).line;
				const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
				if (end - start + 1 > 60)
					long.push(`${shown(file)}:${start + 1} (${end - start + 1} lines)`);
			}
			ts.forEachChild(node, visit);
		};
		visit(source);
	}
	expect(long).toEqual([]);
});
