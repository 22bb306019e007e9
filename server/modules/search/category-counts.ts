import { sql } from 'drizzle-orm';
import type { Db } from '../../kernel/database.ts';
import { RECENT_VALUE_TTL_MS, RecentValue, type RecentValueOptions } from '../../kernel/recent-value.ts';
import { publicListings } from '../items/index.ts';

/** Public items per category and per subcategory (an id missing from a map has none). */
export interface ActiveItemCounts {
  categories: Record<number, number>;
  subcategories: Record<number, number>;
}

/** How long an answer is served before the next request refreshes it. */
export const CATEGORY_COUNTS_TTL_MS = RECENT_VALUE_TTL_MS;

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
export class CategoryCounts extends RecentValue<ActiveItemCounts> {
  constructor(db: Db, options: RecentValueOptions = {}) {
    super(() => countActiveItems(db), options);
  }
}

/** One grouped pass over the public listings (the items module's rule, written as its partial indexes are). */
async function countActiveItems(db: Db): Promise<ActiveItemCounts> {
  const listings = publicListings();
  const rows = await db
    .select({ catId: listings.catId, subCatId: listings.subCatId, count: sql<number>`count(*)::int` })
    .from(listings)
    .groupBy(listings.catId, listings.subCatId);
  const counts: ActiveItemCounts = { categories: {}, subcategories: {} };
  for (const row of rows) {
    counts.categories[row.catId] = (counts.categories[row.catId] ?? 0) + row.count;
    if (row.subCatId !== null)
      counts.subcategories[row.subCatId] = (counts.subcategories[row.subCatId] ?? 0) + row.count;
  }
  return counts;
}
