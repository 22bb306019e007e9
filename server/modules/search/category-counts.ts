import { and, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { items } from '../../db/schema/index.ts';
import { visibleTo } from './item-filters.ts';

/** Public items per category and per subcategory (an id missing from a map has none). */
export interface ActiveItemCounts {
  categories: Record<number, number>;
  subcategories: Record<number, number>;
}

/** How long an answer is served before the next request refreshes it. */
export const CATEGORY_COUNTS_TTL_MS = 60_000;

export interface CategoryCountsOptions {
  ttlMs?: number;
  /** The clock, in milliseconds (tests move it instead of waiting). */
  now?: () => number;
  /** A refresh that failed while the old answer was served: the old answer stays until the next try. */
  onRefreshError?: (error: unknown) => void;
}

/**
 * The count of public items (active, not deleted, of an active and not banned seller) in each category and
 * subcategory, as the category pages show them.
 *
 * Counting a million items takes one grouped pass over the items (no index can answer a count), far too much
 * for every page view, so one pass serves everyone for a minute. Why a cache in the process and not a table
 * of counts kept by the writers: the counts depend on item status, deletion and the seller's account state,
 * which three modules change in a dozen places, and a count a minute old is what a buyer reads anyway ("1,234
 * ads", not a ledger). A table would add a write to each of those paths, and a trigger or job to keep it
 * right, for no reader who needs it exact. The answer is small (two maps of a few hundred numbers) and
 * nothing another instance needs: each instance counts once a minute for itself, and only while it has
 * readers (nothing runs while nobody asks).
 *
 * Stale while revalidate: after the minute, the first request still gets the old answer at once while one
 * refresh runs; requests meanwhile share that refresh instead of starting their own. Only the very first
 * request of the process waits for a count.
 */
export class CategoryCounts {
  private readonly db: Db;
  private readonly ttlMs: number;
  private readonly now: () => number;
  private readonly onRefreshError: (error: unknown) => void;
  private current: { counts: ActiveItemCounts; expiresAt: number } | null = null;
  private refreshing: Promise<ActiveItemCounts> | null = null;

  constructor(db: Db, options: CategoryCountsOptions = {}) {
    this.db = db;
    this.ttlMs = options.ttlMs ?? CATEGORY_COUNTS_TTL_MS;
    this.now = options.now ?? Date.now;
    this.onRefreshError = options.onRefreshError ?? (() => undefined);
  }

  /** The counts as of at most a minute ago (or the last refresh, while a newer one runs). */
  async get(): Promise<ActiveItemCounts> {
    const current = this.current;
    if (current && this.now() < current.expiresAt) return current.counts;
    const refresh = this.refresh();
    if (!current) return refresh;
    refresh.catch(this.onRefreshError);
    return current.counts;
  }

  /** Settles when the refresh under way (if any) has ended; for tests and shutdown, never needed by readers. */
  async settled(): Promise<void> {
    await this.refreshing?.catch(() => undefined);
  }

  private refresh(): Promise<ActiveItemCounts> {
    if (!this.refreshing) {
      const startedAt = this.now();
      this.refreshing = this.count()
        .then((counts) => {
          this.current = { counts, expiresAt: startedAt + this.ttlMs };
          return counts;
        })
        .finally(() => {
          this.refreshing = null;
        });
    }
    return this.refreshing;
  }

  /**
   * One grouped pass over the public items, with the conditions every public list uses (visibleTo: status = 1
   * and deleted_at is null written as the partial feed indexes are, the seller a semi-join on the users).
   */
  protected async count(): Promise<ActiveItemCounts> {
    const rows = await this.db
      .select({ catId: items.catId, subCatId: items.subCatId, count: sql<number>`count(*)::int` })
      .from(items)
      .where(and(...visibleTo(null)))
      .groupBy(items.catId, items.subCatId);
    const counts: ActiveItemCounts = { categories: {}, subcategories: {} };
    for (const row of rows) {
      counts.categories[row.catId] = (counts.categories[row.catId] ?? 0) + row.count;
      if (row.subCatId !== null)
        counts.subcategories[row.subCatId] = (counts.subcategories[row.subCatId] ?? 0) + row.count;
    }
    return counts;
  }
}
