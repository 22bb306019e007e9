import { asc, desc, eq, sql } from 'drizzle-orm';
import { formatDateTime } from '../../../contract/format.ts';
import type { LanguageCode } from '../../../contract/language.ts';
import type { PageWindow } from '../../../contract/pages.ts';
import type { Paged } from '../../../contract/paging.ts';
import type {
  ConsolePayment,
  ConsolePaymentFilter,
  Payment,
  PaymentMethod,
  PaymentPurpose,
  PaymentStatus,
} from '../../../contract/payments.ts';
import type { Db } from '../../kernel/database.ts';
import { localizedText } from '../../kernel/localized-text.ts';
import { toPage } from '../../kernel/paging.ts';
import { inCurrencyDecimals } from './money.ts';
import { offlinePaymentMethods, payments } from './schema.ts';

type TitlesOf = (itemIds: string[]) => Promise<Map<string, string>>;

/** A payer's payments, the latest first, and one payment as its receipt shows it. */
export class PaymentLists {
  private readonly db: Db;
  private readonly titlesOf: TitlesOf;

  constructor(db: Db, titlesOf: TitlesOf) {
    this.db = db;
    this.titlesOf = titlesOf;
  }

  /** The payer's own payments (index payments_user_idx). */
  async ofPayer(userId: string, page: PageWindow, language: LanguageCode): Promise<Paged<Payment>> {
    const rows = await this.rows(language)
      .where(eq(payments.userId, userId))
      .orderBy(desc(payments.addedDate), desc(payments.id))
      .limit(page.limit + 1)
      .offset(page.offset);
    return toPage(await this.present(rows, language), page.limit, page.offset);
  }

  /**
   * For the operator's console: the payments waiting for an approval, the oldest first (index
   * payments_review_idx), or all, the latest first (payments_added_idx), each with who paid.
   */
  async forOperator(
    filter: ConsolePaymentFilter,
    page: PageWindow,
    language: LanguageCode,
  ): Promise<Paged<ConsolePayment>> {
    const waiting = filter === 'pending_review';
    const rows = await this.rows(language)
      .where(waiting ? eq(payments.status, 'pending_review') : undefined)
      .orderBy(
        ...(waiting ? [asc(payments.addedDate), asc(payments.id)] : [desc(payments.addedDate), desc(payments.id)]),
      )
      .limit(page.limit + 1)
      .offset(page.offset);
    const presented = await this.present(rows, language);
    const listed = presented.map((payment, index) => ({ ...payment, user_id: rows[index]?.userId ?? '' }));
    return toPage(listed, page.limit, page.offset);
  }

  async presentOne(paymentId: string, language: LanguageCode): Promise<Payment | null> {
    const rows = await this.rows(language).where(eq(payments.id, paymentId));
    return (await this.present(rows, language))[0] ?? null;
  }

  private rows(language: LanguageCode) {
    return this.db
      .select({
        id: payments.id,
        userId: payments.userId,
        purpose: payments.purpose,
        method: payments.method,
        amount: payments.amount,
        currency: payments.currency,
        status: payments.status,
        itemId: payments.itemId,
        payerReference: payments.payerReference,
        details: payments.details,
        failureReason: payments.failureReason,
        offlineTitle: sql<
          string | null
        >`case when ${offlinePaymentMethods.id} is null then null else ${localizedText(offlinePaymentMethods.titles, language)} end`,
        addedDate: payments.addedDate,
        paidDate: payments.paidDate,
      })
      .from(payments)
      .leftJoin(offlinePaymentMethods, eq(offlinePaymentMethods.id, payments.offlinePaymentMethodId))
      .$dynamic();
  }

  private async present(
    rows: Awaited<ReturnType<ReturnType<PaymentLists['rows']>['execute']>>,
    language: LanguageCode,
  ) {
    const titles = await this.titlesOf(rows.flatMap((row) => (row.itemId ? [row.itemId] : [])));
    return rows.map(
      (row): Payment => ({
        id: row.id,
        purpose: row.purpose as PaymentPurpose,
        method: row.method as PaymentMethod,
        amount: inCurrencyDecimals(row.amount, row.currency),
        currency: row.currency,
        status: row.status as PaymentStatus,
        item_id: row.itemId,
        item_title: row.itemId ? (titles.get(row.itemId) ?? null) : null,
        payer_reference: row.payerReference,
        list_amount: textOf(row.details.list_amount),
        coupon_code: textOf(row.details.coupon_code),
        discount: textOf(row.details.discount),
        failure_reason: row.failureReason,
        offline_method_title: row.offlineTitle,
        added_date: row.addedDate.toISOString(),
        added_date_str: formatDateTime(row.addedDate, language),
        paid_date: row.paidDate?.toISOString() ?? null,
      }),
    );
  }
}

const textOf = (value: unknown) => (typeof value === 'string' ? value : null);
