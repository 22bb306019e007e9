import { and, eq, sql } from 'drizzle-orm';
import type { PaymentMethod, PaymentPurpose, PaymentStatus } from '../../../contract/payments.ts';
import type { Tx } from '../../kernel/database.ts';
import type { Publish } from '../../kernel/events.ts';
import './events.ts';
import { decimalText, minorAmount, sameAmount } from './money.ts';
import type { MinorAmount } from './provider.ts';
import { paymentStatusChanges, payments, providerEvents } from './schema.ts';
import { mayMove } from './status.ts';

export type PaymentRow = typeof payments.$inferSelect;

/** Who moved a payment: the payer coming back, a provider's webhook, the reconciliation job, an operator. */
export type ChangeSource = 'payer' | 'webhook' | 'reconcile' | 'operator' | 'system';

export interface NewPayment {
  userId: string;
  purpose: PaymentPurpose;
  itemId: string | null;
  method: PaymentMethod;
  amount: MinorAmount;
  idempotencyKey: string | null;
  offline?: { methodId: number; reference: string };
  /** What the payment remembers for its receipt (the price before a coupon, the coupon's code). */
  details?: Record<string, unknown>;
  /** How many of the thing are bought (a promotion's days). */
  quantity: number;
}

export interface Move {
  to: PaymentStatus;
  source: ChangeSource;
  detail?: Record<string, unknown>;
  /** What the provider says it charged: a payment only succeeds for exactly the amount and currency we asked. */
  charged?: MinorAmount;
  failureReason?: string;
  providerReference?: string;
  /** A provider event being taken in: recorded with the move, and a second one with this id changes nothing. */
  event?: { method: PaymentMethod; eventId: string };
  /** Merged into the payment's details (what the payer's browser needs to go on paying). */
  details?: Record<string, unknown>;
}

/** The payment's own amount, in minor units. */
export const amountOf = (row: Pick<PaymentRow, 'amount' | 'currency'>): MinorAmount =>
  minorAmount(row.amount, 1, row.currency);

/**
 * Stores a payment (status created, or pending_review for an offline one) with its first status change. A
 * payer's second submit with the same key gets the first payment back (`created: false`).
 */
export async function createPayment(tx: Tx, input: NewPayment): Promise<{ row: PaymentRow; created: boolean }> {
  const status: PaymentStatus = input.offline ? 'pending_review' : 'created';
  const [row] = await tx
    .insert(payments)
    .values({
      userId: input.userId,
      purpose: input.purpose,
      itemId: input.itemId,
      method: input.method,
      amount: decimalText(input.amount),
      currency: input.amount.currency,
      status,
      idempotencyKey: input.idempotencyKey,
      offlinePaymentMethodId: input.offline?.methodId ?? null,
      payerReference: input.offline?.reference || null,
      details: { ...input.details, quantity: input.quantity },
    })
    .onConflictDoNothing({ target: [payments.userId, payments.idempotencyKey] })
    .returning();
  if (row) {
    await tx.insert(paymentStatusChanges).values({ paymentId: row.id, toStatus: status, source: 'payer' });
    return { row, created: true };
  }
  const existing = await paymentOfKey(tx, input.userId, input.idempotencyKey);
  if (!existing) throw new Error('A payment with this idempotency key vanished');
  return { row: existing, created: false };
}

/** The payment a payer's key already made, if any. */
export async function paymentOfKey(tx: Tx, userId: string, idempotencyKey: string | null) {
  if (!idempotencyKey) return undefined;
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.idempotencyKey, idempotencyKey)));
  return row;
}

/**
 * Moves a payment, locked for the transaction, when the move is allowed; records the change and publishes its
 * event (whose follow-ups are stored in the same transaction). A success for another amount or currency than
 * ours fails the payment instead. Returns the row as it ends, or null when nothing changed.
 */
export async function movePayment(tx: Tx, publish: Publish, paymentId: string, move: Move) {
  // The row first: recording the event takes a lock on the row too (its foreign key), and two events of one
  // payment taking the two locks in opposite orders would deadlock.
  const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  if (!row) return null;
  if (move.event && !(await takeEvent(tx, move.event, paymentId))) return null;
  const target = amountMismatch(row, move) ? failedForAmount(row, move) : move;
  const from = row.status as PaymentStatus;
  if (from === target.to || !mayMove(from, target.to)) return null;
  const [updated] = await tx
    .update(payments)
    .set({
      status: target.to,
      updatedDate: sql`now()`,
      ...(target.to === 'succeeded' ? { paidDate: sql`now()`, failureReason: null } : {}),
      ...(target.failureReason ? { failureReason: target.failureReason.slice(0, 500) } : {}),
      ...(target.providerReference ? { providerReference: target.providerReference } : {}),
      ...(target.details ? { details: sql`${payments.details} || ${JSON.stringify(target.details)}::jsonb` } : {}),
    })
    .where(eq(payments.id, paymentId))
    .returning();
  await tx.insert(paymentStatusChanges).values({
    paymentId,
    fromStatus: from,
    toStatus: target.to,
    source: target.source,
    detail: { ...target.detail, ...(move.event ? { event: move.event.eventId } : {}) },
  });
  publishMove(publish, updated ?? row, target.to);
  return updated ?? null;
}

/** A provider event's id, stored once: false when it was taken in before. */
async function takeEvent(tx: Tx, event: NonNullable<Move['event']>, paymentId: string) {
  const taken = await tx
    .insert(providerEvents)
    .values({ method: event.method, eventId: event.eventId, paymentId })
    .onConflictDoNothing()
    .returning({ eventId: providerEvents.eventId });
  return taken.length > 0;
}

const amountMismatch = (row: PaymentRow, move: Move) =>
  move.to === 'succeeded' && move.charged !== undefined && !sameAmount(move.charged, amountOf(row));

function failedForAmount(row: PaymentRow, move: Move): Move {
  const charged = move.charged ? `${decimalText(move.charged)} ${move.charged.currency}` : '';
  return {
    ...move,
    to: 'failed',
    failureReason: `The provider charged ${charged}, not ${row.amount} ${row.currency}`,
    detail: { ...move.detail, refused: 'amount' },
  };
}

function publishMove(publish: Publish, row: PaymentRow, to: PaymentStatus) {
  const payload = {
    paymentId: row.id,
    userId: row.userId,
    purpose: row.purpose as PaymentPurpose,
    method: row.method as PaymentMethod,
    itemId: row.itemId,
  };
  if (to === 'succeeded') publish('payment.succeeded', payload);
  if (to === 'failed') publish('payment.failed', payload);
  if (to === 'refunded') publish('payment.refunded', payload);
}

/** What a payer chose on a form (the method, an offline method and reference, a key, a coupon), as a payment's. */
export function payerChoice(input: {
  payment_method: PaymentMethod;
  offline_payment_id?: number | undefined;
  offline_reference?: string | undefined;
  idempotency_key?: string | undefined;
  coupon_code?: string | undefined;
}) {
  return {
    method: input.payment_method,
    idempotencyKey: input.idempotency_key ?? null,
    ...(input.coupon_code ? { couponCode: input.coupon_code } : {}),
    ...(input.payment_method === 'offline'
      ? { offline: { methodId: input.offline_payment_id ?? 0, reference: input.offline_reference ?? '' } }
      : {}),
  };
}
