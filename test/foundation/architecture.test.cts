// The layers hold by structure, not by review, checked over the import graph and the references of
// the source:
// - an operation file (actions/**/*.operation.ts) is a plan: neither it nor any module it reaches
//   through value imports gets `writer`, the one way to create, change or delete, which only the
//   router hands to a plan's send once every item's plan stands. Every form of import counts: by
//   name, a namespace (`import * as api`), `require`, `import()`, `import x = require()`, and a
//   module that re-exports it;
// - the transport knows HTTP and the quota: it reads no node parameter, neither in its own code nor
//   in any function it names (imports and calls), however deep; it reaches no node code but its own
//   and the plain records helpers; and no function of it runs past 60 lines.
// What the transport is handed at run time (a context, a callback) is the caller's: the API layer
// reads the node's Options (nodes/shared/options.ts) and passes the transport plain numbers.
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
	/** Every export at once: a namespace, `require`, `import()`, `import =` or `export *`. */
	whole: boolean;
	typeOnly: boolean;
}

/** A relative import's file: `x.ts`, or `x/index.ts` for a folder. */
const resolveModule = (path: string) =>
	existsSync(`${path}.ts`) ? `${path}.ts` : join(path, 'index.ts');

function parse(file: string, text = readFileSync(file, 'utf8')): ts.SourceFile {
	return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
}

const target = (from: string, specifier: string) =>
	specifier.startsWith('.') ? resolveModule(resolve(dirname(from), specifier)) : undefined;

/** A `require('x')` or `import('x')` call's module name. */
function calledModule(node: ts.Node): string | undefined {
	if (!ts.isCallExpression(node) || !node.arguments[0]) return undefined;
	const callee = node.expression;
	const loads =
		callee.kind === ts.SyntaxKind.ImportKeyword ||
		(ts.isIdentifier(callee) && callee.text === 'require');
	return loads && ts.isStringLiteralLike(node.arguments[0]) ? node.arguments[0].text : undefined;
}

/** The imports and re-exports of a source, each with the names it brings in as values. */
function importsIn(source: ts.SourceFile): Import[] {
	const imports: Import[] = [];
	const file = source.fileName;
	const visit = (node: ts.Node): void => {
		const called = calledModule(node);
		if (called)
			imports.push({ file: target(file, called), values: [], whole: true, typeOnly: false });
		if (
			ts.isImportEqualsDeclaration(node) &&
			ts.isExternalModuleReference(node.moduleReference) &&
			ts.isStringLiteral(node.moduleReference.expression)
		) {
			const specifier = node.moduleReference.expression.text;
			imports.push({
				file: target(file, specifier),
				values: [],
				whole: true,
				typeOnly: node.isTypeOnly,
			});
			return;
		}
		const isImport = ts.isImportDeclaration(node);
		if (!isImport && !ts.isExportDeclaration(node)) {
			ts.forEachChild(node, visit);
			return;
		}
		const specifier = node.moduleSpecifier;
		if (!specifier || !ts.isStringLiteral(specifier)) return;
		const clause = isImport ? node.importClause : undefined;
		const typeOnly = isImport ? (clause?.isTypeOnly ?? false) : node.isTypeOnly;
		const bindings = isImport ? clause?.namedBindings : node.exportClause;
		const values =
			bindings && (ts.isNamedImports(bindings) || ts.isNamedExports(bindings))
				? bindings.elements
						.filter((element) => !element.isTypeOnly)
						.map((element) => (element.propertyName ?? element.name).text)
				: [];
		if (clause?.name) values.push('default');
		const whole = isImport
			? !!bindings && ts.isNamespaceImport(bindings)
			: !bindings || ts.isNamespaceExport(bindings);
		imports.push({ file: target(file, specifier.text), values, whole, typeOnly });
	};
	visit(source);
	return imports;
}

const importsByFile = new Map<string, Import[]>();
function importsOf(file: string): Import[] {
	const known = importsByFile.get(file) ?? importsIn(parse(file));
	importsByFile.set(file, known);
	return known;
}

/** The files `file` reaches through value imports of any form, itself included. */
function reached(file: string, seen = new Set<string>()): Set<string> {
	if (seen.has(file)) return seen;
	seen.add(file);
	for (const { file: next, typeOnly } of importsOf(file)) {
		if (next && !typeOnly) reached(next, seen);
	}
	return seen;
}

const hasExport = (node: ts.Node) =>
	ts.canHaveModifiers(node) &&
	(ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);

/** Whether `file` exports `name`: declared so, or passed on by name or with `export *`. */
function exportsName(file: string, name: string, seen = new Set<string>()): boolean {
	if (seen.has(file) || !existsSync(file)) return false;
	seen.add(file);
	return parse(file).statements.some((statement) => {
		if (ts.isVariableStatement(statement) && hasExport(statement))
			return statement.declarationList.declarations.some(
				(declaration) => ts.isIdentifier(declaration.name) && declaration.name.text === name,
			);
		if (
			(ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) &&
			hasExport(statement)
		)
			return statement.name?.text === name;
		if (!ts.isExportDeclaration(statement) || statement.isTypeOnly) return false;
		const from =
			statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)
				? target(file, statement.moduleSpecifier.text)
				: undefined;
		const clause = statement.exportClause;
		if (!clause) return !!from && exportsName(from, name, seen);
		return (
			ts.isNamedExports(clause) && clause.elements.some((element) => element.name.text === name)
		);
	});
}

