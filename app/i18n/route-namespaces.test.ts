import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_NAMESPACES, SERVER_NAMESPACES, SHELL_NAMESPACE } from './namespaces.ts';

/**
 * A page gets only common and the namespaces its route declares (handle.i18n), so every locale key the route
 * can show (in its own file and in every app/ module it imports) must live in one of those.
 * A key of a server-only namespace must not be reachable from any page at all.
 */
const root = path.resolve(import.meta.dirname, '..', '..');
const appFolder = path.join(root, 'app');

type Tree = { [key: string]: string | Tree };
const keysOf = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );

const namespaceOfKey = new Map<string, string>();
const namespaceOfPrefix = new Map<string, string>();
for (const namespace of [...PAGE_NAMESPACES, ...SERVER_NAMESPACES]) {
  const tree = JSON.parse(readFileSync(path.join(appFolder, 'i18n', 'locales', 'en', `${namespace}.json`), 'utf8'));
  for (const prefix of Object.keys(tree)) namespaceOfPrefix.set(prefix, namespace);
  for (const key of keysOf(tree)) namespaceOfKey.set(key, namespace);
}

/** Locale keys written in a source file: whole keys ('auth.login') and prefixes of built ones (`fields.${name}`). */
function keysIn(source: string) {
  // Imports and comments name files and keys without showing them.
  const code = source
    .replace(/^import .*$/gm, '')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  const found = new Map<string, string>();
  for (const [, key] of code.matchAll(/['"`]([a-zA-Z]+\.[a-zA-Z0-9_.]+)['"`]/g)) {
    const namespace = namespaceOfKey.get(key as string);
    if (namespace) found.set(key as string, namespace);
  }
  for (const [, prefix] of code.matchAll(/`([a-zA-Z]+)\.\$\{/g)) {
    const namespace = namespaceOfPrefix.get(prefix as string);
    if (namespace) found.set(`${prefix}.*`, namespace);
  }
  return found;
}

/**
 * The file and every app/ module it imports (not type-only), directly or not. contract/ is left out: a page
 * importing a schema or a constant does not show all the messages defined beside it.
 */
function reachableFiles(entry: string) {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/^import (?!type )[^;]*?'(\.{1,2}\/[^']+)'/gms)) {
      const target = path.resolve(path.dirname(file), specifier as string);
      if (target.startsWith(appFolder) && existsSync(target) && /\.(ts|tsx)$/.test(target)) queue.push(target);
    }
  }
  return [...seen];
}

function keysReachableFrom(entry: string) {
  const keys = new Map<string, { namespace: string; file: string }>();
  for (const file of reachableFiles(entry)) {
    for (const [key, namespace] of keysIn(readFileSync(file, 'utf8'))) {
      keys.set(key, { namespace, file: path.relative(root, file) });
    }
  }
  return keys;
}

function declaredNamespaces(source: string) {
  const list = source.match(/export const handle = \{[^}]*\bi18n: \[([^\]]*)\]/)?.[1] ?? '';
  return [...list.matchAll(/'(\w+)'/g)].map(([, namespace]) => namespace as string);
}

const routeFiles = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? routeFiles(path.join(folder, entry.name)) : [path.join(folder, entry.name)],
  );
// Routes that render a page (a default export); redirect-only routes hand keys on through the flash cookie.
const pages = routeFiles(path.join(appFolder, 'routes')).filter((file) =>
  /^export default function/m.test(readFileSync(file, 'utf8')),
);

describe('namespaces of each page', () => {
  it('finds the pages', () => {
    expect(pages.length).toBeGreaterThan(15);
  });

  it.each(pages.map((file) => [path.relative(appFolder, file), file]))(
    '%s declares every namespace it shows',
    (_name, file) => {
      const declared = declaredNamespaces(readFileSync(file, 'utf8'));
      expect(declared.every((namespace) => (PAGE_NAMESPACES as readonly string[]).includes(namespace))).toBe(true);
      const loaded = new Set([SHELL_NAMESPACE, ...declared]);
      const missing = [...keysReachableFrom(file)]
        .filter(([, { namespace }]) => !loaded.has(namespace))
        .map(([key, { namespace, file: where }]) => `${key} (${namespace}, in ${where})`);
      expect(missing, 'keys of namespaces the route does not declare').toEqual([]);
    },
  );

  it('the shell around every page uses common only', () => {
    const outside = [...keysReachableFrom(path.join(appFolder, 'root.tsx'))]
      .filter(([, { namespace }]) => namespace !== SHELL_NAMESPACE)
      .map(([key, { namespace, file }]) => `${key} (${namespace}, in ${file})`);
    expect(outside).toEqual([]);
  });
});
