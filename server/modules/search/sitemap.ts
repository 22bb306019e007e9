import { and, asc, desc, eq, max, sql } from 'drizzle-orm';
import { ITEM_STATUS, itemNameOf, itemPath } from '../../../contract/items.ts';
import { DEFAULT_LANGUAGE } from '../../../contract/language.ts';
import type { Db } from '../../db/database.ts';
import { blogs, categories, items } from '../../db/schema/index.ts';
import { localizedText } from '../../kernel/localized-text.ts';
import { sellerIsPublic } from '../items/index.ts';

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
const isActiveItem = sql`${items.status} = ${sql.raw(String(ITEM_STATUS.active))} and ${items.deletedAt} is null`;

/** Public listings: active items of a seller others may see (the items module's rule). */
const isPublicItem = sql`${isActiveItem} and ${sellerIsPublic}`;

const itemLastmod = sql<Date>`coalesce(${items.updatedDate}, ${items.addedDate})`;

/** The order of item sitemaps: oldest first, so new listings land in the last chunk and the others keep theirs. */
const ADDED_ORDER = [sql`${items.addedDate} asc nulls first`, sql`${items.id} asc nulls first`];

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
    options: { chunkSize?: number; now?: () => number; onRefreshError?: (error: unknown) => void } = {},
  ) {
    this.db = db;
    this.chunkSize = Math.max(1, Math.min(options.chunkSize ?? SITEMAP_MAX_URLS, SITEMAP_MAX_URLS));
    this.now = options.now ?? Date.now;
    this.onRefreshError = options.onRefreshError ?? (() => undefined);
  }

  /** /, /category, each category page and its item list, /blog and each published post. */
  async catalogEntries(): Promise<SitemapEntry[]> {
    const name = localizedText(categories.names, DEFAULT_LANGUAGE, categories.catNameAr);
    const newestInCategory = sql<Date | null>`(select max(${items.addedDate}) from ${items} where ${items.catId} = ${categories.id} and ${isActiveItem})`;
    const [categoryRows, blogRows, [newest]] = await Promise.all([
      this.db
        .select({ id: categories.id, name, changed: categories.updatedDate, newestItem: newestInCategory })
        .from(categories)
        .where(eq(categories.status, 1))
        .orderBy(asc(categories.catOrdering), asc(categories.id)),
      this.db
        .select({ id: blogs.id, lastmod: sql<Date>`coalesce(${blogs.updatedDate}, ${blogs.addedDate})` })
        .from(blogs)
        .where(eq(blogs.status, 1))
        .orderBy(desc(blogs.addedDate), desc(blogs.id)),
      this.db
        .select({ lastmod: max(items.addedDate) })
        .from(items)
        .where(isActiveItem),
    ]);
    const newestItem = toDate(newest?.lastmod ?? null);
    const entries: SitemapEntry[] = [
      { path: '/', lastmod: newestItem },
      { path: '/category', lastmod: newestItem },
    ];
    for (const category of categoryRows) {
      const lastmod = latest(toDate(category.changed), toDate(category.newestItem));
      entries.push({ path: `/category/${category.id}/${encodeURIComponent(category.name)}`, lastmod });
      const list = new URLSearchParams({ cat_id: String(category.id), cat_name: category.name });
      entries.push({ path: `/item-list?${list}`, lastmod: toDate(category.newestItem) });
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
    const key = sql`(${items.addedDate}, ${items.id})`;
    const rows = await this.db
      .select({ id: items.id, slug: items.slug, lastmod: itemLastmod })
      .from(items)
      .where(
        and(
          isPublicItem,
          sql`${key} >= (${chunk.firstAdded}::timestamptz, ${chunk.firstId}::uuid)`,
          next ? sql`${key} < (${next.firstAdded}::timestamptz, ${next.firstId}::uuid)` : undefined,
        ),
      )
      .orderBy(...ADDED_ORDER)
      .limit(this.chunkSize);
    return rows.map((row) => ({
      path: itemPath({ item_name: itemNameOf(row) }),
      lastmod: toDate(row.lastmod),
    }));
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
    const edges = this.db.execute<{ added: string; id: string; position: string }>(sql`
      select added_date::text as added, id::text as id, position
      from (
        select ${items.addedDate} as added_date, ${items.id} as id,
          row_number() over (order by ${sql.join(ADDED_ORDER, sql`, `)}) as position
        from ${items}
        where ${isActiveItem}
      ) numbered
      where position % ${size} in (0, ${1 % size})
      order by position`);
    const newest = this.db
      .select({ added: max(items.addedDate) })
      .from(items)
      .where(isActiveItem);
    const [{ rows }, [last]] = await Promise.all([edges, newest]);
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
    if (lastChunk && last) lastChunk.lastmod = toDate(last.added) ?? lastChunk.lastmod;
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
