import { and, count, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { DailyCounts } from '../../../contract/console.ts';
import type { ConsoleAccountListing } from '../../../contract/console-account.ts';
import { ITEM_STATUS, itemNameOf } from '../../../contract/items.ts';
import type { LanguageCode } from '../../../contract/language.ts';
import type { PageWindow } from '../../../contract/pages.ts';
import type { Paged } from '../../../contract/paging.ts';
import { everyDay, startOfUtcDay } from '../../kernel/daily-counts.ts';
import { type Db, latestFirst } from '../../kernel/database.ts';
import { refuseUnlessAdmin } from '../../kernel/operator-actions.ts';
import { toPage } from '../../kernel/paging.ts';
import { currencyJson } from '../lookups/index.ts';
import { items } from './schema.ts';

interface Asker {
  isAdmin: boolean;
}

/** What the operator's console counts of listings (issue 24). */
export class ItemConsoleStats {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /** Listings waiting for a decision. */
  async pendingCount(asker: Asker): Promise<number> {
    refuseUnlessAdmin(asker);
    const [row] = await this.db
      .select({ count: count() })
      .from(items)
      .where(and(eq(items.status, ITEM_STATUS.pending), isNull(items.deletedAt)));
    return row?.count ?? 0;
  }

  /** Listings posted on each of the last `days` days (UTC), deleted ones included, oldest first. */
  async newListingsByDay(asker: Asker, days: number): Promise<DailyCounts> {
    refuseUnlessAdmin(asker);
    const since = startOfUtcDay(days - 1);
    const day = sql<string>`to_char(${items.addedDate} at time zone 'UTC', 'YYYY-MM-DD')`;
    const rows = await this.db
      .select({ day, count: count() })
      .from(items)
      .where(gte(items.addedDate, since))
      .groupBy(day);
    return everyDay(since, days, rows);
  }

  /** An account's listings that are not deleted: active, pending, and the rest. */
  async countsOf(asker: Asker, userId: string) {
    refuseUnlessAdmin(asker);
    const rows = await this.db
      .select({ status: items.status, count: count() })
      .from(items)
      .where(and(eq(items.addedUserId, userId), isNull(items.deletedAt)))
      .groupBy(items.status);
    const of = (status: number) => rows.find((row) => row.status === status)?.count ?? 0;
    const all = rows.reduce((sum, row) => sum + row.count, 0);
    const active = of(ITEM_STATUS.active);
    const pending = of(ITEM_STATUS.pending);
    return { active, pending, other: all - active - pending };
  }

  /**
   * An account's listings, deleted ones too, the latest first (index items_owner_all_newest_idx): what the
   * console's account page lists.
   */
  async listingsOf(
    asker: Asker,
    userId: string,
    page: PageWindow,
    language: LanguageCode,
  ): Promise<Paged<ConsoleAccountListing>> {
    refuseUnlessAdmin(asker);
    const rows = await this.db
      .select({
        id: items.id,
        slug: items.slug,
        title: items.title,
        price: items.price,
        status: items.status,
        isSoldOut: items.isSoldOut,
        addedDate: items.addedDate,
        deletedAt: items.deletedAt,
        currency: currencyJson(items.itemCurrencyId, language),
      })
      .from(items)
      .where(eq(items.addedUserId, userId))
      .orderBy(latestFirst(items.addedDate), latestFirst(items.id))
      .limit(page.limit + 1)
      .offset(page.offset);
    const listings = rows.map((row) => ({
      id: row.id,
      item_name: itemNameOf(row),
      title: row.title,
      price: row.price,
      item_currency: row.currency ? { id: row.currency.id, currency_symbol: row.currency.symbol } : null,
      status: row.status,
      is_sold_out: row.isSoldOut,
      added_date: row.addedDate.toISOString(),
      deleted_at: row.deletedAt?.toISOString() ?? null,
    }));
    return toPage(listings, page.limit, page.offset);
  }

  /** Title, page name and whether it is deleted, of these listings (another module's console lists name them). */
  async headlinesOf(asker: Asker, itemIds: string[]) {
    refuseUnlessAdmin(asker);
    if (itemIds.length === 0) return new Map<string, { itemName: string; title: string; deleted: boolean }>();
    const rows = await this.db
      .select({ id: items.id, slug: items.slug, title: items.title, deletedAt: items.deletedAt })
      .from(items)
      .where(inArray(items.id, itemIds));
    return new Map(
      rows.map((row) => [row.id, { itemName: itemNameOf(row), title: row.title, deleted: row.deletedAt !== null }]),
    );
  }

  /** The ids of an account's listings, as a subquery for another module's SQL. */
  ownedBy(userId: string) {
    return this.db.select({ id: items.id }).from(items).where(eq(items.addedUserId, userId));
  }
}
