import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ITEM_STATUS, itemNameOf, itemPath } from '../../../contract/items.ts';
import { registerErrorHandling } from '../../http/errors.ts';
import { createLimiterFactory } from '../../kernel/rate-limit.ts';
import { categories, items, users } from '../../testing/tables.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { ContentService } from '../content/index.ts';
import { LookupsService } from '../lookups/index.ts';
import { registerSitemapRoutes } from './routes/sitemap.ts';
import { SitemapReader } from './sitemap.ts';

/** The categories and posts the sitemap lists, as the app reads them (lookups and content). */
const catalog = () => ({
  publishedCategories: () => new LookupsService(db).publishedCategories(),
  publishedPostDates: () => new ContentService(db, createLimiterFactory().createLimiter).publishedPostDates(),
});

const test = useTestApp({ env: { PUBLIC_URL: 'https://souk.example' } });
const { db } = test;
let base: string;

const BANNED_SELLER = 'demo-user-09';

/** An active item of `seller` that is not deleted, oldest first (a different one per `skip`). */
async function activeItemOf(seller: string, skip = 0) {
  const [row] = await db
    .select({ id: items.id, slug: items.slug })
    .from(items)
    .where(and(eq(items.addedUserId, seller), eq(items.status, ITEM_STATUS.active), isNull(items.deletedAt)))
    .orderBy(asc(items.addedDate), asc(items.id))
    .offset(skip)
    .limit(1);
  if (!row) throw new Error(`no active item of ${seller}`);
  return row;
}

const itemUrl = (item: { id: string; slug: string }) => `${base}${itemPath({ item_name: itemNameOf(item) })}`;

/** The <loc> addresses of a sitemap or sitemap index. */
const locations = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1] ?? '');

let shown: { id: string; slug: string };
let pending: { id: string; slug: string };
let deleted: { id: string; slug: string };
let ofBannedSeller: { id: string; slug: string };

beforeAll(async () => {
  base = test.config.publicUrl;
  shown = await activeItemOf('demo-user-04');
  pending = await activeItemOf('demo-user-04', 1);
  deleted = await activeItemOf('demo-user-04', 2);
  ofBannedSeller = await activeItemOf(BANNED_SELLER);
  await db.update(items).set({ status: ITEM_STATUS.pending }).where(eq(items.id, pending.id));
  await db.update(items).set({ deletedAt: new Date() }).where(eq(items.id, deleted.id));
  await db.update(users).set({ isBanned: true }).where(eq(users.id, BANNED_SELLER));
});

