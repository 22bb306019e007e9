/**
 * The import rules of DESIGN.md "Shape of the code", in one table. The architecture test checks every import
 * against them; biome.json's noRestrictedImports overrides are generated from the same table
 * (`npm run lint:boundaries`), so lint and test cannot drift apart.
 */

/**
 * The module order: a module imports modules of earlier tiers, or of its own tier (never in a cycle), and
 * only through their index.ts. Anything that must go the other way is an event. `system` (health,
 * readiness, metrics) needs nothing but the kernel. The spec's call form lives in server/legacy/, after
 * every tier: it may use any module's index.ts, and nothing imports it but the start-up files.
 */
export const MODULE_TIERS: readonly (readonly string[])[] = [
  ['system', 'settings', 'lookups', 'media', 'content'],
  ['users', 'auth'],
  ['items'],
  ['search', 'social', 'offers', 'chat', 'ratings'],
  ['payments', 'promotions', 'memberships', 'notifications'],
  ['admin'],
];

/**
 * Packages that belong to the HTTP layer (gitignore-style, as biome.json takes them): the kernel and services
 * never import them. @fastify/busboy is only a multipart parser and needs no Fastify.
 */
export const HTTP_PACKAGES = [
  'fastify',
  'fastify/**',
  'fastify-*',
  '@fastify/**',
  '!@fastify/busboy',
  '@mcansh/react-router-fastify',
];

/** Where a file sits, as far as the rules care. */
export type Place =
  | { area: 'app'; part: 'feature'; feature: string }
  | { area: 'app'; part: 'shared' | 'routes' }
  | { area: 'app'; part: 'root'; file: string }
  | { area: 'contract'; test: boolean }
  | { area: 'server'; part: 'kernel' | 'http' | 'realtime' | 'legacy' | 'testing' | 'other'; test: boolean }
  | { area: 'server'; part: 'db'; file: string; test: boolean }
  | { area: 'server'; part: 'module'; module: string; role: ModuleRole; file: string }
  | { area: 'package'; name: string }
  | { area: 'other' };

/**
 * routes.ts, routes/ and index.ts may know HTTP; tests may too; schema.ts (and <name>-schema.ts, when one file
 * would close a cycle of foreign keys) declares the module's tables; everything else in a module is a service.
 */
export type ModuleRole = 'routes' | 'index' | 'test' | 'schema' | 'service';

export function placeOf(path: string): Place {
  const parts = path.split('/');
  if (parts[0] === 'contract') return { area: 'contract', test: isTest(path) };
  if (parts[0] === 'app') return appPlaceOf(parts);
  if (parts[0] === 'server') return serverPlaceOf(path, parts);
  return { area: 'other' };
}

function appPlaceOf(parts: string[]): Place {
  const [, second, third] = parts;
  if (second === 'features' && third && parts.length > 3) return { area: 'app', part: 'feature', feature: third };
  if (second === 'lib' || second === 'components' || second === 'i18n') return { area: 'app', part: 'shared' };
  if (second === 'routes') return { area: 'app', part: 'routes' };
  return { area: 'app', part: 'root', file: parts.slice(1).join('/') };
}

function serverPlaceOf(path: string, parts: string[]): Place {
  const [, second, third] = parts;
  if (second === 'modules' && third && parts.length > 3) {
    const file = parts.slice(3).join('/');
    return { area: 'server', part: 'module', module: third, role: moduleRole(file), file };
  }
  if (
    second === 'kernel' ||
    second === 'http' ||
    second === 'realtime' ||
    second === 'legacy' ||
    second === 'testing'
  ) {
    return { area: 'server', part: second, test: isTest(path) };
  }
  if (second === 'db') return { area: 'server', part: 'db', file: parts.slice(2).join('/'), test: isTest(path) };
  return { area: 'server', part: 'other', test: isTest(path) };
}

const isTest = (path: string) => /\.test\.tsx?$/.test(path);

/** A test file, wherever it sits. */
const isTestPlace = (place: Place) =>
  (place.area === 'server' && (place.part === 'module' ? place.role === 'test' : place.test)) ||
  (place.area === 'contract' && place.test);

function moduleRole(file: string): ModuleRole {
  if (isTest(file)) return 'test';
  if (file === 'index.ts') return 'index';
  if (file === 'schema.ts' || /^[a-z-]+-schema\.ts$/.test(file)) return 'schema';
  if (file === 'routes.ts' || file.startsWith('routes/')) return 'routes';
  return 'service';
}

/** The tier of a module, or -1 when the table does not list it. */
export function tierOf(module: string) {
  return MODULE_TIERS.findIndex((tier) => tier.includes(module));
}

/** Whether a package (its name, as `resolveSpecifier` gives it) is one of HTTP_PACKAGES: the last match wins. */
export function isHttpPackage(name: string) {
  let matched = false;
  for (const pattern of HTTP_PACKAGES) {
    const negated = pattern.startsWith('!');
    if (globToRegExp(negated ? pattern.slice(1) : pattern).test(name)) matched = !negated;
  }
  return matched;
}

function globToRegExp(glob: string) {
  const body = glob
    .split('**')
    .map((part) => part.split('*').map(escapeRegExp).join('[^/]*'))
    .join('.*');
  return new RegExp(`^${body}$`);
}

const escapeRegExp = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

/** A rule: its name (shown on failure) and whether an import from one place to another breaks it. */
export interface Rule {
  name: string;
  breaks(from: Place, to: Place): boolean;
}

