import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { currentBoundaryOverrides, NO_IMPORT_CYCLES } from './architecture/biome-config.ts';
import { boundaryOverrides } from './architecture/biome-overrides.ts';
import { findCycles } from './architecture/cycles.ts';
import { type ImportEdge, importEdges, sourceFiles } from './architecture/imports.ts';
import { brokenRules, MODULE_TIERS, placeOf, tierOf } from './architecture/rules.ts';
import {
  exportedTables,
  foreignTablesInSql,
  HANDED_OUT_TABLES,
  tableOwners,
  tablesNamedInSql,
} from './architecture/tables.ts';

/**
 * The import rules of DESIGN.md, checked on the code itself (independently of biome.json): every import in
 * app/, server/ and contract/, type imports included, against scripts/architecture/rules.ts.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const edges = importEdges(root, ['app', 'server', 'contract']);
const where = (edge: ImportEdge) => `${edge.from}:${edge.line} imports '${edge.specifier}'`;
const resolvedPath = (edge: ImportEdge) => ('path' in edge.target ? edge.target.path : null);

const isSchema = (path: string) => {
  const place = placeOf(path);
  return place.area === 'server' && place.part === 'module' && place.role === 'schema';
};
const isTableReference = (from: string, to: string) => isSchema(from) && isSchema(to);

function moduleOf(path: string) {
  const place = placeOf(path);
  return place.area === 'server' && place.part === 'module' ? place.module : null;
}

describe('module boundaries', () => {
  it('finds the imports (the walk and the parser work)', () => {
    expect(edges.length).toBeGreaterThan(300);
    expect(edges.some((edge) => edge.typeOnly)).toBe(true);
    expect(edges.some((edge) => resolvedPath(edge) === 'app/context.ts')).toBe(true);
  });

  it('lists every module of server/modules in the module order', () => {
    const folder = join(root, 'server/modules');
    const modules = readdirSync(folder).filter((name) => statSync(join(folder, name)).isDirectory());
    expect(modules.filter((name) => tierOf(name) < 0)).toEqual([]);
  });

  it('resolves every relative import', () => {
    const unresolved = edges.filter((edge) => 'unresolved' in edge.target && !edge.specifier.startsWith('./+types/'));
    expect(unresolved.map(where)).toEqual([]);
  });

  it('has no import that breaks a rule', () => {
    const violations = edges.flatMap((edge) =>
      'unresolved' in edge.target ? [] : brokenRules(edge.from, edge.target).map((rule) => `${where(edge)}: ${rule}`),
    );
    expect(violations).toEqual([]);
  });

  it('has no import cycle, type imports included', () => {
    const graph = new Map<string, Set<string>>();
    for (const edge of edges) {
      const to = resolvedPath(edge);
      if (!to) continue;
      if (!graph.has(edge.from)) graph.set(edge.from, new Set());
      graph.get(edge.from)?.add(to);
    }
    expect(findCycles(graph).map((cycle) => cycle.join(' -> '))).toEqual([]);
  });

  it('has no cycle between modules (a foreign key between two schema files is data, not a dependency)', () => {
    const graph = new Map<string, Set<string>>();
    const example = new Map<string, string>();
    for (const edge of edges) {
      const to = resolvedPath(edge);
      const [fromModule, toModule] = [moduleOf(edge.from), to && moduleOf(to)];
      if (!fromModule || !toModule || fromModule === toModule || (to && isTableReference(edge.from, to))) continue;
      if (!graph.has(fromModule)) graph.set(fromModule, new Set());
      graph.get(fromModule)?.add(toModule);
      example.set(`${fromModule}>${toModule}`, where(edge));
    }
    const cycles = findCycles(graph).map((cycle) =>
      cycle
        .slice(1)
        .map((module, index) => example.get(`${cycle[index]}>${module}`))
        .join('; '),
    );
    expect(cycles).toEqual([]);
  });

  it('keeps biome.json in step with the rules (npm run lint:boundaries rewrites it)', () => {
    const config = JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8'));
    expect(config.linter.rules.suspicious.noImportCycles).toEqual(NO_IMPORT_CYCLES);
    expect(currentBoundaryOverrides(config)).toEqual(boundaryOverrides());
  });
});

describe('data ownership', () => {
  it('gives every table one owning module', async () => {
    const owners = await tableOwners(root);
    expect(owners.size).toBeGreaterThan(40);
    expect(owners.get('items')).toBe('items');
    expect(owners.get('app_settings')).toBe('settings');
  });

  it("has no index.ts that hands out a table (a module reaches another's data through fragments and commands)", async () => {
    const handedOut: string[] = [];
    for (const module of MODULE_TIERS.flat()) {
      if (!existsSync(join(root, 'server/modules', module, 'index.ts'))) continue;
      for (const name of await exportedTables(root, module)) handedOut.push(`${module}.${name}`);
    }
    expect(handedOut).toEqual(HANDED_OUT_TABLES.map(({ module, name }) => `${module}.${name}`));
  });

  it('uses a handed-out table only where it is handed to', () => {
    const users = HANDED_OUT_TABLES.flatMap(({ name, usedOnlyBy }) =>
      sourceFiles(root, ['server', 'scripts', 'bench'])
        .filter((path) => path !== usedOnlyBy && !path.endsWith('/index.ts') && !path.includes('architecture'))
        .filter((path) => readFileSync(join(root, path), 'utf8').includes(name))
        .map((path) => `${path} uses ${name}`),
    );
    expect(users).toEqual([]);
  });

  it('finds the tables SQL text names', () => {
    const source = `const q = sql\`select 1 from "favourites" join items on true\`; db.execute("update users set a = 1");`;
    expect(tablesNamedInSql(source, 'example.ts').sort()).toEqual(['favourites', 'items', 'users']);
  });

  it("has no module SQL naming another module's table", async () => {
    expect(foreignTablesInSql(root, await tableOwners(root))).toEqual([]);
  });
});

describe('the rules', () => {
  const forbidden: Array<[string, string | { packageName: string }]> = [
    ['app/routes/home/dashboard.tsx', 'server/services.ts'],
    ['app/features/accounts/profile-view.tsx', 'server/modules/users/index.ts'],
    ['app/context.ts', 'server/modules/auth/index.ts'],
    ['app/context.ts', 'app/lib/form-errors.ts'],
    ['app/features/accounts/code-entry.tsx', 'app/features/shell/header.tsx'],
    ['app/features/accounts/code-entry.tsx', 'app/routes/auth/login.tsx'],
    ['app/lib/meta.ts', 'app/features/shell/header.tsx'],
    ['contract/users.ts', 'server/kernel/errors.ts'],
    ['server/kernel/paging.ts', 'server/modules/users/index.ts'],
    ['server/kernel/mail.ts', 'server/http/envelope.ts'],
    ['server/kernel/mail.ts', { packageName: 'fastify' }],
    ['server/modules/users/service.ts', 'server/http/errors.ts'],
    ['server/modules/users/service.ts', { packageName: 'fastify' }],
    ['server/modules/users/policy.ts', { packageName: '@fastify/multipart' }],
    ['server/modules/auth/service.ts', 'server/modules/users/service.ts'],
    ['server/modules/users/index.ts', 'server/modules/admin/index.ts'],
    ['server/modules/lookups/service.ts', 'server/modules/items/index.ts'],
    ['server/modules/chat/routes.ts', 'server/realtime/gateway.ts'],
    ['server/legacy/calls.ts', 'server/modules/items/service.ts'],
    ['server/modules/users/schema.ts', 'server/modules/lookups/service.ts'],
    ['server/modules/users/schema.ts', 'server/modules/lookups/index.ts'],
    ['server/modules/users/schema.ts', 'server/kernel/errors.ts'],
    ['server/modules/users/service.ts', 'server/modules/lookups/schema.ts'],
    ['server/modules/search/service.ts', 'server/db/schema/index.ts'],
    ['server/modules/search/search.test.ts', 'server/db/schema/index.ts'],
    ['server/modules/items/reading.ts', 'server/modules/social/schema.ts'],
    ['server/modules/items/reading.ts', 'server/db/database.ts'],
    ['server/modules/items/reading.ts', 'server/testing/tables.ts'],
    ['server/http/session.ts', 'server/testing/app.ts'],
    ['server/modules/lookups/catalog-schema.ts', 'server/modules/users/service.ts'],
  ];
  it.each(forbidden)('refuses %s -> %j', (from, to) => {
    expect(brokenRules(from, typeof to === 'string' ? { path: to } : to)).not.toEqual([]);
  });

  const allowed: Array<[string, string | { packageName: string }]> = [
    ['app/routes/home/dashboard.tsx', 'app/features/catalog/category-grid.tsx'],
    ['app/context.ts', 'contract/content.ts'],
    ['app/context.ts', { packageName: 'react-router' }],
    ['app/features/accounts/code-entry.tsx', 'app/features/accounts/phone-field.tsx'],
    ['app/features/accounts/code-entry.tsx', 'app/lib/form-errors.ts'],
    ['contract/auth.ts', 'contract/users.ts'],
    ['server/modules/users/routes.ts', 'server/http/envelope.ts'],
    ['server/modules/users/routes.ts', { packageName: 'fastify' }],
    ['server/modules/media/service.ts', { packageName: '@fastify/busboy' }],
    ['server/modules/auth/service.ts', 'server/modules/users/index.ts'],
    ['server/modules/admin/service.ts', 'server/modules/users/index.ts'],
    ['server/modules/content/service.ts', 'server/modules/media/index.ts'],
    ['server/modules/users/service.ts', 'server/kernel/errors.ts'],
    ['server/legacy/calls.ts', 'server/modules/items/index.ts'],
    ['server/modules/users/schema.ts', 'server/modules/lookups/schema.ts'],
    ['server/modules/content/schema.ts', 'server/modules/users/schema.ts'],
    ['server/modules/lookups/catalog-schema.ts', 'server/modules/users/schema.ts'],
    ['server/modules/users/schema.ts', 'server/db/schema/columns.ts'],
    ['server/modules/search/search.test.ts', 'server/testing/tables.ts'],
    ['server/http/page-requests.test.ts', 'server/testing/app.ts'],
  ];
  it.each(allowed)('allows %s -> %j', (from, to) => {
    expect(brokenRules(from, typeof to === 'string' ? { path: to } : to)).toEqual([]);
  });

  it('finds a cycle and names its edges', () => {
    const graph = new Map([
      ['a.ts', new Set(['b.ts'])],
      ['b.ts', new Set(['c.ts'])],
      ['c.ts', new Set(['a.ts', 'd.ts'])],
      ['d.ts', new Set<string>()],
    ]);
    expect(findCycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
  });
});
