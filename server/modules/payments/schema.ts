import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { addedDate, localized, ordering, publishStatus, updatedDate } from '../../db/schema/columns.ts';
import { items } from '../items/schema.ts';
import { users } from '../users/schema.ts';

/**
 * Money received or owed. purpose: promotion, membership, bid_fee, upload_fee, bidding.
 * method: paypal, stripe, razor, offline, paystack, In_App_Purchase (SPEC.md 9).
 * status: created, requires_action, pending_review, succeeded, failed, refunded (payments/status.ts); every
 * change is a row of payment_status_changes. amount: in the currency's own decimals (3 for KWD), never a float.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    itemId: uuid('item_id').references(() => items.id, { onDelete: 'set null' }),
    purpose: text('purpose').notNull(),
    method: text('method').notNull(),
    amount: numeric('amount', { precision: 14, scale: 3 }).notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull().default('created'),
    providerReference: text('provider_reference'),
    /** The payer's own key for one attempt: a double submit finds the payment the first one made. */
    idempotencyKey: text('idempotency_key'),
    offlinePaymentMethodId: integer('offline_payment_method_id').references(() => offlinePaymentMethods.id),
    /** An offline payment's transfer reference, as the payer typed it. */
    payerReference: text('payer_reference'),
    /** Why it failed or was rejected, for the payer and the operator. */
    failureReason: text('failure_reason'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    paidDate: timestamp('paid_date', { withTimezone: true }),
    addedDate: addedDate(),
    updatedDate: updatedDate(),
  },
  (table) => [
    index('payments_user_idx').on(table.userId, table.addedDate.desc()),
    index('payments_added_idx').on(table.addedDate),
    uniqueIndex('payments_provider_ref_idx').on(table.method, table.providerReference),
    uniqueIndex('payments_idempotency_idx').on(table.userId, table.idempotencyKey),
    index('payments_unsettled_idx').on(table.updatedDate).where(sql`${table.status} in ('created', 'requires_action')`),
    index('payments_review_idx').on(table.addedDate).where(sql`${table.status} = 'pending_review'`),
  ],
);

/** Every change of a payment's status, who or what made it (client, webhook, reconcile, operator) and why. */
export const paymentStatusChanges = pgTable(
  'payment_status_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    source: text('source').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    addedDate: addedDate(),
  },
  (table) => [index('payment_status_changes_payment_idx').on(table.paymentId, table.id)],
);

/** Provider events already taken in (a webhook's event id): the same event twice changes nothing. */
export const providerEvents = pgTable(
  'provider_events',
  {
    method: text('method').notNull(),
    eventId: text('event_id').notNull(),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    receivedDate: timestamp('received_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.method, table.eventId] })],
);

export const offlinePaymentMethods = pgTable('offline_payment_methods', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  titles: localized('titles'),
  descriptions: localized('descriptions'),
  icon: text('icon').notNull().default('banknote'),
  ordering: ordering(),
  status: publishStatus(),
  addedDate: addedDate(),
});

/** A bid on a listing. status: 0 pending, 1 approved by the seller, 2 rejected. */
export const biddings = pgTable(
  'biddings',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    status: smallint('status').notNull().default(0),
    startTime: timestamp('start_time', { withTimezone: true }),
    paymentId: uuid('payment_id').references(() => payments.id),
    addedDate: addedDate(),
    updatedDate: updatedDate(),
  },
  (table) => [index('biddings_item_idx').on(table.itemId, table.amount.desc())],
);

/**
 * A discount code (SPEC.md 7 "coupon check"): a percent off or an amount off (in `currency`), valid between two
 * dates, usable `max_uses` times in all and `max_uses_per_user` times by one account (null: no limit).
 * used_count counts redemptions of payments not failed; it is changed only with the coupon row locked.
 */
export const coupons = pgTable('coupons', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  code: text('code').notNull().unique(),
  discountPercent: numeric('discount_percent', { precision: 5, scale: 2 }).notNull().default('0'),
  discountAmount: numeric('discount_amount', { precision: 14, scale: 3 }).notNull().default('0'),
  currency: text('currency').notNull().default(''),
  validFrom: timestamp('valid_from', { withTimezone: true }),
  validUntil: timestamp('valid_until', { withTimezone: true }),
  maxUses: integer('max_uses'),
  maxUsesPerUser: integer('max_uses_per_user'),
  usedCount: integer('used_count').notNull().default(0),
  status: publishStatus(),
  addedDate: addedDate(),
});

/** A coupon used by a payment; removed (and the coupon's count given back) when the payment fails. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    paymentId: uuid('payment_id')
      .primaryKey()
      .references(() => payments.id, { onDelete: 'cascade' }),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    discount: numeric('discount', { precision: 14, scale: 3 }).notNull(),
    addedDate: addedDate(),
  },
  (table) => [index('coupon_redemptions_user_idx').on(table.couponId, table.userId)],
);

/**
 * Which customer object at a card provider is whose (issue 23 point 4): the saved cards themselves are the
 * provider's (card-wallet.ts), never rows here. method: stripe.
 */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    method: text('method').notNull(),
    customerId: text('customer_id').notNull(),
    addedDate: addedDate(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.method] }),
    uniqueIndex('payment_customers_customer_idx').on(table.method, table.customerId),
  ],
);
