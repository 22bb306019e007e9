import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addressOf,
  BUDGETS,
  budgetOf,
  CEILINGS,
  type ClientManifest,
  KB,
  measureBuild,
  measurePages,
  overBudget,
  overBudgetMessage,
  pageRouteIds,
  readClientManifest,
  scriptsOfPage,
  wireSize,
} from './js-budget.ts';

/** A client manifest as React Router writes it, cut down to a root, pages, a resource route and a layout. */
const manifest: ClientManifest = {
  entry: { module: '/assets/entry.client-a.js', imports: ['/assets/runtime-b.js', '/assets/shell-c.js'] },
  routes: {
    root: {
      id: 'root',
      path: '',
      hasDefaultExport: true,
      module: '/assets/root-d.js',
      imports: ['/assets/runtime-b.js', '/assets/shell-c.js'],
    },
    'routes/home': {
      id: 'routes/home',
      parentId: 'root',
      index: true,
      hasDefaultExport: true,
      module: '/assets/home-e.js',
      imports: ['/assets/shell-c.js', '/assets/cards-f.js'],
    },
    'routes/login': {
      id: 'routes/login',
      parentId: 'root',
      path: 'login',
      hasDefaultExport: true,
      module: '/assets/login-g.js',
      imports: ['/assets/form-kit-h.js'],
    },
    'routes/logout': {
      id: 'routes/logout',
      parentId: 'root',
      path: 'logout',
      hasDefaultExport: false,
      module: '/assets/logout-i.js',
    },
    'routes/items': {
      id: 'routes/items',
      parentId: 'root',
      path: 'item',
      hasDefaultExport: true,
      module: '/assets/items-j.js',
    },
    'routes/item': {
      id: 'routes/item',
      parentId: 'routes/items',
      path: ':itemName',
      hasDefaultExport: true,
      module: '/assets/item-k.js',
      clientLoaderModule: '/assets/item-client-loader-l.js',
      imports: ['/assets/cards-f.js'],
    },
  },
};

describe('the JavaScript a page loads at start', () => {
  it('is every page route: the leaves with a component, not the root, a layout or a resource route', () => {
    expect(pageRouteIds(manifest).sort()).toEqual(['routes/home', 'routes/item', 'routes/login']);
  });

  it("names each page by its address pattern, the root's index as /", () => {
    expect(addressOf(manifest, 'routes/home')).toBe('/');
    expect(addressOf(manifest, 'routes/login')).toBe('/login');
    expect(addressOf(manifest, 'routes/item')).toBe('/item/:itemName');
  });

  it("is the entry and its imports, then each route's module, split modules and imports, from the root down, once each", () => {
    expect(scriptsOfPage(manifest, 'routes/home')).toEqual([
      '/assets/entry.client-a.js',
      '/assets/runtime-b.js',
      '/assets/shell-c.js',
      '/assets/root-d.js',
      '/assets/home-e.js',
      '/assets/cards-f.js',
    ]);
    expect(scriptsOfPage(manifest, 'routes/item')).toEqual([
      '/assets/entry.client-a.js',
      '/assets/runtime-b.js',
      '/assets/shell-c.js',
      '/assets/root-d.js',
      '/assets/items-j.js',
      '/assets/item-k.js',
      '/assets/item-client-loader-l.js',
      '/assets/cards-f.js',
    ]);
  });

  it('adds up the bytes each script is sent with, against 120 KB for / and 140 KB for the other pages', () => {
    const sizes: Record<string, number> = { '/assets/shell-c.js': 100 * KB, '/assets/form-kit-h.js': 41 * KB };
    const pages = measurePages(manifest, (script) => sizes[script] ?? 0);
    const page = (address: string) => pages.find((found) => found.address === address);
    expect(page('/')).toMatchObject({ bytes: 100 * KB, budget: BUDGETS.home });
    expect(page('/login')).toMatchObject({ bytes: 141 * KB, budget: BUDGETS.page });
    expect(overBudget(pages).map((over) => over.address)).toEqual(['/login']);
  });

  it('says which page is over, by how much, and its budget', () => {
    const over = overBudget(measurePages(manifest, (script) => (script.includes('home') ? 121 * KB : 0)));
    expect(overBudgetMessage(over)).toContain('/ (route routes/home): 121.0 KB, budget 120.0 KB, 1.0 KB over');
  });

  it('holds a page with a ceiling of its own to that ceiling, and only pages that need one have it', () => {
    for (const [routeId, { budget }] of Object.entries(CEILINGS)) {
      expect(budgetOf(routeId, '/somewhere')).toBe(budget);
      expect(budget).toBeGreaterThan(BUDGETS.page);
    }
    expect(budgetOf('routes/any', '/any')).toBe(BUDGETS.page);
  });
});

describe('a build', () => {
  let client: string;

  beforeAll(async () => {
    client = await mkdtemp(path.join(os.tmpdir(), 'js-budget-'));
    await mkdir(path.join(client, 'assets'));
    const written = { ...manifest, url: '/assets/manifest-0abc.js', version: '0abc' };
    await writeFile(
      path.join(client, 'assets/manifest-0abc.js'),
      `window.__reactRouterManifest=${JSON.stringify(written)};`,
    );
    for (const script of new Set(pageRouteIds(manifest).flatMap((id) => scriptsOfPage(manifest, id)))) {
      await writeFile(path.join(client, script), 'x'.repeat(1000));
    }
    // The shell has a brotli copy (sent instead of the file), the form kit only a gzip one.
    await writeFile(path.join(client, 'assets/shell-c.js.br'), 'x'.repeat(300));
    await writeFile(path.join(client, 'assets/form-kit-h.js.gz'), 'x'.repeat(400));
  });

  afterAll(() => rm(client, { recursive: true, force: true }));

  it('reads the manifest React Router wrote beside the assets', async () => {
    expect(await readClientManifest(client)).toMatchObject({ entry: manifest.entry, routes: manifest.routes });
  });

  it('counts a file as sent: its .br copy, else its .gz copy, else the file', async () => {
    expect(await wireSize(client, '/assets/shell-c.js')).toBe(300);
    expect(await wireSize(client, '/assets/form-kit-h.js')).toBe(400);
    expect(await wireSize(client, '/assets/root-d.js')).toBe(1000);
    await expect(wireSize(client, '/assets/missing.js')).rejects.toThrow('missing.js');
  });

  it('measures every page of it', async () => {
    const pages = await measureBuild(client);
    expect(pages.find((page) => page.address === '/login')?.bytes).toBe(1000 + 1000 + 300 + 1000 + 1000 + 400);
  });
});
