import { and, max, sql } from 'drizzle-orm';
import { itemNameOf, itemPath } from '../../../contract/items.ts';
import type { Db } from '../../kernel/database.ts';
import { type Listings, publicListings } from '../items/index.ts';

/** The sitemaps.org limit of addresses in one sitemap file. */
export const SITEMAP_MAX_URLS = 50_000;

/** How long the item chunk boundaries are reused before they are computed again. */
export const CHUNK_BOUNDARIES_TTL_MS = 5 * 60_000;

/** One address of a sitemap: a site path (the routes make it absolute) and when its content last changed. */
export interface SitemapEntry {
  path: string;
  lastmod: Date | null;
}

/**
 * Item sitemap n (1-based) holds the public items from its first key (included) to the next chunk's first
 * key, in the order they were added; `lastmod` is when its newest item was added.
 */
export interface ItemChunk {
  number: number;
  /** added_date as PostgreSQL wrote it (microseconds kept: a JavaScript Date would round them away). */
  firstAdded: string;
  firstId: string;
  lastmod: Date;
}

interface ChunkBoundaries {
  chunks: ItemChunk[];
  computedAt: number;
}

/**
 * Active, not deleted: written as literals so the planner matches the partial indexes on
 * `status = 1 and deleted_at is null` whatever plan it makes.
 */
/** The pages the catalog part of the sitemap lists beside the listings (the lookups and content modules own them). */
export interface CatalogSources {
  publishedCategories(): Promise<Array<{ id: number; name: string; changed: Date | null }>>;
  publishedPostDates(): Promise<Array<{ id: number; lastmod: Date }>>;
}

const lastmodOf = (listings: Listings) => sql<Date>`coalesce(${listings.updatedDate}, ${listings.addedDate})`;

const addedOrder = (listings: Listings) => [
  sql`${listings.addedDate} asc nulls first`,
  sql`${listings.id} asc nulls first`,
];

/**
 * What the sitemaps list: the catalog pages (categories in the default language, their item lists, the
 * blog) and every public item, in chunks of at most SITEMAP_MAX_URLS in the order they were added.
 *
 * The chunk boundaries (the first key of each chunk) come from one index-only pass over the active,
 * not deleted items (items_public_newest_idx: (added_date, id) of status 1, not deleted), kept for
 * CHUNK_BOUNDARIES_TTL_MS and then refreshed while the old ones still answer. A chunk is a range of that
 * index from its first key to the next chunk's: chunk 20 costs what chunk 1 costs (no OFFSET), and its rows
 * sit close together on disk. The pass counts the items of hidden sellers too, so a chunk holds at most
 * the limit of public items; an item approved, deleted or hidden meanwhile moves the later boundaries by
 * one at the next pass.
 */
export class SitemapReader {
  private readonly db: Db;
  private readonly catalog: CatalogSources;
  private readonly now: () => number;
  private readonly chunkSize: number;
  private readonly onRefreshError: (error: unknown) => void;
  private boundaries: ChunkBoundaries | null = null;
  private pending: Promise<ChunkBoundaries> | null = null;

  /**
   * `chunkSize` (at most SITEMAP_MAX_URLS) and `now` let tests see several chunks and their expiry;
   * `onRefreshError` hears of a refresh that failed while old boundaries kept answering.
   */
  constructor(
    db: Db,
    catalog: CatalogSources,
    options: { chunkSize?: number; now?: () => number; onRefreshError?: (error: unknown) => void } = {},
  ) {
    this.db = db;
    this.catalog = catalog;
    this.chunkSize = Math.max(1, Math.min(options.chunkSize ?? SITEMAP_MAX_URLS, SITEMAP_MAX_URLS));
    this.now = options.now ?? Date.now;
    this.onRefreshError = options.onRefreshError ?? (() => undefined);
  }

  /** /, /category, each category page and its item list, /blog and each published post. */
  async catalogEntries(): Promise<SitemapEntry[]> {
    const [categoryRows, blogRows, newest] = await Promise.all([
      this.catalog.publishedCategories(),
      this.catalog.publishedPostDates(),
      this.newestListings(),
    ]);
    const newestInCategory = await this.newestListingPerCategory(categoryRows.map((category) => category.id));
    const newestItem = toDate(newest);
    const entries: SitemapEntry[] = [
      { path: '/', lastmod: newestItem },
      { path: '/category', lastmod: newestItem },
    ];
    for (const category of categoryRows) {
      const newestItemInCategory = toDate(newestInCategory.get(category.id) ?? null);
      const lastmod = latest(toDate(category.changed), newestItemInCategory);
      entries.push({ path: `/category/${category.id}/${encodeURIComponent(category.name)}`, lastmod });
      const list = new URLSearchParams({ cat_id: String(category.id), cat_name: category.name });
      entries.push({ path: `/item-list?${list}`, lastmod: newestItemInCategory });
    }
    const blogDates = blogRows.map((blog) => toDate(blog.lastmod));
    entries.push({ path: '/blog', lastmod: latest(...blogDates) });
    blogRows.forEach((blog, index) => {
      entries.push({ path: `/blog/${blog.id}`, lastmod: blogDates[index] ?? null });
    });
    return entries;
  }