/** Whether an import hands over `name`: by name, or a whole module that exports it. */
const bringsIn = ({ file, values, whole, typeOnly }: Import, name: string) =>
	!typeOnly && (values.includes(name) || (whole && !!file && exportsName(file, name)));

const shown = (file: string) => relative(ROOT, file);
const FILES = sourceFiles(NODES);
const OPERATIONS = FILES.filter((file) => file.endsWith('.operation.ts'));
const TRANSPORT_FOLDER = join(NODES, 'shared', 'transport');
const TRANSPORT = FILES.filter((file) => file.startsWith(`${TRANSPORT_FOLDER}/`));
/** Node code the transport may use: plain helpers on records, which read nothing of the node. */
const TRANSPORT_HELPERS = [join(NODES, 'shared', 'records.ts')];

/** Where `operation` gets writer: the files that import it, by what they import. */
function writerIn(operation: string): string[] {
	return [...reached(operation)].flatMap((file) =>
		importsOf(file)
			.filter((imported) => bringsIn(imported, 'writer'))
			.map(() => `${shown(operation)} reaches writer through ${shown(file)}`),
	);
}

test('the operations are found: one file per operation', () => {
	expect(OPERATIONS.length).toBeGreaterThanOrEqual(20);
	expect(OPERATIONS.every((file) => file.includes(join('SocialPublishing', 'actions')))).toBe(true);
});

test('the import graph sees writer however it is imported, and only where it is', () => {
	const operation = join(NODES, 'SocialPublishing', 'actions', 'post', 'probe.operation.ts');
	const api = "'../../../shared/api'";
	const gets = (text: string) =>
		importsIn(parse(operation, text)).filter((imported) => bringsIn(imported, 'writer')).length;
	expect(gets(`import { writer } from ${api};`)).toBe(1);
	expect(gets(`import { writer as write } from ${api};`)).toBe(1);
	expect(gets(`import * as api from ${api}; api.writer(this);`)).toBe(1);
	expect(gets(`const api = require(${api}); api.writer(this);`)).toBe(1);
	expect(gets(`export const later = async () => (await import(${api})).writer;`)).toBe(1);
	expect(gets(`import api = require(${api});`)).toBe(1);
	expect(gets(`export * from ${api};`)).toBe(1);
	expect(gets(`import { getList } from ${api};`)).toBe(0);
	expect(gets(`import type { Writer } from ${api};`)).toBe(0);
	expect(gets(`import type * as api from ${api};`)).toBe(0);
	expect(gets(`import * as ids from '../../../shared/ids';`)).toBe(0);
	// The router is the one place that may: the check finds it there.
	expect(writerIn(join(NODES, 'SocialPublishing', 'actions', 'router.ts'))).toEqual([
		'nodes/SocialPublishing/actions/router.ts reaches writer through nodes/SocialPublishing/actions/router.ts',
	]);
});

test('no operation file reaches `writer`: a plan cannot write', () => {
	expect(OPERATIONS.flatMap(writerIn)).toEqual([]);
});

test('the transport reaches no node code but its own and the records helpers', () => {
	const outside = TRANSPORT.flatMap((file) =>
		[...reached(file)]
			.filter((next) => next.startsWith(`${NODES}/`) && !next.startsWith(`${TRANSPORT_FOLDER}/`))
			.filter((next) => !TRANSPORT_HELPERS.includes(next))
			.map((next) => `${shown(file)} reaches ${shown(next)}`),
	);
	expect(outside).toEqual([]);
});

const PARAMETER_READS = ['getNodeParameter', 'getCurrentNodeParameter'];

/** Declarations that are code the transport may run (not types), in this package's source. */
function isOurCode(declaration: ts.Declaration): boolean {
	const file = declaration.getSourceFile();
	return (
		!file.isDeclarationFile &&
		!file.fileName.includes('node_modules') &&
		file.fileName.startsWith(ROOT) &&
		!ts.isSourceFile(declaration) &&
		!ts.isModuleDeclaration(declaration) &&
		!ts.isInterfaceDeclaration(declaration) &&
		!ts.isTypeAliasDeclaration(declaration) &&
		!ts.isTypeParameterDeclaration(declaration) &&
		!ts.isPropertySignature(declaration) &&
		!ts.isMethodSignature(declaration)
	);
}

/** Whether `inner` is part of `outer`'s code, and so read with it. */
const within = (inner: ts.Node, outer: ts.Node) =>
	inner.getSourceFile() === outer.getSourceFile() &&
	inner.pos >= outer.pos &&
	inner.end <= outer.end;

/**
 * Where code reachable from `roots` reads a node parameter: their own code, then every declaration
 * of this package that they name (functions they call or pass on, constants, classes), and the
 * declarations those name, to the end. A module loaded with `require` or `import()` counts whole.
 */
