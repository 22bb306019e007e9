import { eq } from 'drizzle-orm';
import type { Db } from '../../kernel/database.ts';
import type { EventBus } from '../../kernel/events.ts';
import { keepCoupon, releaseCoupon } from './coupons.ts';
import './events.ts';
import type { SavedCards } from './saved-cards.ts';
import { payments } from './schema.ts';

/**
 * A failed payment gives its coupon use back; one that succeeds after failing takes it again (durable
 * follow-ups of the payment's change). A deactivated account's saved cards are deleted at the card provider.
 */
export function registerPaymentFollowUps(events: EventBus, db: Db, cards: SavedCards) {
  events.onCommitted('user.deactivated', 'payments.forget-cards', ({ userId }) => cards.forget(userId));
  events.onCommitted('payment.failed', 'payments.release-coupon', ({ paymentId }) =>
    db.transaction((tx) => releaseCoupon(tx, paymentId)),
  );
  events.onCommitted('payment.succeeded', 'payments.keep-coupon', ({ paymentId }) =>
    db.transaction(async (tx) => {
      const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId));
      if (payment) await keepCoupon(tx, payment);
    }),
  );
}