  /** The item sitemaps there are now (none without public items). */
  async itemChunks(): Promise<ItemChunk[]> {
    return (await this.currentBoundaries()).chunks;
  }

  /** The entries of item sitemap `number` (1-based), or null when there is no such chunk. */
  async itemChunk(number: number): Promise<SitemapEntry[] | null> {
    if (!Number.isSafeInteger(number) || number < 1) return null;
    const { chunks } = await this.currentBoundaries();
    const chunk = chunks[number - 1];
    if (!chunk) return null;
    const next = chunks[number];
    const listings = publicListings();
    const key = sql`(${listings.addedDate}, ${listings.id})`;
    const rows = await this.db
      .select({ id: listings.id, slug: listings.slug, lastmod: lastmodOf(listings) })
      .from(listings)
      .where(
        and(
          sql`${key} >= (${chunk.firstAdded}::timestamptz, ${chunk.firstId}::uuid)`,
          next ? sql`${key} < (${next.firstAdded}::timestamptz, ${next.firstId}::uuid)` : undefined,
        ),
      )
      .orderBy(...addedOrder(listings))
      .limit(this.chunkSize);
    return rows.map((row) => ({
      path: itemPath({ item_name: itemNameOf(row) }),
      lastmod: toDate(row.lastmod),
    }));
  }

  /** When the newest public listing was added (null: there is none). */
  private async newestListings(): Promise<Date | null> {
    const listings = publicListings();
    const [newest] = await this.db.select({ added: max(listings.addedDate) }).from(listings);
    return newest?.added ?? null;
  }

  /** When the newest public listing of each category was added: one index probe per category. */
  private async newestListingPerCategory(categoryIds: number[]): Promise<Map<number, Date | null>> {
    if (categoryIds.length === 0) return new Map();
    const listings = publicListings();
    const result = await this.db.execute<{ id: number; newest: Date | null }>(sql`
      select category.id, (select max(${listings.addedDate}) from ${listings} where ${listings.catId} = category.id) as newest
      from unnest(${sql.param(categoryIds)}::int[]) as category(id)`);
    return new Map(result.rows.map((row) => [row.id, row.newest]));
  }

  /** Fresh boundaries, or the last ones while new ones are computed; the first request waits for them. */
  private async currentBoundaries(): Promise<ChunkBoundaries> {
    const known = this.boundaries;
    if (known && this.now() - known.computedAt < CHUNK_BOUNDARIES_TTL_MS) return known;
    // Requests arriving while the pass runs share it.
    this.pending ??= this.computeBoundaries().finally(() => {
      this.pending = null;
    });
    if (!known) return this.pending;
    this.pending.catch(this.onRefreshError);
    return known;
  }

  private async computeBoundaries(): Promise<ChunkBoundaries> {
    const computedAt = this.now();
    const size = this.chunkSize;
    // The first and the last item of each full chunk, by position in the added order.
    const listings = publicListings();
    const edges = this.db.execute<{ added: string; id: string; position: string }>(sql`
      select added_date::text as added, id::text as id, position
      from (
        select ${listings.addedDate} as added_date, ${listings.id} as id,
          row_number() over (order by ${sql.join(addedOrder(listings), sql`, `)}) as position
        from ${listings}
      ) numbered
      where position % ${size} in (0, ${1 % size})
      order by position`);
    const [{ rows }, newest] = await Promise.all([edges, this.newestListings()]);
    const chunks: ItemChunk[] = [];
    for (const row of rows) {
      const position = Number(row.position);
      if ((position - 1) % size === 0) {
        chunks.push({ number: chunks.length + 1, firstAdded: row.added, firstId: row.id, lastmod: new Date(0) });
      }
      const current = chunks.at(-1);
      if (current && position % size === 0) current.lastmod = toDate(row.added) ?? current.lastmod;
    }
    const lastChunk = chunks.at(-1);
    if (lastChunk) lastChunk.lastmod = toDate(newest) ?? lastChunk.lastmod;
    this.boundaries = { chunks, computedAt };
    return this.boundaries;
  }
}

/** node-postgres gives timestamps from raw SQL as Date, drizzle's sql<> values may arrive as text. */
function toDate(value: Date | string | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function latest(...dates: (Date | null)[]): Date | null {
  let found: Date | null = null;
  for (const date of dates) if (date && (!found || date > found)) found = date;
  return found;
}
