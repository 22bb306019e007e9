import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import { parse } from '@babel/parser';

/** One import of one file: what it names, where that resolves to, and the line, for the failure message. */
export interface ImportEdge {
  from: string;
  specifier: string;
  line: number;
  /** `import type`/`export type`: kept, since a type import ties the two files together just the same. */
  typeOnly: boolean;
  /** A repository path (posix, from the root), or the package's name for anything from node_modules. */
  target: { path: string } | { packageName: string } | { unresolved: true };
}

const SOURCE = /\.(ts|tsx)$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'build', '.react-router', 'migrations', 'locales']);

/** Every TypeScript file under `folders` (repository paths, posix). */
export function sourceFiles(root: string, folders: string[]): string[] {
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(join(root, folder))) {
      if (SKIPPED_FOLDERS.has(entry)) continue;
      const path = posix.join(folder, entry);
      if (statSync(join(root, path)).isDirectory()) walk(path);
      else if (SOURCE.test(entry)) files.push(path);
    }
  };
  for (const folder of folders) if (existsSync(join(root, folder))) walk(folder);
  return files.sort();
}

interface Specifier {
  value: string;
  line: number;
  typeOnly: boolean;
}

/** The module specifiers a source file names: imports, re-exports, import() and import('x').Type. */
export function specifiersOf(source: string, path: string): Specifier[] {
  const ast = parse(source, {
    sourceType: 'module',
    sourceFilename: path,
    plugins: ['typescript', ...(path.endsWith('.tsx') ? (['jsx'] as const) : [])],
  });
  const found: Specifier[] = [];
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    const current = node as AstNode;
    const specifier = specifierNamedBy(current);
    if (specifier) found.push(specifier);
    for (const child of childNodes(current)) visit(child);
  };
  visit(ast.program);
  return found;
}

/** A node's fields that hold nodes or lists of them, in order; positions (`loc`, `start`, `end`) are not nodes. */
function childNodes(node: AstNode): object[] {
  return Object.entries(node)
    .filter(([key, child]) => key !== 'loc' && key !== 'start' && key !== 'end' && child && typeof child === 'object')
    .map(([, child]) => child as object);
}

type AstNode = Record<string, unknown> & { type?: string; loc?: { start: { line: number } } };

/** The specifier one node names itself (not through its children), if it is an import, re-export or import type. */
function specifierNamedBy(node: AstNode): Specifier | null {
  const line = node.loc?.start.line ?? 0;
  const sourceNode = node.source as { value?: unknown } | null | undefined;
  if (isImportOrReExport(node) && typeof sourceNode?.value === 'string') {
    return { value: sourceNode.value, line, typeOnly: isTypeOnly(node) };
  }
  if (node.type === 'ImportExpression' || isImportCall(node)) {
    const argument = (node.source ?? (node.arguments as unknown[])?.[0]) as { value?: unknown } | undefined;
    return typeof argument?.value === 'string' ? { value: argument.value, line, typeOnly: false } : null;
  }
  if (node.type === 'TSImportType') {
    const argument = (node.argument as { literal?: { value?: unknown }; value?: unknown }) ?? {};
    const value = argument.literal?.value ?? argument.value;
    return typeof value === 'string' ? { value, line, typeOnly: true } : null;
  }
  return null;
}

function isImportOrReExport(node: AstNode) {
  return (
    node.type === 'ImportDeclaration' || node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration'
  );
}

function isImportCall(node: Record<string, unknown>) {
  return node.type === 'CallExpression' && (node.callee as { type?: string } | undefined)?.type === 'Import';
}

/** `import type { A }`, `export type { A }`, or every named import marked `type`. */
function isTypeOnly(node: Record<string, unknown>) {
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  const specifiers = node.specifiers as Array<{ importKind?: string; exportKind?: string }> | undefined;
  return Boolean(
    specifiers?.length && specifiers.every((item) => item.importKind === 'type' || item.exportKind === 'type'),
  );
}

/** package.json "imports" (like `#app-context`) mapped to repository paths. */
export function packageImports(root: string): Record<string, string> {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    imports?: Record<string, unknown>;
  };
  const map: Record<string, string> = {};
  for (const [name, target] of Object.entries(manifest.imports ?? {})) {
    if (typeof target === 'string') map[name] = posix.normalize(target);
  }
  return map;
}

const CANDIDATE_ENDINGS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

export function resolveSpecifier(
  root: string,
  from: string,
  specifier: string,
  aliases: Record<string, string>,
): ImportEdge['target'] {
  const aliased = aliases[specifier];
  if (aliased) return { path: aliased };
  if (!specifier.startsWith('.') && !specifier.startsWith('/')) {
    const parts = specifier.split('/');
    return { packageName: specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier) };
  }
  // A bundler query (`./icons.svg?no-inline`) names the same file.
  const base = posix.normalize(posix.join(dirname(from), specifier.replace(/\?.*$/, '')));
  for (const ending of CANDIDATE_ENDINGS) {
    const candidate = base + ending;
    if (existsSync(join(root, candidate)) && statSync(join(root, candidate)).isFile()) {
      return { path: relative(root, join(root, candidate)).split('\\').join('/') };
    }
  }
  return { unresolved: true };
}

/** Every import of every file under `folders`, resolved. */
export function importEdges(root: string, folders: string[]): ImportEdge[] {
  const aliases = packageImports(root);
  const edges: ImportEdge[] = [];
  for (const from of sourceFiles(root, folders)) {
    const source = readFileSync(join(root, from), 'utf8');
    for (const { value, line, typeOnly } of specifiersOf(source, from)) {
      edges.push({ from, specifier: value, line, typeOnly, target: resolveSpecifier(root, from, value, aliases) });
    }
  }
  return edges;
}
