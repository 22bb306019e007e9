/**
 * The JavaScript each page loads at start, as sent with brotli, against its budget (issue 21): `/` at most
 * 120 KB, every other page at most 140 KB (KB = 1024 bytes, as bench/page-weight.ts counts). `npm run build`
 * runs it last (react-router.config.ts buildEnd, after scripts/precompress.ts has written the .br files) and
 * fails, naming each page over, its size and its budget. `node scripts/js-budget.ts` lists every page.
 *
 * A page's scripts are what React Router's <Scripts> names in its HTML: the entry client and its imports,
 * and for the root route and the page's route the route module, its split modules and their imports (React
 * Router's client manifest, build/client/assets/manifest-*.js). bench/page-weight.ts reads the same scripts
 * from a running server's HTML. A file counts as the server sends it to a browser accepting brotli: its .br
 * copy, else its .gz copy, else the file (scripts/precompress.ts writes no copy that would not be smaller).
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const KB = 1024;
/** The budget of `/`, and of every other page. */
export const BUDGETS = { home: 120 * KB, page: 140 * KB } as const;

/**
 * Pages allowed over 140 KB for now, by route id, each with a ceiling of its own so that it cannot grow.
 * Lower a ceiling when its page gets lighter; drop the entry once the page is within 140 KB.
 */
export const CEILINGS: Record<string, { budget: number; why: string }> = {};

/** The fields of React Router's client manifest this check reads. */
export interface ClientManifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

export interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  hasDefaultExport: boolean;
  module: string;
  imports?: string[];
  clientActionModule?: string;
  clientLoaderModule?: string;
  hydrateFallbackModule?: string;
}

export interface PageScripts {
  routeId: string;
  /** The route's address pattern: `/`, `/login`, `/item/:itemName`. */
  address: string;
  scripts: string[];
  bytes: number;
  budget: number;
}

/** The routes a page renders, the root first and the page's own route last. */
export function routeChain(manifest: ClientManifest, routeId: string): ManifestRoute[] {
  const chain: ManifestRoute[] = [];
  for (let id: string | undefined = routeId; id !== undefined; ) {
    const route: ManifestRoute | undefined = manifest.routes[id];
    if (!route) throw new Error(`route ${id} is not in the client manifest`);
    chain.unshift(route);
    id = route.parentId;
  }
  return chain;
}

/** Every script the HTML of the route's page names (module preloads and the inline module script's imports). */
export function scriptsOfPage(manifest: ClientManifest, routeId: string): string[] {
  const routeScripts = routeChain(manifest, routeId).flatMap((route) => [
    route.module,
    ...[route.clientActionModule, route.clientLoaderModule, route.hydrateFallbackModule].filter(
      (module): module is string => module !== undefined,
    ),
    ...(route.imports ?? []),
  ]);
  return [...new Set([manifest.entry.module, ...manifest.entry.imports, ...routeScripts])];
}

export function addressOf(manifest: ClientManifest, routeId: string): string {
  const segments = routeChain(manifest, routeId)
    .map((route) => route.path)
    .filter((segment): segment is string => Boolean(segment));
  return `/${segments.join('/')}`;
}

/** The routes that render a page: leaves of the route tree with a component (not resource routes). */
export function pageRouteIds(manifest: ClientManifest): string[] {
  const parents = new Set(Object.values(manifest.routes).map((route) => route.parentId));
  return Object.values(manifest.routes)
    .filter((route) => route.hasDefaultExport && !parents.has(route.id))
    .map((route) => route.id);
}

export function budgetOf(routeId: string, address: string): number {
  return CEILINGS[routeId]?.budget ?? (address === '/' ? BUDGETS.home : BUDGETS.page);
}

/** Each page's scripts and their bytes as sent; `wireBytes` gives a script's, by its address. */
export function measurePages(manifest: ClientManifest, wireBytes: (script: string) => number): PageScripts[] {
  return pageRouteIds(manifest).map((routeId) => {
    const address = addressOf(manifest, routeId);
    const scripts = scriptsOfPage(manifest, routeId);
    const bytes = scripts.reduce((sum, script) => sum + wireBytes(script), 0);
    return { routeId, address, scripts, bytes, budget: budgetOf(routeId, address) };
  });
}

