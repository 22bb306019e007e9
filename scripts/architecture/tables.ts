import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from '@babel/parser';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { sourceFiles } from './imports.ts';
import { placeOf } from './rules.ts';

/**
 * The data half of the module boundaries (DESIGN.md "Data ownership"): which module owns each table, and the
 * two ways a module could still reach another's table once imports are checked: an index.ts that hands a
 * table out, and SQL text that names one.
 */

/** The one table handed out of its module: better-auth's drizzle adapter keeps sign-in fields in users' rows. */
export const HANDED_OUT_TABLES: ReadonlyArray<{ module: string; name: string; usedOnlyBy: string }> = [
  { module: 'users', name: 'authLibraryUsersTable', usedOnlyBy: 'server/modules/auth/library.ts' },
];

const isSchemaFile = (path: string) => {
  const place = placeOf(path);
  return place.area === 'server' && place.part === 'module' && place.role === 'schema';
};

/** Table name -> the module whose schema file declares it. */
export async function tableOwners(root: string): Promise<Map<string, string>> {
  const owners = new Map<string, string>();
  for (const path of sourceFiles(root, ['server/modules']).filter(isSchemaFile)) {
    const module = path.split('/')[2] ?? '';
    const exports = (await import(pathToFileURL(join(root, path)).href)) as Record<string, unknown>;
    for (const value of Object.values(exports)) if (is(value, PgTable)) owners.set(getTableName(value), module);
  }
  return owners;
}

/** The names of what a module's index.ts exports that is a table. */
export async function exportedTables(root: string, module: string): Promise<string[]> {
  const exports = (await import(pathToFileURL(join(root, `server/modules/${module}/index.ts`)).href)) as Record<
    string,
    unknown
  >;
  return Object.entries(exports)
    .filter(([, value]) => is(value, PgTable))
    .map(([name]) => name);
}

/** Tables a source file names in SQL text (template literals and strings): `from x`, `join x`, `update x`... */
export function tablesNamedInSql(source: string, path: string): string[] {
  const named = new Set<string>();
  for (const text of sqlTexts(source, path)) {
    for (const match of text.matchAll(/\b(?:from|join|update|into|table)\s+"?([a-z_][a-z0-9_]*)"?/gi)) {
      named.add((match[1] ?? '').toLowerCase());
    }
  }
  return [...named];
}

function sqlTexts(source: string, path: string): string[] {
  const ast = parse(source, {
    sourceType: 'module',
    sourceFilename: path,
    plugins: ['typescript', ...(path.endsWith('.tsx') ? (['jsx'] as const) : [])],
  });
  const texts: string[] = [];
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(visit);
    const current = node as SqlAstNode;
    const text = literalText(current);
    if (text !== null) texts.push(text);
    if (isImportFrom(current)) return visit(current.declaration);
    for (const [key, child] of Object.entries(current)) if (!NOT_SEARCHED_KEYS.has(key)) visit(child);
  };
  visit(ast.program);
  return texts;
}

type SqlAstNode = { type?: string; value?: unknown; [key: string]: unknown };

/** Positions are not nodes, and an import's or re-export's module specifier is a path, not SQL. */
const NOT_SEARCHED_KEYS = new Set(['loc', 'start', 'end', 'source']);

/** The text of a template literal's piece or of a string literal. */
function literalText(node: SqlAstNode): string | null {
  if (node.type === 'TemplateElement') return (node.value as { raw: string }).raw;
  if (node.type === 'StringLiteral' && typeof node.value === 'string') return node.value;
  return null;
}

/** `import ... from '...'` or `export ... from '...'`: it names modules, not tables. */
function isImportFrom(node: SqlAstNode) {
  return (node.type === 'ImportDeclaration' || node.type === 'ExportNamedDeclaration') && Boolean(node.source);
}

/** Every module source file (not its tests) that names in SQL a table another module owns. */
export function foreignTablesInSql(root: string, owners: Map<string, string>): string[] {
  const violations: string[] = [];
  for (const path of sourceFiles(root, ['server/modules'])) {
    const place = placeOf(path);
    if (place.area !== 'server' || place.part !== 'module' || place.role === 'test') continue;
    for (const table of tablesNamedInSql(readFileSync(join(root, path), 'utf8'), path)) {
      const owner = owners.get(table);
      if (owner && owner !== place.module) violations.push(`${path} names ${owner}'s table "${table}" in SQL`);
    }
  }
  return violations;
}
