import { and, count, eq, gte, isNull, sql } from 'drizzle-orm';
import type { DailyCounts } from '../../../contract/console.ts';
import { ITEM_STATUS } from '../../../contract/items.ts';
import { everyDay, startOfUtcDay } from '../../kernel/daily-counts.ts';
import type { Db } from '../../kernel/database.ts';
import { refuseUnlessAdmin } from '../../kernel/operator-actions.ts';
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

  /** The ids of an account's listings, as a subquery for another module's SQL. */
  ownedBy(userId: string) {
    return this.db.select({ id: items.id }).from(items).where(eq(items.addedUserId, userId));
  }
}