export const overBudget = (pages: PageScripts[]) => pages.filter((page) => page.bytes > page.budget);

export const kilobytes = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

export function overBudgetMessage(over: PageScripts[]): string {
  const lines = over.map(
    (page) =>
      `  ${page.address} (route ${page.routeId}): ${kilobytes(page.bytes)}, budget ${kilobytes(page.budget)}, ` +
      `${kilobytes(page.bytes - page.budget)} over`,
  );
  const title = 'JavaScript at start over budget (brotli, as sent; scripts/js-budget.ts, bench/README.md):';
  return [title, ...lines].join('\n');
}

/** The build log's line: `/`, the heaviest other page within 140 KB, and the pages with a ceiling of their own. */
export function budgetSummary(pages: PageScripts[]): string {
  const home = pages.find((page) => page.address === '/');
  const heaviest = pages
    .filter((page) => page !== home && !CEILINGS[page.routeId])
    .reduce<PageScripts | undefined>((max, page) => (max && max.bytes >= page.bytes ? max : page), undefined);
  const ceilinged = pages.filter((page) => CEILINGS[page.routeId]);
  const figure = (page: PageScripts) => `${page.address} ${kilobytes(page.bytes)} of ${kilobytes(page.budget)}`;
  return [
    `JavaScript at start (brotli): ${home ? figure(home) : '/ missing'}`,
    heaviest ? `; heaviest other page ${figure(heaviest)}` : '',
    ceilinged.length > 0 ? `; over 140 KB by exception: ${ceilinged.map(figure).join(', ')}` : '',
  ].join('');
}

/** build/client/assets/manifest-<version>.js: `window.__reactRouterManifest={...};`. */
export async function readClientManifest(clientDirectory: string): Promise<ClientManifest> {
  const assets = path.join(clientDirectory, 'assets');
  const files = (await readdir(assets)).filter((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (files.length !== 1) throw new Error(`expected one manifest-*.js in ${assets}, found ${files.length}`);
  const text = await readFile(path.join(assets, files[0] as string), 'utf8');
  return JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)) as ClientManifest;
}

const sizeOf = (file: string) =>
  stat(file).then(
    (found) => found.size,
    () => undefined,
  );

/** A built file's size as the server sends it to a browser accepting brotli (and gzip). */
export async function wireSize(clientDirectory: string, address: string): Promise<number> {
  const file = path.join(clientDirectory, address);
  const size = (await sizeOf(`${file}.br`)) ?? (await sizeOf(`${file}.gz`)) ?? (await sizeOf(file));
  if (size === undefined)
    throw new Error(`${address} is named by the client manifest but is not in ${clientDirectory}`);
  return size;
}

export async function measureBuild(clientDirectory: string): Promise<PageScripts[]> {
  const manifest = await readClientManifest(clientDirectory);
  const addresses = [...new Set(pageRouteIds(manifest).flatMap((routeId) => scriptsOfPage(manifest, routeId)))];
  const sizes = new Map(
    await Promise.all(addresses.map(async (address) => [address, await wireSize(clientDirectory, address)] as const)),
  );
  return measurePages(manifest, (address) => sizes.get(address) ?? 0);
}

/** The build's check: throws (the build fails) when a page is over its budget, else logs the summary. */
export async function enforceJsBudget(clientDirectory: string) {
  const pages = await measureBuild(clientDirectory);
  const over = overBudget(pages);
  if (over.length > 0) throw new Error(overBudgetMessage(over));
  console.log(budgetSummary(pages));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const pages = await measureBuild(process.argv[2] ?? 'build/client');
  for (const page of pages.sort((a, b) => b.bytes - a.bytes)) {
    const verdict = page.bytes > page.budget ? 'OVER' : 'ok';
    const budget = `of ${kilobytes(page.budget)}`;
    console.log(`${kilobytes(page.bytes).padStart(9)} ${budget.padEnd(12)} ${verdict.padEnd(4)} ${page.address}`);
  }
}