describe('robots.txt', () => {
  it('keeps crawlers out of private pages and names the sitemap index by its absolute address', async () => {
    const response = await test.app.inject('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    const lines = response.body.split('\n');
    expect(lines).toContain('User-agent: *');
    for (const path of ['/profile', '/item-entry', '/admin', '/chat', '/favourite', '/login', '/api/']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).not.toContain('Disallow: /');
    expect(lines).toContain('Sitemap: https://souk.example/sitemap.xml');
  });
});

describe('sitemap index', () => {
  it('lists the catalog sitemap and the item chunks, each with lastmod, as XML a shared cache may keep', async () => {
    const response = await test.app.inject('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    expect(response.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns=/);
    expect(locations(response.body)).toEqual([
      'https://souk.example/sitemaps/categories.xml',
      'https://souk.example/sitemaps/items-1.xml',
    ]);
    const sitemaps = response.body.match(/<sitemap>.*?<\/sitemap>/g) ?? [];
    expect(sitemaps).toHaveLength(2);
    for (const sitemap of sitemaps) expect(sitemap).toMatch(/<lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ<\/lastmod>/);
  });

  it('answers 304 to a crawler that sends back the ETag, and is compressed when asked', async () => {
    const first = await test.app.inject('/sitemap.xml');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await test.app.inject({ url: '/sitemap.xml', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const items = await test.app.inject({ url: '/sitemaps/items-1.xml', headers: { 'accept-encoding': 'gzip' } });
    expect(items.headers['content-encoding']).toBe('gzip');
  });
});

describe('item sitemaps', () => {
  it('list public items by their absolute item page address with the date they last changed', async () => {
    const response = await test.app.inject('/sitemaps/items-1.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const urls = locations(response.body);
    expect(urls).toContain(itemUrl(shown));
    const [row] = await db
      .select({
        lastmod: sql<string>`to_char(coalesce(${items.updatedDate}, ${items.addedDate}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
      })
      .from(items)
      .where(eq(items.id, shown.id));
    expect(response.body).toContain(`<url><loc>${itemUrl(shown)}</loc><lastmod>${row?.lastmod}</lastmod></url>`);
    const [{ count } = { count: 0 }] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(items)
      .innerJoin(users, eq(users.id, items.addedUserId))
      .where(
        and(
          eq(items.status, ITEM_STATUS.active),
          isNull(items.deletedAt),
          eq(users.status, 1),
          eq(users.isBanned, false),
        ),
      );
    expect(urls).toHaveLength(count);
  });

  it('leave out pending and deleted items and the items of a banned seller', async () => {
    const urls = locations((await test.app.inject('/sitemaps/items-1.xml')).body);
    expect(urls).not.toContain(itemUrl(pending));
    expect(urls).not.toContain(itemUrl(deleted));
    expect(urls).not.toContain(itemUrl(ofBannedSeller));
    expect(urls.some((url) => url.endsWith(ofBannedSeller.id))).toBe(false);
  });

  it('answer 404 for a chunk beyond the last and for any other name, never an error', async () => {
    for (const path of [
      '/sitemaps/items-2.xml',
      '/sitemaps/items-0.xml',
      '/sitemaps/items-99999.xml',
      '/sitemaps/items-99999999999999999999.xml',
      '/sitemaps/items-abc.xml',
      '/sitemaps/items-1.json',
      '/sitemaps/items--1.xml',
      '/sitemaps/%2e%2e%2frobots.txt',
      '/sitemaps/other.xml',
    ]) {
      const response = await test.app.inject(path);
      expect(response.statusCode, path).toBe(404);
    }
  });
});

describe('catalog sitemap', () => {
  it('lists the home page, the categories with their Arabic names, their item lists and the blog', async () => {
    const response = await test.app.inject('/sitemaps/categories.xml');
    expect(response.statusCode).toBe(200);
    const urls = locations(response.body);
    expect(urls.slice(0, 2)).toEqual(['https://souk.example/', 'https://souk.example/category']);
    const [vehicles] = await db.select().from(categories).where(eq(categories.id, 1));
    const arabicName = vehicles?.names.ar ?? '';
    expect(arabicName).toMatch(/\p{Script=Arabic}/u);
    expect(urls).toContain(`https://souk.example/category/1/${encodeURIComponent(arabicName)}`);
    const list = new URLSearchParams({ cat_id: '1', cat_name: arabicName });
    // The & between parameters is written as an XML entity.
    expect(response.body).toContain(
      `<loc>https://souk.example/item-list?${list.toString().replace('&', '&amp;')}</loc>`,
    );
    expect(urls).toContain('https://souk.example/blog');
    expect(urls.some((url) => /^https:\/\/souk\.example\/blog\/\d+$/.test(url))).toBe(true);
  });
});

describe('chunks', () => {
  it('split the public items, oldest first, into chunks that together hold each one once', async () => {
    const reader = new SitemapReader(db, catalog(), { chunkSize: 40 });
    const chunks = await reader.itemChunks();
    const all: string[] = [];
    for (const chunk of chunks) {
      all.push(...((await reader.itemChunk(chunk.number)) ?? []).map((entry) => `${base}${entry.path}`));
    }
    const whole = locations((await test.app.inject('/sitemaps/items-1.xml')).body);
    expect(all).toEqual(whole);
    expect(new Set(all).size).toBe(all.length);
    // The pass counts every active item (hidden sellers' too): chunks may hold fewer, never more.
    for (const chunk of chunks) expect((await reader.itemChunk(chunk.number))?.length).toBeLessThanOrEqual(40);
    expect(chunks.length).toBeGreaterThanOrEqual(Math.ceil(whole.length / 40));
    expect(await reader.itemChunk(chunks.length + 1)).toBeNull();
    expect(await reader.itemChunk(0)).toBeNull();
    for (const chunk of chunks) expect(chunk.lastmod.getTime()).toBeGreaterThan(0);
  });

  it('are computed again once their time is up, the old ones answering meanwhile', async () => {
    let now = 0;
    const reader = new SitemapReader(db, catalog(), { chunkSize: 40, now: () => now });
    const before = await reader.itemChunks();
    // The oldest active item leaves: every chunk starts one item later.
    const oldest = before[0]?.firstId ?? '';
    await db.update(items).set({ status: ITEM_STATUS.pending }).where(eq(items.id, oldest));
    now = 60_000;
    expect(await reader.itemChunks()).toBe(before);
    now = 10 * 60_000;
    expect(await reader.itemChunks()).toBe(before);
    await vi.waitFor(async () => expect(await reader.itemChunks()).not.toBe(before));
    const after = await reader.itemChunks();
    const firstKeys = (chunks: typeof before) => chunks.map((chunk) => chunk.firstId);
    expect(firstKeys(after)).not.toContain(oldest);
    expect(firstKeys(after).slice(1)).not.toEqual(firstKeys(before).slice(1));
    await db.update(items).set({ status: ITEM_STATUS.active }).where(eq(items.id, oldest));
  });

  it('serve several item sitemaps through the routes when there are more items than one holds', async () => {
    const app = Fastify();
    registerErrorHandling(app);
    registerSitemapRoutes(app, {
      db,
      catalog: catalog(),
      publicUrl: 'https://souk.example/',
      reader: new SitemapReader(db, catalog(), { chunkSize: 40 }),
    });
    await app.ready();
    const index = locations((await app.inject('/sitemap.xml')).body);
    const chunkUrls = index.filter((url) => url.includes('/sitemaps/items-'));
    expect(chunkUrls.length).toBeGreaterThan(2);
    expect(chunkUrls).toEqual(chunkUrls.map((_url, n) => `https://souk.example/sitemaps/items-${n + 1}.xml`));
    const last = await app.inject(`/sitemaps/items-${chunkUrls.length}.xml`);
    expect(last.statusCode).toBe(200);
    expect((await app.inject(`/sitemaps/items-${chunkUrls.length + 1}.xml`)).statusCode).toBe(404);
    await app.close();
  });
});
