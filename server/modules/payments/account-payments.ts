import { desc, eq } from 'drizzle-orm';
import type { ConsoleAccountPayment } from '../../../contract/console-account.ts';
import type { PageWindow } from '../../../contract/pages.ts';
import type { Paged } from '../../../contract/paging.ts';
import type { Db } from '../../kernel/database.ts';
import { refuseUnlessAdmin } from '../../kernel/operator-actions.ts';
import { toPage } from '../../kernel/paging.ts';
import { paymentsByDay } from './daily-payments.ts';
import { inCurrencyDecimals } from './money.ts';
import { payments } from './schema.ts';

/**
 * Payments as the operator's console reads them (issue 24): an account's, the latest first, read only. Taking,
 * approving and refunding money come with the payments issue.
 */
export class PaymentRecords {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /** Payments received and revenue (per currency) by day, for the dashboard: administrators only. */
  byDay(asker: { isAdmin: boolean }, days: number) {
    return paymentsByDay(this.db, asker, days);
  }

  /** An account's payments, the latest first (index payments_user_idx): administrators only. */
  async ofAccount(
    asker: { isAdmin: boolean },
    userId: string,
    page: PageWindow,
  ): Promise<Paged<ConsoleAccountPayment>> {
    refuseUnlessAdmin(asker);
    const rows = await this.db
      .select({
        id: payments.id,
        purpose: payments.purpose,
        method: payments.method,
        amount: payments.amount,
        currency: payments.currency,
        status: payments.status,
        itemId: payments.itemId,
        addedDate: payments.addedDate,
      })
      .from(payments)
      .where(eq(payments.userId, userId))
      .orderBy(desc(payments.addedDate), desc(payments.id))
      .limit(page.limit + 1)
      .offset(page.offset);
    const records = rows.map((row) => ({
      id: row.id,
      purpose: row.purpose,
      method: row.method,
      amount: inCurrencyDecimals(row.amount, row.currency),
      currency: row.currency,
      status: row.status,
      item_id: row.itemId,
      added_date: row.addedDate.toISOString(),
    }));
    return toPage(records, page.limit, page.offset);
  }
}
