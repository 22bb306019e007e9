import { and, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../kernel/database.ts';
import { AppError } from '../../kernel/errors.ts';
import { decimalText, minorAmount, scaledDecimal } from './money.ts';
import type { MinorAmount } from './provider.ts';
import { couponRedemptions, coupons } from './schema.ts';

type CouponRow = typeof coupons.$inferSelect;

export interface Discounted {
  couponId: number;
  code: string;
  discount: MinorAmount;
  /** What is left to pay. */
  amount: MinorAmount;
}

const refused = (key: string) => new AppError(400, key);

/**
 * What a coupon takes off `amount` for `userId` at `now`, or a 400 saying why it cannot be used. With `lock`, the
 * coupon row stays locked to the end of the caller's transaction, so two payers racing for its last use take
 * turns and the second finds it used up.
 */
export async function priceWithCoupon(
  db: DbOrTx,
  input: { code: string; userId: string; amount: MinorAmount; now: Date },
  options: { lock?: boolean } = {},
): Promise<Discounted> {
  const query = db
    .select()
    .from(coupons)
    .where(and(sql`lower(${coupons.code}) = lower(${input.code.trim()})`, eq(coupons.status, 1)));
  const [coupon] = options.lock ? await query.for('update') : await query;
  if (!coupon) throw refused('api.couponUnknown');
  if (coupon.validFrom && coupon.validFrom > input.now) throw refused('api.couponNotYetValid');
  if (coupon.validUntil && coupon.validUntil <= input.now) throw refused('api.couponExpired');
  if (coupon.maxUses !== null && coupon.usedCount >= coupon.maxUses) throw refused('api.couponUsedUp');
  if (coupon.maxUsesPerUser !== null && (await usesBy(db, coupon.id, input.userId)) >= coupon.maxUsesPerUser)
    throw refused('api.couponUsedByYou');
  const discount = discountOf(coupon, input.amount);
  return {
    couponId: coupon.id,
    code: coupon.code,
    discount,
    amount: { minor: input.amount.minor - discount.minor, currency: input.amount.currency },
  };
}

/** Counts the use (the coupon row is locked by `priceWithCoupon`) and records it against the payment. */
export async function redeemCoupon(tx: Tx, discounted: Discounted, paymentId: string, userId: string) {
  await tx
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(eq(coupons.id, discounted.couponId));
  await tx
    .insert(couponRedemptions)
    .values({ paymentId, couponId: discounted.couponId, userId, discount: decimalText(discounted.discount) });
}

/** A failed payment gives its coupon use back. Safe to run twice: the second finds no redemption. */
export async function releaseCoupon(tx: Tx, paymentId: string) {
  const [released] = await tx
    .delete(couponRedemptions)
    .where(eq(couponRedemptions.paymentId, paymentId))
    .returning({ couponId: couponRedemptions.couponId });
  if (!released) return;
  await tx
    .update(coupons)
    .set({ usedCount: sql`greatest(${coupons.usedCount} - 1, 0)` })
    .where(eq(coupons.id, released.couponId));
}

async function usesBy(db: DbOrTx, couponId: number, userId: string) {
  const [row] = await db
    .select({ uses: count() })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.userId, userId)));
  return row?.uses ?? 0;
}

/** Percent off, rounded half up to the minor unit; or an amount off in the price's currency. Never below zero. */
function discountOf(coupon: CouponRow, amount: MinorAmount): MinorAmount {
  let minor: bigint;
  if (Number(coupon.discountPercent) > 0) {
    const basisPoints = scaledDecimal(coupon.discountPercent, 2);
    minor = (amount.minor * basisPoints + 5_000n) / 10_000n;
  } else {
    if (coupon.currency && coupon.currency.toUpperCase() !== amount.currency) throw refused('api.couponOtherCurrency');
    minor = minorAmount(coupon.discountAmount, 1, amount.currency).minor;
  }
  return { minor: minor > amount.minor ? amount.minor : minor, currency: amount.currency };
}

/** What a payment keeps of its coupon, for its receipt. */
export const couponDetails = (listAmount: MinorAmount, discounted: Discounted) => ({
  list_amount: decimalText(listAmount),
  coupon_code: discounted.code,
  discount: decimalText(discounted.discount),
});

/**
 * A payment that succeeds after it failed (a payer who tried another card) takes its coupon use again, whatever
 * the limit now says: it was priced with the coupon. Safe to run twice.
 */
export async function keepCoupon(tx: Tx, payment: { id: string; userId: string; details: Record<string, unknown> }) {
  const code = payment.details.coupon_code;
  const discount = payment.details.discount;
  if (typeof code !== 'string' || typeof discount !== 'string') return;
  const [coupon] = await tx.select({ id: coupons.id }).from(coupons).where(eq(coupons.code, code)).for('update');
  if (!coupon) return;
  const kept = await tx
    .insert(couponRedemptions)
    .values({ paymentId: payment.id, couponId: coupon.id, userId: payment.userId, discount })
    .onConflictDoNothing()
    .returning({ paymentId: couponRedemptions.paymentId });
  if (kept.length > 0)
    await tx
      .update(coupons)
      .set({ usedCount: sql`${coupons.usedCount} + 1` })
      .where(eq(coupons.id, coupon.id));
}