function parameterReads(program: ts.Program, roots: string[]): string[] {
	const checker = program.getTypeChecker();
	const seen = new Set<ts.Node>();
	const found: string[] = [];
	const queue = roots.map((root) => {
		const node = program.getSourceFile(root) as ts.SourceFile;
		return { node: node as ts.Node, path: shown(root) };
	});
	const label = (node: ts.Node) => {
		const name = (node as { name?: ts.Node }).name;
		const line = node.getSourceFile().getLineAndCharacterOfPosition(node.getStart()).line + 1;
		return `${name ? name.getText() : '(code)'} (${shown(node.getSourceFile().fileName)}:${line})`;
	};
	const follow = (node: ts.Node, path: string) => {
		if (seen.has(node)) return;
		seen.add(node);
		queue.push({ node, path: `${path} → ${label(node)}` });
	};
	for (let next = queue.shift(); next; next = queue.shift()) {
		const { node, path } = next;
		const visit = (child: ts.Node): void => {
			if (
				ts.isTypeNode(child) ||
				ts.isInterfaceDeclaration(child) ||
				ts.isTypeAliasDeclaration(child)
			)
				return;
			if (ts.isImportDeclaration(child) || ts.isExportDeclaration(child)) return;
			if (
				(ts.isIdentifier(child) || ts.isStringLiteralLike(child)) &&
				PARAMETER_READS.includes(child.text)
			) {
				const line = child.getSourceFile().getLineAndCharacterOfPosition(child.getStart()).line + 1;
				found.push(
					`${path} reads ${child.text} at ${shown(child.getSourceFile().fileName)}:${line}`,
				);
			}
			const called = calledModule(child);
			const loaded = called && target(child.getSourceFile().fileName, called);
			if (loaded) {
				const file = program.getSourceFile(loaded);
				if (file) follow(file, path);
			}
			if (ts.isIdentifier(child)) {
				let symbol = checker.getSymbolAtLocation(child);
				if (symbol && symbol.flags & ts.SymbolFlags.Alias)
					symbol = checker.getAliasedSymbol(symbol);
				for (const declaration of symbol?.declarations ?? []) {
					if (isOurCode(declaration) && !within(declaration, node)) follow(declaration, path);
				}
			}
			ts.forEachChild(child, visit);
		};
		if (ts.isSourceFile(node)) node.statements.forEach(visit);
		else visit(node);
	}
	return found;
}

/** The package's source as tsc sees it, with `extra` files (a path and its text) beside it. */
function programOf(roots: string[], extra: Record<string, string> = {}): ts.Program {
	const options: ts.CompilerOptions = {
		strict: true,
		module: ts.ModuleKind.CommonJS,
		moduleResolution: ts.ModuleResolutionKind.Node10,
		target: ts.ScriptTarget.ES2019,
		esModuleInterop: true,
		skipLibCheck: true,
		noEmit: true,
	};
	const host = ts.createCompilerHost(options);
	const { getSourceFile, fileExists, readFile } = host;
	host.fileExists = (file) => file in extra || fileExists.call(host, file);
	host.readFile = (file) => extra[file] ?? readFile.call(host, file);
	host.getSourceFile = (file, language, ...rest) =>
		file in extra
			? ts.createSourceFile(file, extra[file], language, true)
			: getSourceFile.call(host, file, language, ...rest);
	return ts.createProgram([...roots, ...Object.keys(extra)], options, host);
}

/** Two transport files that are not there: one calls what reads a parameter, one does not. */
const PROBE = join(TRANSPORT_FOLDER, 'probe.ts');
const CALM = join(TRANSPORT_FOLDER, 'calm.ts');
let program: ts.Program | undefined;
/** One program for both checks below: tsc reads n8n-workflow's types once. */
const transportProgram = () =>
	(program ??= programOf(TRANSPORT, {
		// boundsOf (options.ts) reads the node's Options itself, and through optionsOf.
		[PROBE]:
			"import { boundsOf } from '../options';\nexport const probe = (ctx: never) => boundsOf(ctx);\n",
		[CALM]:
			"import { asObject } from '../records';\nexport const calm = (value: unknown) => asObject(value);\n",
	}));

test('the parameter check follows what the transport calls, however deep', () => {
	const found = parameterReads(transportProgram(), [PROBE]).map((line) =>
		line.replace(/:\d+/g, ''),
	);
	expect(found.sort()).toEqual([
		'nodes/shared/transport/probe.ts → boundsOf (nodes/shared/options.ts) reads getNodeParameter at nodes/shared/options.ts',
		'nodes/shared/transport/probe.ts → boundsOf (nodes/shared/options.ts) → optionsOf (nodes/shared/options.ts) reads getNodeParameter at nodes/shared/options.ts',
	]);
	expect(parameterReads(transportProgram(), [CALM])).toEqual([]);
});

test('the transport reads no node parameter, nor does anything it calls', () => {
	expect(parameterReads(transportProgram(), TRANSPORT)).toEqual([]);
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
