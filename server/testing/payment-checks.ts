import { and, asc, eq, sql } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import type { PaymentMethod, PaymentStatus } from '../../contract/payments.ts';
import type { Db } from '../kernel/database.ts';
import type { ApiAnswer } from './api-calls.ts';
import { items, paidAds, paymentStatusChanges, payments } from './tables.ts';
import type { useTestApp } from './use-test-app.ts';

/** Test helpers of payments and paid promotions: what the payer asks of the API, and what the database then holds. */

/** What POST /paid-items answers for a payment: the payment, and what the payer does next (`Action`, the method's). */
export type Started<Action = Record<string, unknown>> = {
  payment: { id: string; status: string; amount: string; currency: string };
  action: Action;
};

/** The seeded id of demo user `n`: 3 is demo-user-03 (user03@souk.test). */
const demoUserId = (n: number) => `demo-user-${String(n).padStart(2, '0')}`;

/** Reads of listings, payments and promotions from `db`: a test app's, or that of a server started apart. */
export function paymentRows(db: Db) {
  /** The active, unsold listings of demo user `n`, by id. */
  async function activeItemsOf(n: number) {
    const rows = await db
      .select({ id: items.id })
      .from(items)
      .where(and(eq(items.addedUserId, demoUserId(n)), eq(items.status, 1), eq(items.isSoldOut, false)))
      .orderBy(asc(items.id));
    return rows.map((row) => row.id);
  }

  const paymentRow = async (id: string) => (await db.select().from(payments).where(eq(payments.id, id)))[0];

  /** How many times the payment's status changed: a count that stays put shows an event changed nothing. */
  const changesOf = async (id: string) =>
    (await db.select().from(paymentStatusChanges).where(eq(paymentStatusChanges.paymentId, id))).length;

  /** Who moved the payment to `status`: the payer coming back, a webhook, the reconciliation job. */
  async function sourceOf(paymentId: string, status: PaymentStatus) {
    const [change] = await db
      .select({ source: paymentStatusChanges.source })
      .from(paymentStatusChanges)
      .where(and(eq(paymentStatusChanges.paymentId, paymentId), eq(paymentStatusChanges.toStatus, status)));
    return change?.source;
  }

  /** Whether the listing shows as promoted now (`items.is_paid`, which a running promotion sets). */
  const isPromoted = async (itemId: string) =>
    (await db.select({ isPaid: items.isPaid }).from(items).where(eq(items.id, itemId)))[0]?.isPaid;

  /** The promotion the payment pays for. */
  const adOf = async (paymentId: string) =>
    (await db.select().from(paidAds).where(eq(paidAds.paymentId, paymentId)))[0];

  /** Every promotion of the listing, whatever its state. */
  const adsOfItem = (itemId: string) => db.select().from(paidAds).where(eq(paidAds.itemId, itemId));

  return { activeItemsOf, paymentRow, changesOf, sourceOf, isPromoted, adOf, adsOfItem };
}

/**
 * The payment helpers of a test file: `paymentRows` on the app's database, and the calls of the payer (demo user
 * `options.user`, 3 unless told, who must be in `useTestApp({ users })`). Called beside `useTestApp`, at the top
 * of the file or of a describe.
 */
export function paymentChecks(test: ReturnType<typeof useTestApp>, options: { user?: number } = {}) {
  const payer = options.user ?? 3;
  const rows = paymentRows(test.db);

  /** Asks for a 7-day promotion of the listing from now, paid by `method`; `extra` adds to the request or overrides. */
  const requestPromotion = (
    method: PaymentMethod,
    itemId: string,
    extra: Record<string, unknown> = {},
    user = payer,
  ): Promise<ApiAnswer> =>
    test.call('POST', '/paid-items', test.token(user), {
      item_id: itemId,
      days: 7,
      start_date: new Date().toISOString(),
      payment_method: method,
      ...extra,
    });

  /** `requestPromotion`, which must be accepted: the payment it started. */
  async function promote<Action = Record<string, unknown>>(
    method: PaymentMethod,
    itemId: string,
    extra: Record<string, unknown> = {},
  ) {
    const answer = await requestPromotion(method, itemId, extra);
    expect(answer.status, answer.body.message).toBe(200);
    return answer.body.data.payment as Started<Action>;
  }

  const methodsOffered = async (itemId: string) =>
    (await test.call('GET', `/items/${itemId}/promotion-options`, test.token(payer))).body.data.methods;

  /** The payer back on the payment's page (with what the provider handed the browser or app, if anything). */
  const refresh = (paymentId: string, proof?: object) =>
    test.call('POST', `/payments/${paymentId}/refresh`, test.token(payer), proof);

  /** Refunds the payment as the admin (or tries to, with another's token). */
  const refund = (paymentId: string, token = test.adminToken) =>
    test.call('POST', `/admin/payments/${paymentId}/refund`, token);

  /**
   * Waits until the payment has the status (a webhook arrives a moment after the fake's answer), then for what
   * follows from it (the promotion starting or ending).
   */
  async function paymentReaches(id: string, status: PaymentStatus) {
    await vi.waitFor(async () => expect((await rows.paymentRow(id))?.status).toBe(status), {
      timeout: 15_000,
      interval: 50,
    });
    await test.jobsDone();
  }

  /** Queues the reconciliation job, the payment made old enough for it (it leaves a fresh one to its webhook). */
  async function reconcile(paymentId: string) {
    await test.db
      .update(payments)
      .set({ updatedDate: sql`now() - interval '10 minutes'` })
      .where(eq(payments.id, paymentId));
    await test.jobs.enqueue('payments.reconcile', {});
  }

  return { ...rows, requestPromotion, promote, methodsOffered, refresh, refund, paymentReaches, reconcile };
}
