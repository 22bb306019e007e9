import { and, count, eq, gte, sql, sum } from 'drizzle-orm';
import type { DailyCounts, DailyRevenue } from '../../../contract/console.ts';
import { everyDay, startOfUtcDay } from '../../kernel/daily-counts.ts';
import type { Db } from '../../kernel/database.ts';
import { refuseUnlessAdmin } from '../../kernel/operator-actions.ts';
import { payments } from './schema.ts';

/** A payment that brought money in: refunded and failed ones do not count. */
const SUCCEEDED = 'succeeded';

/**
 * The console dashboard's money (issue 24): payments received and revenue by day, one series per currency (an
 * amount in riyals and one in dollars are never added up). Read by payments_added_idx.
 */
export async function paymentsByDay(
  db: Db,
  asker: { isAdmin: boolean },
  days: number,
): Promise<{ payments: DailyCounts; revenue: DailyRevenue[] }> {
  refuseUnlessAdmin(asker);
  const since = startOfUtcDay(days - 1);
  const day = sql<string>`to_char(${payments.addedDate} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, currency: payments.currency, count: count(), amount: sum(payments.amount).mapWith(Number) })
    .from(payments)
    .where(and(gte(payments.addedDate, since), eq(payments.status, SUCCEEDED)))
    .groupBy(day, payments.currency);
  const perDay = new Map<string, number>();
  for (const row of rows) perDay.set(row.day, (perDay.get(row.day) ?? 0) + row.count);
  const currencies = [...new Set(rows.map((row) => row.currency))].sort();
  return {
    payments: everyDay(
      since,
      days,
      [...perDay].map(([paidOn, paid]) => ({ day: paidOn, count: paid })),
    ),
    revenue: currencies.map((currency) => ({
      currency,
      days: everyDay(
        since,
        days,
        rows.filter((row) => row.currency === currency).map((row) => ({ day: row.day, count: row.amount })),
      ).map((entry) => ({ day: entry.day, amount: entry.count })),
    })),
  };
}