const isServiceCode = (place: Place) =>
  place.area === 'server' &&
  (place.part === 'kernel' || (place.part === 'module' && (place.role === 'service' || place.role === 'schema')));

/**
 * Table declarations reference each other's tables for foreign keys, whatever the module order (content's
 * contact messages point at users): one module's schema.ts may import another's, never in a cycle.
 */
const isTableReference = (from: Place, to: Place) =>
  from.area === 'server' &&
  from.part === 'module' &&
  from.role === 'schema' &&
  to.area === 'server' &&
  to.part === 'module' &&
  to.role === 'schema';

const isHttp = (place: Place) =>
  (place.area === 'server' && place.part === 'http') || (place.area === 'package' && isHttpPackage(place.name));

export const RULES: Rule[] = [
  {
    name: 'app/ never imports server/ (pages reach the server through app/context.ts)',
    breaks: (from, to) => from.area === 'app' && to.area === 'server',
  },
  {
    name: 'app/context.ts (the page port) imports contract/ and react-router only',
    breaks: (from, to) =>
      from.area === 'app' &&
      from.part === 'root' &&
      from.file === 'context.ts' &&
      !(to.area === 'contract' || (to.area === 'package' && to.name === 'react-router')),
  },
  {
    name: 'a feature never imports another feature (app/features/<domain>/)',
    breaks: (from, to) =>
      from.area === 'app' &&
      from.part === 'feature' &&
      to.area === 'app' &&
      to.part === 'feature' &&
      from.feature !== to.feature,
  },
  {
    name: 'features and shared app code (lib, components, i18n) never import routes; shared code never imports features',
    breaks: (from, to) =>
      from.area === 'app' &&
      (from.part === 'feature' || from.part === 'shared') &&
      to.area === 'app' &&
      (to.part === 'routes' || (from.part === 'shared' && to.part === 'feature')),
  },
  {
    name: 'contract/ is shared by app/ and server/ and imports neither (its tests may read the locale files)',
    breaks: (from, to) => from.area === 'contract' && !from.test && (to.area === 'app' || to.area === 'server'),
  },
  {
    name: 'the kernel imports no module, HTTP glue, WebSocket gateway or legacy adapter',
    breaks: (from, to) =>
      from.area === 'server' &&
      from.part === 'kernel' &&
      to.area === 'server' &&
      (to.part === 'module' || to.part === 'http' || to.part === 'realtime' || to.part === 'legacy'),
  },
  {
    name: 'services (the kernel and module files other than routes.ts, routes/, index.ts) never import server/http/ or Fastify',
    breaks: (from, to) => isServiceCode(from) && isHttp(to),
  },
  {
    name: 'a module imports another module only through its index.ts (schema.ts files may import schema.ts files)',
    breaks: (from, to) =>
      from.area === 'server' &&
      from.part === 'module' &&
      to.area === 'server' &&
      to.part === 'module' &&
      from.module !== to.module &&
      to.role !== 'index' &&
      !isTableReference(from, to),
  },
  {
    name: "a module's schema.ts declares tables: it imports no service, route, index, kernel or HTTP code",
    breaks: (from, to) =>
      from.area === 'server' &&
      from.part === 'module' &&
      from.role === 'schema' &&
      to.area === 'server' &&
      (to.part === 'kernel' ||
        to.part === 'http' ||
        to.part === 'realtime' ||
        to.part === 'legacy' ||
        (to.part === 'module' && to.role !== 'schema')),
  },
  {
    name: "a module never imports server/db/ (every module's tables together are for start-up, migrations, the seed and tests); its schema files may use server/db/schema/columns.ts",
    breaks: (from, to) =>
      from.area === 'server' &&
      from.part === 'module' &&
      to.area === 'server' &&
      to.part === 'db' &&
      !(from.role === 'schema' && to.file === 'schema/columns.ts'),
  },
  {
    name: 'only tests import server/testing/ (its fixtures reach every table)',
    breaks: (from, to) =>
      to.area === 'server' &&
      to.part === 'testing' &&
      !(from.area === 'server' && from.part === 'testing') &&
      !isTestPlace(from),
  },
  {
    name: 'a module imports only modules to its left in the order (MODULE_TIERS); the other way is an event',
    breaks: (from, to) =>
      from.area === 'server' &&
      from.part === 'module' &&
      to.area === 'server' &&
      to.part === 'module' &&
      from.module !== to.module &&
      !isTableReference(from, to) &&
      tierOf(from.module) >= 0 &&
      tierOf(to.module) > tierOf(from.module),
  },
  {
    name: 'modules never import the WebSocket gateway (server/realtime/) or the legacy adapter (server/legacy/)',
    breaks: (from, to) =>
      from.area === 'server' &&
      from.part === 'module' &&
      to.area === 'server' &&
      (to.part === 'realtime' || to.part === 'legacy'),
  },
  {
    name: 'the legacy adapter uses modules only through their index.ts',
    breaks: (from, to) =>
      from.area === 'server' &&
      from.part === 'legacy' &&
      to.area === 'server' &&
      to.part === 'module' &&
      to.role !== 'index',
  },
];

/** The names of the rules an import from `fromPath` to `target` breaks (a repository path or a package). */
export function brokenRules(fromPath: string, target: { path: string } | { packageName: string }): string[] {
  const from = placeOf(fromPath);
  const to: Place = 'path' in target ? placeOf(target.path) : { area: 'package', name: target.packageName };
  return RULES.filter((rule) => rule.breaks(from, to)).map((rule) => rule.name);
}
