/**
 * Stamps the built service worker (build/client/sw.js, copied from public/sw.js): its version, the start-up files
 * it fetches when it installs (the stylesheet and entry script every page loads) and the languages of its
 * offline page. A new build is then a new worker, which replaces the last build's caches. `npm run build` runs
 * it (react-router.config.ts buildEnd) before the files are compressed.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { LANGUAGE_CODES } from '../contract/language.ts';
import { type ClientManifest, readClientManifest } from './js-budget.ts';

/** The lines of public/sw.js that the build replaces, each exactly once. */
const SLOTS = {
  version: "const VERSION = 'dev';",
  precache: 'const PRECACHE = [];',
  languages: "const LANGUAGES = ['ar'];",
} as const;

/** What this script reads of React Router's client manifest besides what js-budget.ts does. */
type StampedManifest = ClientManifest & {
  version?: string;
  entry: { css?: string[] };
  routes: Record<string, { css?: string[] }>;
};

/** The files every page starts with: the stylesheets, the entry script and what it imports, and the root route. */
export function startupFiles(manifest: StampedManifest) {
  const root = manifest.routes.root;
  const files = [
    ...(manifest.entry.css ?? []),
    ...(root?.css ?? []),
    manifest.entry.module,
    ...manifest.entry.imports,
    ...(root ? [root.module, ...(root.imports ?? [])] : []),
  ];
  // React Router names stylesheets with a trailing "#".
  return [...new Set(files.map((file) => file.split('#')[0] as string))];
}

export function stampServiceWorker(
  source: string,
  stamp: { version: string; precache: string[]; languages: string[] },
) {
  const values: Record<keyof typeof SLOTS, string> = {
    version: `const VERSION = ${JSON.stringify(stamp.version)};`,
    precache: `const PRECACHE = ${JSON.stringify(stamp.precache)};`,
    languages: `const LANGUAGES = ${JSON.stringify(stamp.languages)};`,
  };
  let stamped = source;
  for (const [slot, line] of Object.entries(SLOTS) as [keyof typeof SLOTS, string][]) {
    if (stamped.split(line).length !== 2) throw new Error(`public/sw.js must hold the line "${line}" exactly once`);
    stamped = stamped.replace(line, values[slot]);
  }
  return stamped;
}

export async function stampBuiltServiceWorker(clientDirectory: string) {
  const file = path.join(clientDirectory, 'sw.js');
  const manifest = (await readClientManifest(clientDirectory)) as StampedManifest;
  const stamp = {
    version: manifest.version ?? String(Date.now()),
    precache: startupFiles(manifest),
    languages: [...LANGUAGE_CODES],
  };
  await writeFile(file, stampServiceWorker(await readFile(file, 'utf8'), stamp));
}
