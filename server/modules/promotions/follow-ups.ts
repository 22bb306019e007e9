import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/database.ts';
import type { EventBus } from '../../kernel/events.ts';
import type { JobQueue } from '../../kernel/jobs.ts';
import type { PaymentEvent } from '../payments/index.ts';
import { paidAds } from './schema.ts';
import { ADVANCE_JOB } from './service.ts';

interface FollowUpContext {
  db: Db;
  events: EventBus;
  jobs: JobQueue;
  /** Moves every paid ad along at the clock's now (the clock job's own run). */
  advance: () => Promise<unknown>;
  /** Paid bumps: done once paid, cancelled once failed. */
  bumps: { paid(paymentId: string): Promise<void>; cancelled(paymentId: string): Promise<void> };
  logger: { warn(details: object, message: string): void };
}

const isPromotion = (payment: PaymentEvent) => payment.purpose === 'promotion';
const isBump = (payment: PaymentEvent) => payment.purpose === 'bump';

/**
 * What a payment's money means for its paid ad (durable follow-ups, stored with the payment's change): paid,
 * it is booked and the clock job starts it when its start comes (at once when that is now); failed, it is
 * cancelled (rejected, for an offline one an operator refused); refunded, it ends.
 */
export function registerPromotionFollowUps(context: FollowUpContext) {
  const { events } = context;
  events.onCommitted('payment.succeeded', 'promotions.book', (payment) => booked(context, payment), {
    when: isPromotion,
  });
  events.onCommitted('payment.failed', 'promotions.cancel', (payment) => cancelled(context, payment), {
    when: isPromotion,
  });
  events.onCommitted('payment.refunded', 'promotions.refund', (payment) => refunded(context, payment), {
    when: isPromotion,
  });
  // A refunded bump stays done: the listing was moved up when it was paid for.
  events.onCommitted('payment.succeeded', 'promotions.bump', (payment) => context.bumps.paid(payment.paymentId), {
    when: isBump,
  });
  events.onCommitted(
    'payment.failed',
    'promotions.bump-cancel',
    (payment) => context.bumps.cancelled(payment.paymentId),
    { when: isBump },
  );
}

async function booked(context: FollowUpContext, payment: PaymentEvent) {
  const [ad] = await context.db
    .update(paidAds)
    .set({ status: 'paid', updatedDate: sql`now()` })
    .where(
      and(
        eq(paidAds.paymentId, payment.paymentId),
        inArray(paidAds.status, ['awaiting_payment', 'waiting_approval', 'cancelled']),
      ),
    )
    .returning();
  await context.advance();
  if (!ad) return;
  const now = Date.now();
  for (const at of [ad.startDate, ad.endDate]) {
    const delaySeconds = Math.ceil((at.getTime() - now) / 1000);
    if (delaySeconds > 0) await context.jobs.enqueue(ADVANCE_JOB, {}, { delaySeconds });
  }
}

async function cancelled(context: FollowUpContext, payment: PaymentEvent) {
  await context.db
    .update(paidAds)
    .set({ status: payment.method === 'offline' ? 'rejected' : 'cancelled', updatedDate: sql`now()` })
    .where(
      and(eq(paidAds.paymentId, payment.paymentId), inArray(paidAds.status, ['awaiting_payment', 'waiting_approval'])),
    );
}

async function refunded(context: FollowUpContext, payment: PaymentEvent) {
  await context.db
    .update(paidAds)
    .set({ status: 'refunded', updatedDate: sql`now()` })
    .where(eq(paidAds.paymentId, payment.paymentId));
  await context.advance();
}
