import {
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
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
 * status: pending, succeeded, failed, refunded.
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
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull().default('pending'),
    providerReference: text('provider_reference'),
    offlinePaymentMethodId: integer('offline_payment_method_id').references(() => offlinePaymentMethods.id),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    addedDate: addedDate(),
    updatedDate: updatedDate(),
  },
  (table) => [
    index('payments_user_idx').on(table.userId, table.addedDate.desc()),
    index('payments_added_idx').on(table.addedDate),
    uniqueIndex('payments_provider_ref_idx').on(table.method, table.providerReference),
  ],
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

export const memberships = pgTable(
  'memberships',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    durationDays: integer('duration_days').notNull(),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    paymentId: uuid('payment_id').references(() => payments.id),
    status: text('status').notNull().default('pending'),
    addedDate: addedDate(),
  },
  (table) => [index('memberships_user_idx').on(table.userId, table.endDate.desc())],
);

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

export const coupons = pgTable('coupons', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  code: text('code').notNull().unique(),
  discountPercent: numeric('discount_percent', { precision: 5, scale: 2 }).notNull(),
  validFrom: timestamp('valid_from', { withTimezone: true }),
  validUntil: timestamp('valid_until', { withTimezone: true }),
  maxUses: integer('max_uses'),
  usedCount: integer('used_count').notNull().default(0),
  status: publishStatus(),
  addedDate: addedDate(),
});
